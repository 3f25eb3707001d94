import type { LiteApiHandler } from '../lite-api-handler';
import { getAccountState, getAccountStatePrunned } from './account.handlers';
import { getBlock, getBlockHeader, getState, lookupBlock } from './block.handlers';
import { getBlockProof } from './block-proof.handler';
import { listBlockTransactions, listBlockTransactionsExt } from './block-transactions.handlers';
import { getConfigAll, getConfigParams } from './config.handlers';
import { getMasterchainInfo, getMasterchainInfoExt, getTime, getVersion } from './info.handlers';
import { getLibraries, getLibrariesWithProof } from './library.handlers';
import { lookupBlockWithProof } from './lookup-block-with-proof.handler';
import { getBlockOutMsgQueueSize, getOutMsgQueueSizes } from './out-msg-queue.handler';
import { runSmcMethod } from './run-method.handler';
import { sendMessage } from './send-message.handler';
import { getAllShardsInfo, getShardBlockProof, getShardInfo } from './shard.handlers';
import { getOneTransaction, getTransactions } from './transaction.handlers';

/** Every lite_api function the local liteserver answers. The rest of the schema (getValidatorStats,
 *  nonfinal.*) gets the C++ liteserver's answer to a query it parses but does not serve:
 *  protoviolation "unknown query". */
export const LITE_API_HANDLERS: readonly LiteApiHandler[] = [
  getMasterchainInfo,
  getMasterchainInfoExt,
  getTime,
  getVersion,
  getAccountState,
  getAccountStatePrunned,
  runSmcMethod,
  getTransactions,
  getOneTransaction,
  listBlockTransactions,
  listBlockTransactionsExt,
  lookupBlock,
  lookupBlockWithProof,
  getBlockHeader,
  getBlock,
  getState,
  getAllShardsInfo,
  getShardInfo,
  getShardBlockProof,
  getConfigAll,
  getConfigParams,
  getLibraries,
  getLibrariesWithProof,
  sendMessage,
  getBlockProof,
  getOutMsgQueueSizes,
  getBlockOutMsgQueueSize,
];
