import { z } from 'zod';
import { type GetBlockTransactionsReq, Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { blockIdParams, resultOf, V2Param, V2Range } from '../../v2-schemas';
import { type ParamSource, type RawParams } from '../../v2-params';
import {
  optionalBlockHash,
  requiredBlockSeqno,
  requiredWorkchain,
} from '../../params/blocks.params';
import { blockCursor, boundedCount, requiredShard } from '../../params/transactions.params';

const PARAMS = z.object({
  ...blockIdParams,
  root_hash: V2Param.hash('Block root hash').optional(),
  file_hash: V2Param.hash('Block file hash').optional(),
  after_lt: V2Param.lt('Cursor: logical time of the last transaction seen', '0').optional(),
  after_hash: z
    .string()
    .meta({
      description: 'Cursor: account of the last transaction seen (hash or address)',
      example: '3333333333333333333333333333333333333333333333333333333333333333',
    })
    .optional(),
  count: V2Param.integer(
    'How many transactions, 1…10000 (default 40)',
    40,
    V2Range.bounded(1, 10000),
  ).optional(),
});

/**
 * The block and cursor of getBlockTransactions(Ext)
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). 2.1 words
 * a bad `shard` as `failed to parse workchain` (a copy/paste bug); this names `shard`.
 */
function parseBlockTransactionsParams(
  raw: RawParams,
  source: ParamSource,
): GetBlockTransactionsReq {
  const workchain = requiredWorkchain(raw, source);
  const shard = requiredShard(raw, source);
  const seqno = requiredBlockSeqno(raw, source);
  const rootHash = optionalBlockHash(raw, 'root_hash', source);
  const fileHash = optionalBlockHash(raw, 'file_hash', source);
  const cursor = blockCursor(raw, source);
  // 2.1: 1…10000, default 40.
  const count = boundedCount(raw, 'count', source, { value: 40, max: 10000 });
  return {
    workchain,
    shard,
    seqno,
    ...(rootHash === undefined ? {} : { root_hash: rootHash }),
    ...(fileHash === undefined ? {} : { file_hash: fileHash }),
    ...(cursor ?? {}),
    count,
  };
}

/** getBlockTransactions: `blocks.transactions` of short ids, `account` as lowercase `wc:hex` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getBlockTransactions = defineV2Method({
  name: 'getBlockTransactions',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  result: resultOf(Subjects.ls.getBlockTransactions),
  parse: parseBlockTransactionsParams,
  handle: (params, backend) => backend.request(Subjects.ls.getBlockTransactions, params),
});

/** getBlockTransactionsExt: `blocks.transactionsExt` of full `raw.transaction` objects (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getBlockTransactionsExt = defineV2Method({
  name: 'getBlockTransactionsExt',
  verbs: ['GET', 'POST'],
  params: PARAMS,
  result: resultOf(Subjects.ls.getBlockTransactionsExt),
  parse: parseBlockTransactionsParams,
  handle: (params, backend) => backend.request(Subjects.ls.getBlockTransactionsExt, params),
});
