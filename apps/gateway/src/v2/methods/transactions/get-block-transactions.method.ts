import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { type V2Values } from '../../v2-field';
import { resultOf } from '../../v2-schemas';
import { blockCursor } from '../../params/transactions.params';

/**
 * The block and cursor of getBlockTransactions(Ext)
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). 2.1 words
 * a bad `shard` as `failed to parse workchain` (a copy/paste bug); this names `shard`.
 */
const FIELDS = {
  workchain: V2Fields.workchain(),
  shard: V2Fields.shard(),
  seqno: V2Fields.blockSeqno(),
  root_hash: V2Fields.blockHash('Block root hash'),
  file_hash: V2Fields.blockHash('Block file hash'),
  after_lt: V2Fields.lt('Cursor: logical time of the last transaction seen', '0'),
  after_hash: V2Fields.afterHash(),
  // 2.1: 1…10000, default 40.
  count: V2Fields.count('How many transactions, 1…10000 (default 40)', { value: 40, max: 10000 }),
};

function blockTransactionsRequest(values: V2Values<typeof FIELDS>) {
  const { after_lt: afterLt, after_hash: afterHash, root_hash, file_hash, ...block } = values;
  return {
    ...block,
    ...(root_hash === undefined ? {} : { root_hash }),
    ...(file_hash === undefined ? {} : { file_hash }),
    ...(blockCursor(afterLt, afterHash) ?? {}),
  };
}

/** getBlockTransactions: `blocks.transactions` of short ids, `account` as lowercase `wc:hex` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getBlockTransactions = defineV2Method({
  name: 'getBlockTransactions',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  request: blockTransactionsRequest,
  result: resultOf(Subjects.ls.getBlockTransactions),
  handle: (params, backend) => backend.request(Subjects.ls.getBlockTransactions, params),
});

/** getBlockTransactionsExt: `blocks.transactionsExt` of full `raw.transaction` objects (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getBlockTransactionsExt = defineV2Method({
  name: 'getBlockTransactionsExt',
  verbs: ['GET', 'POST'],
  fields: FIELDS,
  request: blockTransactionsRequest,
  result: resultOf(Subjects.ls.getBlockTransactionsExt),
  handle: (params, backend) => backend.request(Subjects.ls.getBlockTransactionsExt, params),
});
