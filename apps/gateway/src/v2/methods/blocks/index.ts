import { type V2Method } from '../../v2-method';
import { getBlockHeader } from './get-block-header.method';
import { getConsensusBlock } from './get-consensus-block.method';
import { getMasterchainBlockSignatures } from './get-masterchain-block-signatures.method';
import { getOutMsgQueueSize } from './get-out-msg-queue-size.method';
import { getShardBlockProof } from './get-shard-block-proof.method';
import { getShards, shards } from './get-shards.method';
import { lookupBlock } from './lookup-block.method';

/** The v2 blocks methods, registered in v2-methods.registry.ts. */
export const BLOCKS_METHODS: readonly V2Method[] = [
  lookupBlock,
  getShards,
  shards,
  getBlockHeader,
  getConsensusBlock,
  getMasterchainBlockSignatures,
  getShardBlockProof,
  getOutMsgQueueSize,
];
