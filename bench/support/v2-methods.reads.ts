/**
 * The v2 reads the v2-methods benchmark (bench/v2-methods.ts) times, each over HTTP and with the
 * direct ton-lite-client, uncached and cached.
 */
import { type Address, serializeTuple } from '@ton/core';
import type { LiteClient } from 'ton-lite-client';

const SHARD_ALL = '-9223372036854775808';

export type Scenario = 'uncached' | 'cached';

interface Path {
  http(base: string): Promise<boolean>;
  direct(client: LiteClient): Promise<boolean>;
}

export interface Read {
  readonly name: string;
  readonly scenarios: Record<Scenario, Path>;
}

/** A transaction to start a history read from, with the limit to ask. */
export interface HistoryStart {
  readonly address: Address;
  readonly lt: string;
  readonly hash: Buffer;
  readonly limit: number;
}

/** Requests taken in turn from a list; `wraps` counts how often the list was used up. */
export class Rotation<T> {
  private next = 0;
  wraps = 0;

  constructor(private readonly items: readonly T[]) {
    if (items.length === 0) {
      throw new Error('nothing to rotate over');
    }
  }

  take(): T {
    if (this.next === this.items.length) {
      this.next = 0;
      this.wraps++;
    }
    const item = this.items[this.next++];
    if (item === undefined) {
      throw new Error('rotation out of range');
    }
    return item;
  }

  reset(): void {
    this.next = 0;
    this.wraps = 0;
  }
}

const ok = async (res: Response): Promise<boolean> => {
  const body = (await res.json()) as { ok?: boolean };
  return res.status === 200 && body.ok === true;
};

function friendlyOf(address: Address): string {
  return address.toString({ urlSafe: true, bounceable: true });
}

async function masterchainBlock(client: LiteClient, seqno: number) {
  return (await client.lookupBlockByID({ workchain: -1, shard: SHARD_ALL, seqno })).id;
}

export function reads(
  wallet: Address,
  pastSeqno: number,
  starts: Rotation<HistoryStart>,
  repeated: HistoryStart,
): Read[] {
  const friendly = friendlyOf(wallet);
  const seqnoStack = serializeTuple([]).toBoc({ idx: false });
  const runBody = (seqno?: number) =>
    JSON.stringify({
      address: friendly,
      method: 'seqno',
      stack: [],
      ...(seqno === undefined ? {} : { seqno }),
    });
  const post = (base: string, method: string, body: string) =>
    fetch(`${base}/api/v2/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  const history = (base: string, start: HistoryStart) =>
    fetch(
      `${base}/api/v2/getTransactions?address=${friendlyOf(start.address)}&lt=${start.lt}` +
        `&hash=${start.hash.toString('hex')}&limit=${String(start.limit)}`,
    );
  return [
    {
      name: 'getAddressInformation',
      scenarios: {
        uncached: {
          http: async (base) =>
            ok(await fetch(`${base}/api/v2/getAddressInformation?address=${friendly}`)),
          direct: async (client) => {
            const { last } = await client.getMasterchainInfo();
            await client.getAccountState(wallet, last);
            return true;
          },
        },
        cached: {
          http: async (base) =>
            ok(
              await fetch(
                `${base}/api/v2/getAddressInformation?address=${friendly}&seqno=${String(pastSeqno)}`,
              ),
            ),
          direct: async (client) => {
            await client.getAccountState(wallet, await masterchainBlock(client, pastSeqno));
            return true;
          },
        },
      },
    },
    {
      name: 'runGetMethod',
      scenarios: {
        uncached: {
          http: async (base) => ok(await post(base, 'runGetMethod', runBody())),
          direct: async (client) => {
            const { last } = await client.getMasterchainInfo();
            return (await client.runMethod(wallet, 'seqno', seqnoStack, last)).exitCode === 0;
          },
        },
        cached: {
          http: async (base) => ok(await post(base, 'runGetMethod', runBody(pastSeqno))),
          direct: async (client) => {
            const block = await masterchainBlock(client, pastSeqno);
            return (await client.runMethod(wallet, 'seqno', seqnoStack, block)).exitCode === 0;
          },
        },
      },
    },
    {
      name: 'getTransactions',
      scenarios: {
        uncached: {
          http: async (base) => ok(await history(base, starts.take())),
          direct: async (client) => {
            const start = starts.take();
            await client.getAccountTransactions(start.address, start.lt, start.hash, start.limit);
            return true;
          },
        },
        cached: {
          http: async (base) => ok(await history(base, repeated)),
          direct: async (client) => {
            await client.getAccountTransactions(
              repeated.address,
              repeated.lt,
              repeated.hash,
              repeated.limit,
            );
            return true;
          },
        },
      },
    },
  ];
}
