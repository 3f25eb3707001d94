import { z } from 'zod';

import { Subjects } from '../subjects';
import { B64Hash } from './query-wire';

/**
 * balanceChanges (toncenter's undocumented `GET /api/v3/balanceChanges`, ton-index-go
 * `QueryBalanceChanges` in index/crud/crud.go and index/crud/balances.go): the TON, fee and Jetton
 * balance changes of one trace, or of one action of it. `action_id` alone finds its trace.
 */
export const BalanceChangesReq = z
  .object({ trace_id: B64Hash.optional(), action_id: B64Hash.optional() })
  .strict();
export type BalanceChangesReq = z.infer<typeof BalanceChangesReq>;

/**
 * `changes`: nanotons by raw address (value received minus sent minus fees paid); `fees`: fees paid
 * by raw address; `jettons`: by owner, then Jetton master, a decimal string. All three are null when
 * `action_id` names no action of its trace that moves funds (a contract_deploy), as toncenter answers.
 */
export const BalanceChangesRes = z
  .object({
    changes: z.record(z.string(), z.number().int()).nullable(),
    fees: z.record(z.string(), z.number().int()).nullable(),
    jettons: z.record(z.string(), z.record(z.string(), z.string())).nullable(),
  })
  .strict();
export type BalanceChangesRes = z.infer<typeof BalanceChangesRes>;

export const queryBalanceChangesContracts = {
  [Subjects.query.balanceChanges]: { req: BalanceChangesReq, res: BalanceChangesRes },
} as const;
