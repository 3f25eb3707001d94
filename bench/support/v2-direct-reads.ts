/**
 * The liteserver calls an uncached v2 head read makes, through ton-lite-client with its caches off:
 * the direct path of the v2-verify benchmark, run in the benchmark's own process and behind a bare
 * node:http server (bench/servers/direct-lite-http.ts).
 */
import { type Address, serializeTuple } from '@ton/core';
import { type CacheMap, LiteClient, LiteSingleEngine } from 'ton-lite-client';

/** A ton-lite-client cache that keeps nothing: every direct read asks the liteserver, as a miss does. */
const NO_CACHE: CacheMap = {
  get: () => undefined,
  set: () => NO_CACHE,
  delete: () => false,
  clear: () => undefined,
};

/** The reads by their v2 method name; each resolves true when the liteserver answered as expected. */
export const DIRECT_READS = {
  getMasterchainInfo: async (client: LiteClient): Promise<boolean> =>
    (await client.getMasterchainInfo()).last.seqno > 0,
  getAddressInformation: async (client: LiteClient, wallet: Address): Promise<boolean> => {
    const { last } = await client.getMasterchainInfo();
    return (await client.getAccountState(wallet, last)).balance.coins > 0n;
  },
  runGetMethod: async (client: LiteClient, wallet: Address): Promise<boolean> => {
    const { last } = await client.getMasterchainInfo();
    const emptyStack = serializeTuple([]).toBoc({ idx: false });
    return (await client.runMethod(wallet, 'seqno', emptyStack, last)).exitCode === 0;
  },
  getTransactions: async (client: LiteClient, wallet: Address): Promise<boolean> => {
    const { last } = await client.getMasterchainInfo();
    const state = await client.getAccountState(wallet, last);
    if (!state.lastTx) {
      return false;
    }
    const hash = Buffer.from(state.lastTx.hash.toString(16).padStart(64, '0'), 'hex');
    await client.getAccountTransactions(wallet, state.lastTx.lt.toString(), hash, 10);
    return true;
  },
} as const;

export type DirectReadName = keyof typeof DIRECT_READS;

export function isDirectReadName(name: string): name is DirectReadName {
  return Object.hasOwn(DIRECT_READS, name);
}

/** A client on one liteserver with every cache off, once its engine is connected. */
export async function directClient(endpoint: {
  readonly host: string;
  readonly port: number;
  readonly publicKey: Buffer;
}): Promise<{ readonly client: LiteClient; readonly close: () => void }> {
  const engine = new LiteSingleEngine({
    host: `tcp://${endpoint.host}:${String(endpoint.port)}`,
    publicKey: endpoint.publicKey,
  });
  await new Promise((r) => engine.once('ready', r));
  return {
    client: new LiteClient({ engine, cacheMap: () => NO_CACHE }),
    close: () => {
      engine.close();
    },
  };
}
