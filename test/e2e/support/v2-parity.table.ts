/** What getBlockTransactions and getBlockTransactionsExt both read. */
const BLOCK_TRANSACTIONS_ARGS = [
  'after_hash',
  'after_lt',
  'count',
  'file_hash',
  'root_hash',
  'seqno',
  'shard',
  'workchain',
];

/**
 * toncenter 2.1's v2 surface as its source states it (toncenter/ton-http-api-cpp): each route and its
 * verbs from `config/static_config.yaml`, and the query parameters each handler's
 * `ParseTonlibGetRequest` reads (`request.GetArg("…")`). `shards` is the 2.0 name of getShards, kept
 * as an alias; tryLocateTx is tryLocateResultTx's alias.
 */
export const TONCENTER_V2: Readonly<Record<string, { verbs: string; get: readonly string[] }>> = {
  detectAddress: { verbs: 'GET,POST', get: ['address'] },
  detectHash: { verbs: 'GET,POST', get: ['hash'] },
  packAddress: { verbs: 'GET,POST', get: ['address'] },
  unpackAddress: { verbs: 'GET,POST', get: ['address'] },
  getAddressInformation: { verbs: 'GET,POST', get: ['address', 'seqno'] },
  getExtendedAddressInformation: { verbs: 'GET,POST', get: ['address', 'seqno'] },
  getShardAccountCell: { verbs: 'GET,POST', get: ['address', 'seqno'] },
  getWalletInformation: { verbs: 'GET,POST', get: ['address', 'seqno'] },
  getAddressBalance: { verbs: 'GET,POST', get: ['address', 'seqno'] },
  getAddressState: { verbs: 'GET,POST', get: ['address', 'seqno'] },
  getTokenData: { verbs: 'GET,POST', get: ['address', 'seqno'] },
  dnsResolve: { verbs: 'GET,POST', get: ['address', 'category', 'name', 'seqno', 'ttl'] },
  getMasterchainInfo: { verbs: 'GET,POST', get: [] },
  getMasterchainBlockSignatures: { verbs: 'GET,POST', get: ['seqno'] },
  getShardBlockProof: { verbs: 'GET,POST', get: ['from_seqno', 'seqno', 'shard', 'workchain'] },
  getConsensusBlock: { verbs: 'GET,POST', get: [] },
  lookupBlock: { verbs: 'GET,POST', get: ['lt', 'seqno', 'shard', 'unixtime', 'workchain'] },
  getShards: { verbs: 'GET,POST', get: ['seqno'] },
  shards: { verbs: 'GET,POST', get: ['seqno'] },
  getBlockHeader: {
    verbs: 'GET,POST',
    get: ['file_hash', 'root_hash', 'seqno', 'shard', 'workchain'],
  },
  getOutMsgQueueSize: { verbs: 'GET,POST', get: [] },
  getBlockTransactions: { verbs: 'GET,POST', get: BLOCK_TRANSACTIONS_ARGS },
  getBlockTransactionsExt: { verbs: 'GET,POST', get: BLOCK_TRANSACTIONS_ARGS },
  getTransactions: {
    verbs: 'GET,POST',
    get: ['address', 'archival', 'hash', 'limit', 'lt', 'to_lt'],
  },
  getTransactionsStd: {
    verbs: 'GET,POST',
    get: ['address', 'archival', 'hash', 'limit', 'lt', 'to_lt'],
  },
  tryLocateResultTx: { verbs: 'GET,POST', get: ['created_lt', 'destination', 'source'] },
  tryLocateTx: { verbs: 'GET,POST', get: ['created_lt', 'destination', 'source'] },
  tryLocateSourceTx: { verbs: 'GET,POST', get: ['created_lt', 'destination', 'source'] },
  getConfigParam: { verbs: 'GET,POST', get: ['config_id', 'param', 'seqno'] },
  getConfigAll: { verbs: 'GET,POST', get: ['seqno'] },
  getLibraries: { verbs: 'GET,POST', get: ['libraries'] },
  runGetMethod: { verbs: 'POST', get: [] },
  runGetMethodStd: { verbs: 'POST', get: [] },
  sendBoc: { verbs: 'POST', get: [] },
  sendBocReturnHash: { verbs: 'POST', get: [] },
  sendBocReturnHashNoError: { verbs: 'POST', get: [] },
  estimateFee: { verbs: 'POST', get: [] },
};

/** ton-http-api-cpp `chaotic/io/bool.cpp`: the words a boolean is written with, in any case. */
export const TRUE_WORDS = ['y', 'yes', 't', 'true', 'on', '1', 'YES', 'True', 'On'];
export const FALSE_WORDS = ['n', 'no', 'f', 'false', 'off', '0', 'NO', 'False', 'OFF'];

/** ton-http-api-cpp tests/utils/test_002_detect_hash.py, with the status each form gets. */
export const DETECT_HASH: readonly [string, number][] = [
  ['CPUE4WXeEJT+Dwz1fY/rkreWvYnsOt3I44i1G5ojJPM=', 200],
  ['CPUE4WXeEJT+Dwz1fY/rkreWvYnsOt3I44i1G5ojJPM', 422],
  ['CPUE4WXeEJT-Dwz1fY_rkreWvYnsOt3I44i1G5ojJPM=', 200],
  ['CPUE4WXeEJT-Dwz1fY_rkreWvYnsOt3I44i1G5ojJPM', 200],
  ['08f504e165de1094fe0f0cf57d8feb92b796bd89ec3addc8e388b51b9a2324f3', 200],
  ['08F504E165DE1094FE0F0CF57D8FEB92B796BD89EC3ADDC8E388B51B9A2324F3', 200],
  ['not a hash', 422],
];

export const MASTERCHAIN_SHARD = '-9223372036854775808';
