import { z } from 'zod';

import { Subjects } from '../subjects';
import { RawAddress } from '../v2/primitives';
import { BlocksMasterchainInfo, RawFullAccountState } from '../v2/tonlib';

/**
 * Requests answered by apps/liteserver (`ton.ls.v1.*`, queue group `liteserver`). Requests carry
 * parsed, canonical inputs (raw addresses, numbers); responses are the tonlib-shaped v2 results the
 * gateway wraps in `{ok:true, result}` unchanged.
 */

/** Masterchain seqno selecting "state as of that block"; toncenter 2.1 requires it > 0 (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const MasterchainSeqno = z
  .number()
  .int()
  .positive()
  .max(2 ** 32 - 1);

/** getMasterchainInfo: no parameters. */
export const GetMasterchainInfoReq = z.object({}).strict();
export type GetMasterchainInfoReq = z.infer<typeof GetMasterchainInfoReq>;
export const GetMasterchainInfoRes = BlocksMasterchainInfo;
export type GetMasterchainInfoRes = z.infer<typeof GetMasterchainInfoRes>;

/** getAddressInformation: `address` in raw form, optional masterchain `seqno`. */
export const GetAddressInformationReq = z
  .object({
    address: RawAddress,
    seqno: MasterchainSeqno.optional(),
  })
  .strict();
export type GetAddressInformationReq = z.infer<typeof GetAddressInformationReq>;
/** The full 2.1 result: the liteserver computes `state`, `suspended` and the balance clamp. */
export const GetAddressInformationRes = RawFullAccountState;
export type GetAddressInformationRes = z.infer<typeof GetAddressInformationRes>;

/** poolStatus: how many liteservers the answering replica can use (readiness probes). */
export const PoolStatusReq = z.object({}).strict();
export type PoolStatusReq = z.infer<typeof PoolStatusReq>;
export const PoolStatusRes = z
  .object({
    healthy: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    masterchainSeqno: z.number().int().nonnegative().optional(),
    /** The pool proves answers from a trust anchor: it serves no head before one is proven. */
    proving: z.boolean().optional(),
    /** The newest masterchain block the pool proved, once it has proven one. */
    provenSeqno: z.number().int().nonnegative().optional(),
  })
  .strict();
export type PoolStatusRes = z.infer<typeof PoolStatusRes>;

/** Subject → schemas of every liteserver request; the typed client accepts only these pairs. */
export const lsContracts = {
  [Subjects.ls.getMasterchainInfo]: { req: GetMasterchainInfoReq, res: GetMasterchainInfoRes },
  [Subjects.ls.getAddressInformation]: {
    req: GetAddressInformationReq,
    res: GetAddressInformationRes,
  },
  [Subjects.ls.poolStatus]: { req: PoolStatusReq, res: PoolStatusRes },
} as const;
