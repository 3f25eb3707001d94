import { z } from 'zod';

import { Subjects } from '../subjects';
import { B64Hash, Bytes, Int32, RawAddress } from '../v2/primitives';
import { ConfigInfo, SmcLibraryResult, SmcRunResult, SmcRunResultStd } from '../v2/tonlib-methods';
import { MasterchainSeqno } from './ls';

export * from '../v2/tonlib-methods';

/**
 * Liteserver service requests of the v2 get-method, config, library and send endpoints
 * (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml):
 * schemas and the subject → {req, res} pairs registered in registry.ts.
 */

/**
 * runGetMethod / runGetMethodStd: the gateway has resolved the method to its id (a name becomes
 * `crc16 | 0x10000`) and the JSON stack to a serialised VmStack (`stack`: b64 BoC of the VmStack
 * tuple, TL-B `vm_stack#_ depth:(## 24) stack:(VmStackList depth)`).
 */
export const RunGetMethodReq = z
  .object({
    address: RawAddress,
    methodId: Int32,
    stack: Bytes,
    seqno: MasterchainSeqno.optional(),
  })
  .strict();
export type RunGetMethodReq = z.infer<typeof RunGetMethodReq>;
export const RunGetMethodRes = SmcRunResult;
export type RunGetMethodRes = z.infer<typeof RunGetMethodRes>;
export const RunGetMethodStdRes = SmcRunResultStd;
export type RunGetMethodStdRes = z.infer<typeof RunGetMethodStdRes>;

/** getConfigParam: one parameter number (≥ 0), optional masterchain seqno. */
export const GetConfigParamReq = z
  .object({
    configId: z.number().int().min(0).max(0x7fffffff),
    seqno: MasterchainSeqno.optional(),
  })
  .strict();
export type GetConfigParamReq = z.infer<typeof GetConfigParamReq>;

/** getConfigAll: optional masterchain seqno. */
export const GetConfigAllReq = z.object({ seqno: MasterchainSeqno.optional() }).strict();
export type GetConfigAllReq = z.infer<typeof GetConfigAllReq>;

/** getLibraries: library cell hashes (standard base64). */
export const GetLibrariesReq = z.object({ libraries: z.array(B64Hash).min(1).max(256) }).strict();
export type GetLibrariesReq = z.infer<typeof GetLibrariesReq>;

export const lsMethodsContracts = {
  [Subjects.ls.runGetMethod]: { req: RunGetMethodReq, res: RunGetMethodRes },
  [Subjects.ls.runGetMethodStd]: { req: RunGetMethodReq, res: RunGetMethodStdRes },
  [Subjects.ls.getConfigParam]: { req: GetConfigParamReq, res: ConfigInfo },
  [Subjects.ls.getConfigAll]: { req: GetConfigAllReq, res: ConfigInfo },
  [Subjects.ls.getLibraries]: { req: GetLibrariesReq, res: SmcLibraryResult },
} as const;
