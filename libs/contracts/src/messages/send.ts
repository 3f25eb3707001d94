import { z } from 'zod';

import { Subjects } from '../subjects';
import { B64Hash, Bytes, RawAddress } from '../v2/primitives';
import { TonlibOk } from '../v2/tonlib-methods';

/**
 * Requests answered by apps/sender: message submission (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml sendBoc /
 * sendBocReturnHash, v3 POST message) and fee estimation (v2 estimateFee, v3 POST estimateFee).
 */

/**
 * sendBoc / sendBocReturnHash: a BoC the gateway found to be base64 (standard alphabet). The sender
 * validates it as an external message itself: it is the authority on the network's limits.
 */
export const SendBocReq = z.object({ boc: Bytes.min(1) }).strict();
export type SendBocReq = z.infer<typeof SendBocReq>;

/** tonlib `raw.extMessageInfo hash:bytes hash_norm:bytes` (toncenter 2.1 sendBocReturnHash). */
export const ExtMessageInfo = z
  .object({
    '@type': z.literal('raw.extMessageInfo'),
    hash: B64Hash,
    hash_norm: B64Hash,
  })
  .strict();
export type ExtMessageInfo = z.infer<typeof ExtMessageInfo>;

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

/** tonlib `int53`: a JSON number (toncenter https://github.com/ton-blockchain/ton/blob/HEAD/tl/generate/scheme/tonlib_api.tl), nanotons here. */
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
    /**
     * Present (true) only when the network's global version (ConfigParam 8) is newer than the bundled
     * emulator implements: the fees were emulated under older rules. Not a toncenter field; clients
     * that do not know it ignore it.
     */
    approximate: z.literal(true).optional(),
  })
  .strict();
export type QueryFees = z.infer<typeof QueryFees>;

export const sendContracts = {
  [Subjects.send.boc]: { req: SendBocReq, res: TonlibOk },
  [Subjects.send.bocReturnHash]: { req: SendBocReq, res: ExtMessageInfo },
  [Subjects.send.estimateFee]: { req: EstimateFeeReq, res: QueryFees },
} as const;
