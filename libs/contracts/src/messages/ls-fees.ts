import { z } from 'zod';

import { Subjects } from '../subjects';
import { Bytes, RawAddress } from '../v2/primitives';

/**
 * Liteserver service request of the v2 estimateFee endpoint (toncenter-v2.md §9) and its tonlib
 * reply objects (tonlib_api.tl `fees`, `query.fees`).
 */

/**
 * estimateFee: the gateway has checked that `body`, `initCode` and `initData` are BoCs of one root
 * each (standard base64; `""` when absent) and resolved the address to its raw form.
 */
export const EstimateFeeReq = z
  .object({
    address: RawAddress,
    body: Bytes.min(1),
    initCode: Bytes,
    initData: Bytes,
    ignoreChksig: z.boolean(),
  })
  .strict();
export type EstimateFeeReq = z.infer<typeof EstimateFeeReq>;

/** tonlib `int53`: a JSON number (toncenter v2 §3.3), nanotons here. */
const Int53 = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `fees in_fwd_fee:int53 storage_fee:int53 gas_fee:int53 fwd_fee:int53 = Fees;` */
export const TonlibFees = z
  .object({
    '@type': z.literal('fees'),
    in_fwd_fee: Int53,
    storage_fee: Int53,
    gas_fee: Int53,
    fwd_fee: Int53,
  })
  .strict();
export type TonlibFees = z.infer<typeof TonlibFees>;

/** `query.fees source_fees:fees destination_fees:vector<fees> = query.Fees;` */
export const QueryFees = z
  .object({
    '@type': z.literal('query.fees'),
    source_fees: TonlibFees,
    destination_fees: z.array(TonlibFees),
  })
  .strict();
export type QueryFees = z.infer<typeof QueryFees>;

export const lsFeesContracts = {
  [Subjects.ls.estimateFee]: { req: EstimateFeeReq, res: QueryFees },
} as const;
