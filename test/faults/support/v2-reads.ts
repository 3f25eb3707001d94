import { type Address } from '@ton/core';
import { GENESIS, GenesisAccount, type Localnet } from '@app/localnet';
import { expectedActiveAccount } from '../../e2e/support/v2-expectations';
import { type LoadRequest, now } from './load-loop';

/**
 * The chain's head over time (`now()` → masterchain seqno), from the localnet's own block
 * events: what "the head when the request was sent" was, for judging how fresh an answer is.
 */
export class HeadTimeline {
  private readonly heads: { at: number; seqno: number }[] = [];
  private readonly unsubscribe: () => void;

  constructor(localnet: Localnet) {
    this.heads.push({ at: now(), seqno: localnet.chain.head().id.seqno });
    this.unsubscribe = localnet.chain.onBlock((block) => {
      if (block.id.workchain === -1) {
        this.heads.push({ at: now(), seqno: block.id.seqno });
      }
    });
  }

  /** The masterchain head at time `at`. */
  headAt(at: number): number {
    let seqno = this.heads[0]?.seqno ?? 0;
    for (const h of this.heads) {
      if (h.at > at) {
        break;
      }
      seqno = h.seqno;
    }
    return seqno;
  }

  close(): void {
    this.unsubscribe();
  }
}

/**
 * How old a head read's block may be: the head of this long before the request was sent. The pool
 * caches the head for 200 ms and requests arriving while it is being read share that read
 * (liteserver-pool.ts `headCacheTtlMs`, liteserver-cache.ts), which on a loaded two-core machine can
 * take most of a second; a liteserver 10 blocks behind is 4 s behind.
 */
export const HEAD_READ_TOLERANCE_MS = 1000;
/** And the pool lets a liteserver three blocks behind the consensus serve head reads (maxLagBlocks). */
export const HEAD_READ_TOLERANCE_BLOCKS = 3;

/** Counts head reads that trailed the head by more than the tolerance (filled by the checks). */
export interface StaleHeads {
  count: number;
  worst: number;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : undefined;
}

/** `result.<path>.seqno` of a v2 envelope, if there is one. */
function seqnoAt(body: unknown, ...path: string[]): number | undefined {
  let node = record(record(body)?.result);
  for (const key of path) {
    node = record(node?.[key]);
  }
  const seqno = node?.seqno;
  return typeof seqno === 'number' ? seqno : undefined;
}

/**
 * The three v2 reads of the liteserver faults (getMasterchainInfo, getAddressInformation and
 * runGetMethod on the genesis v4r2 wallet, which no traffic touches): each answer must be exact and
 * fresh (its block at most HEAD_READ_TOLERANCE_BLOCKS behind the head HEAD_READ_TOLERANCE_MS before
 * it was sent).
 */
export async function v2ReadRequests(
  baseUrl: string,
  localnet: Localnet,
  timeline: HeadTimeline,
  stale: StaleHeads,
): Promise<LoadRequest[]> {
  const wallet: Address | undefined = localnet.accounts.find(
    (a) => a.name === GenesisAccount.walletV4r2,
  )?.address;
  if (wallet === undefined) {
    throw new Error('the genesis seed has no v4r2 wallet');
  }
  const account = await expectedActiveAccount(localnet, wallet);
  const fresh = (seqno: number | undefined, startedAt: number): string | undefined => {
    if (seqno === undefined) {
      return 'no block seqno in the answer';
    }
    const behind = timeline.headAt(startedAt - HEAD_READ_TOLERANCE_MS) - seqno;
    if (behind > HEAD_READ_TOLERANCE_BLOCKS) {
      stale.count += 1;
      stale.worst = Math.max(stale.worst, behind);
      return `head read ${String(behind)} blocks behind the head`;
    }
    return undefined;
  };
  const api = `${baseUrl}/api/v2`;
  const raw = wallet.toRawString();
  return [
    {
      label: 'getMasterchainInfo',
      url: `${api}/getMasterchainInfo`,
      check: (body, startedAt) => fresh(seqnoAt(body, 'last'), startedAt),
    },
    {
      label: 'getAddressInformation',
      url: `${api}/getAddressInformation?address=${raw}`,
      check: (body, startedAt) => {
        const result = record(record(body)?.result);
        for (const key of ['balance', 'code', 'data', 'state', 'last_transaction_id'] as const) {
          if (JSON.stringify(result?.[key]) !== JSON.stringify(account[key])) {
            return `${key} differs from the chain`;
          }
        }
        return fresh(seqnoAt(body, 'block_id'), startedAt);
      },
    },
    {
      label: 'runGetMethod',
      url: `${api}/runGetMethod`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: raw, method: 'seqno', stack: [] }),
      },
      check: (body, startedAt) => {
        const result = record(record(body)?.result);
        const expected = [['num', `0x${GENESIS.finalSeqno.v4r2.toString(16)}`]];
        if (result?.exit_code !== 0 || JSON.stringify(result.stack) !== JSON.stringify(expected)) {
          return `seqno answered ${JSON.stringify(result?.stack)} exit ${String(result?.exit_code)}`;
        }
        return fresh(seqnoAt(body, 'block_id'), startedAt);
      },
    },
  ];
}
