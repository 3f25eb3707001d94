import { type Cell } from '@ton/core';

import { checkBlockHeaderProof, type ProofBlockId } from './block-header.check';
import { checkMerkleProof } from './merkle-proof.check';
import { keptRef, provenConfigParam, readMcStateParts } from './mc-state.reader';
import { ProofError, provenParse } from './proof-error';
import {
  readShuffleMcValidators,
  readValidatorSet,
  type ValidatorSet,
} from './validator-set.reader';

const BLOCK_EXTRA_TAG = 0x4a33f6fd;
const MC_BLOCK_EXTRA_TAG = 0xcca5;

/** The validator set (ConfigParam 34) and the shuffle flag (ConfigParam 28) a key block's config holds. */
export interface ValidatorConfig {
  readonly validators: ValidatorSet;
  readonly shuffleMcValidators: boolean;
}

/**
 * The config of a forward link's `from` block, proven against its id: for the zero state (seqno 0) a
 * Merkle proof of the state itself (McStateExtra's config); for a key block a Merkle proof of the
 * block keeping McBlockExtra's config (crypto/block/check-proof.cpp of
 * https://github.com/ton-blockchain/ton reads a forward link's config the same two ways):
 *
 *   block_extra#4a33f6fd in_msg_descr:^InMsgDescr out_msg_descr:^OutMsgDescr
 *     account_blocks:^ShardAccountBlocks rand_seed:bits256 created_by:bits256
 *     custom:(Maybe ^McBlockExtra) = BlockExtra;
 *   masterchain_block_extra#cca5 key_block:(## 1) shard_hashes:ShardHashes shard_fees:ShardFees
 *     ^[ prev_blk_signatures:... recover_create_msg:... mint_msg:... ] config:key_block?ConfigParams
 *     = McBlockExtra;
 */
export function readLinkSourceConfig(configProof: Cell, from: ProofBlockId): ValidatorConfig {
  let config: Cell;
  if (from.seqno === 0) {
    const state = checkMerkleProof(configProof, from.rootHash, 'block_link', 'zero state proof');
    config = readMcStateParts(state, 'block_link').config;
  } else {
    const { info, block } = checkBlockHeaderProof(configProof, from);
    if (!info.keyBlock) {
      throw new ProofError('block_link', `forward link from ${from.seqno}, not a key block`);
    }
    config = keyBlockConfig(block);
  }
  const p34 = provenConfigParam(config, 34);
  const p28 = provenConfigParam(config, 28);
  if (!p34 || !p28) {
    throw new ProofError('block_link', 'config proof lacks ConfigParam 34 or 28');
  }
  return { validators: readValidatorSet(p34), shuffleMcValidators: readShuffleMcValidators(p28) };
}

function keyBlockConfig(block: Cell): Cell {
  return provenParse('block_link', 'key block config', () => {
    const extra = keptRef(block, 3, 'block_link', 'BlockExtra');
    const e = extra.beginParse();
    if (e.loadUint(32) !== BLOCK_EXTRA_TAG) {
      throw new ProofError('block_link', 'not a BlockExtra');
    }
    e.loadRef();
    e.loadRef();
    e.loadRef();
    e.skip(512);
    const mcExtra = e.loadMaybeRef();
    if (!mcExtra || mcExtra.isExotic) {
      throw new ProofError('block_link', 'McBlockExtra is missing or pruned');
    }
    const m = mcExtra.beginParse();
    if (m.loadUint(16) !== MC_BLOCK_EXTRA_TAG) {
      throw new ProofError('block_link', 'not a McBlockExtra');
    }
    if (!m.loadBit()) {
      throw new ProofError('block_link', 'McBlockExtra carries no config');
    }
    m.loadMaybeRef(); // shard_hashes
    if (m.loadBit()) {
      m.loadRef(); // shard_fees root
    }
    m.loadCoins(); // shard_fees extra: fees
    m.loadMaybeRef();
    m.loadCoins(); // create
    m.loadMaybeRef();
    m.loadRef(); // ^[ prev_blk_signatures ... ]
    m.skip(256); // config_addr
    const config = m.loadRef();
    if (config.isExotic) {
      throw new ProofError('block_link', 'config dictionary is pruned from the proof');
    }
    return config;
  });
}
