import { z } from 'zod';

/**
 * Faults a local liteserver can be told to show, for failover tests:
 *   none  – serve normally;
 *   stall – accept queries and never answer them (they are answered once the fault is cleared);
 *   drop  – destroy every connection and refuse new ones while set;
 *   error – answer every query with liteServer.error{errorCode (default 651 notready), errorMessage
 *           (default "node not synced"; e.g. a pruned node's "... not in db")};
 *   lag   – serve a chain whose head is `lagBlocks` masterchain blocks behind;
 *   lie   – answer with plausible forged data it cannot prove (lying-handlers.ts): a head 1,000 blocks
 *           ahead with made-up hashes, changed balances, code and data, altered transaction lists,
 *           config proofs, library cells, headers, shard lists and block proofs; same ADNL identity;
 *   stale – answer account state, get-method and config queries with the honest, proven answer of the
 *           masterchain block before the one asked (stale-handlers.ts);
 *   forge-signature – answer getBlockProof with one validator signature of each forward link changed,
 *           everything else honest (forged-signature-handlers.ts);
 *   forge-tx-blocks – answer getTransactions with the honest transactions, each attributed to the block
 *           before the one holding it (a real block, real ids), everything else honest
 *           (forged-tx-blocks-handlers.ts).
 */
export const LiteServerFault = z
  .object({
    mode: z.enum([
      'none',
      'stall',
      'drop',
      'error',
      'lag',
      'lie',
      'stale',
      'forge-signature',
      'forge-tx-blocks',
    ]),
    lagBlocks: z.number().int().min(0).optional(),
    errorCode: z.number().int().optional(),
    errorMessage: z.string().min(1).max(500).optional(),
  })
  .strict();
export type LiteServerFault = z.infer<typeof LiteServerFault>;
