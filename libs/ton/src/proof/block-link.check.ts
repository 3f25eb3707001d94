import { hashmapPath } from '../boc/dict-path';
import {
  checkBlockHeaderProof,
  checkStateProof,
  type ProofBlockId,
  type ProvenBlockHeader,
  sameBlockId,
} from './block-header.check';
import { checkBlockSignatures, type BlockSignatureSet } from './block-signatures.check';
import { readLinkSourceConfig } from './key-block-config.reader';
import { checkMerkleProof } from './merkle-proof.check';
import { keptRef, readMcStateParts } from './mc-state.reader';
import { proofRoot } from './proof-boc';
import { ProofError, provenParse } from './proof-error';
import { masterchainValidators } from './validator-subset';

/** liteServer.blockLinkForward to_key_block from to dest_proof config_proof signatures. */
export interface ForwardLink {
  readonly kind: 'forward';
  readonly toKeyBlock: boolean;
  readonly from: ProofBlockId;
  readonly to: ProofBlockId;
  readonly destProof: Buffer;
  readonly configProof: Buffer;
  readonly signatures: BlockSignatureSet;
}

/** liteServer.blockLinkBack to_key_block from to dest_proof proof state_proof. */
export interface BackwardLink {
  readonly kind: 'backward';
  readonly toKeyBlock: boolean;
  readonly from: ProofBlockId;
  readonly to: ProofBlockId;
  readonly destProof: Buffer;
  readonly proof: Buffer;
  readonly stateProof: Buffer;
}

export type BlockLink = ForwardLink | BackwardLink;

/**
 * The link's target header, proven by its id; null for the zero state (seqno 0), which has no block:
 * its proof is a Merkle proof of the state itself, and it counts as a key block.
 */
function checkDest(link: BlockLink): ProvenBlockHeader | null {
  if (link.from.workchain !== -1 || link.to.workchain !== -1) {
    throw new ProofError('block_link', 'a block link joins masterchain blocks only');
  }
  const dest = proofRoot(link.destProof, 'block_link', 'dest_proof');
  if (link.to.seqno === 0) {
    checkMerkleProof(dest, link.to.rootHash, 'block_link', 'zero state proof');
    if (!link.toKeyBlock) {
      throw new ProofError('block_link', 'the zero state is a key block');
    }
    return null;
  }
  const header = checkBlockHeaderProof(dest, link.to);
  if (header.info.keyBlock !== link.toKeyBlock) {
    throw new ProofError('block_link', `to_key_block says ${link.toKeyBlock}, the header differs`);
  }
  return header;
}

/**
 * A forward link from a trusted block: the target's header is proven by its id, and the id by the
 * signatures of the masterchain validators that the source's config (ConfigParams 34 and 28) names
 * for the target's catchain session.
 */
export function checkForwardLink(link: ForwardLink): ProvenBlockHeader {
  if (link.to.seqno <= link.from.seqno) {
    throw new ProofError('block_link', 'a forward link must go to a newer block');
  }
  const header = checkDest(link);
  if (!header) {
    throw new ProofError('block_link', 'a forward link cannot reach the zero state');
  }
  const { genValidatorListHashShort, genCatchainSeqno } = header.info;
  if (
    genValidatorListHashShort !== link.signatures.validatorSetHash >>> 0 ||
    genCatchainSeqno !== link.signatures.catchainSeqno >>> 0
  ) {
    throw new ProofError(
      'block_link',
      'signature set is not of the validator session the header names',
    );
  }
  const configProof = proofRoot(link.configProof, 'block_link', 'config_proof');
  const config = readLinkSourceConfig(configProof, link.from);
  const signers = masterchainValidators(
    config.validators,
    config.shuffleMcValidators,
    genCatchainSeqno,
  );
  checkBlockSignatures(link.to, link.signatures, signers);
  return header;
}

/**
 * A backward link from a trusted block: the source's state lists the target in prev_blocks
 * (McStateExtra's ^[ flags validator_info prev_blocks:OldMcBlocksInfo ... ]):
 *   _ (HashmapAugE 32 KeyExtBlkRef KeyMaxLt) = OldMcBlocksInfo;
 *   _ key:Bool max_end_lt:uint64 = KeyMaxLt;
 *   _ key:Bool blk_ref:ExtBlkRef = KeyExtBlkRef;
 *   ext_blk_ref$_ end_lt:uint64 seq_no:uint32 root_hash:bits256 file_hash:bits256 = ExtBlkRef;
 */
export function checkBackwardLink(link: BackwardLink): ProvenBlockHeader | null {
  if (link.to.seqno >= link.from.seqno) {
    throw new ProofError('block_link', 'a backward link must go to an older block');
  }
  const header = checkDest(link);
  const blockProof = proofRoot(link.proof, 'block_link', 'proof');
  const stateProof = proofRoot(link.stateProof, 'block_link', 'state_proof');
  const { state } = checkStateProof(blockProof, stateProof, link.from);
  const { shardHashes } = readMcStateParts(state, 'block_link');
  provenParse('block_link', 'prev_blocks', () => {
    const extra = keptRef(state, 3, 'block_link', 'McStateExtra');
    const misc = keptRef(extra, shardHashes ? 2 : 1, 'block_link', 'McStateExtra info');
    const s = misc.beginParse();
    s.skip(16 + 32 + 32 + 1); // flags, validator_info
    if (!s.loadBit()) {
      throw new ProofError('block_link', 'prev_blocks is empty');
    }
    const path = hashmapPath(
      keptRef(misc, 0, 'block_link', 'prev_blocks'),
      BigInt(link.to.seqno),
      32,
    );
    if (!path.value) {
      throw new ProofError('block_link', `block ${link.to.seqno} is not in prev_blocks`);
    }
    const v = path.value;
    v.skip(1 + 64); // KeyMaxLt
    const isKey = v.loadBit();
    v.skip(64);
    const seqno = v.loadUint(32);
    const rootHash = v.loadBuffer(32);
    const fileHash = v.loadBuffer(32);
    if (
      isKey !== link.toKeyBlock ||
      seqno !== link.to.seqno ||
      !rootHash.equals(link.to.rootHash) ||
      !fileHash.equals(link.to.fileHash)
    ) {
      throw new ProofError('block_link', `prev_blocks names another block ${seqno}`);
    }
  });
  return header;
}

/** liteServer.partialBlockProof complete from to steps. */
export interface PartialBlockProof {
  readonly complete: boolean;
  readonly from: ProofBlockId;
  readonly to: ProofBlockId;
  readonly steps: readonly BlockLink[];
}

/** Links one answer may hold: the C++ liteserver sends a few per partial proof. */
export const MAX_LINKS_PER_PROOF = 16;

/** What a verified chain of links proves: its end, and the newest key block on the way. */
export interface ProvenChain {
  readonly to: ProofBlockId;
  readonly header: ProvenBlockHeader | null;
  /** The newest key block proven on the way (a key block target included), else null. */
  readonly keyBlock: {
    readonly id: ProofBlockId;
    readonly header: ProvenBlockHeader | null;
  } | null;
}

/**
 * Follows the links of a getBlockProof answer from `trusted`: every link must start where the
 * previous one ended (the first at `trusted`), and the answer's own from/to must match its links.
 */
export function checkPartialBlockProof(
  proof: PartialBlockProof,
  trusted: ProofBlockId,
): ProvenChain {
  if (!sameBlockId(proof.from, trusted)) {
    throw new ProofError('block_link', 'block proof starts from another block');
  }
  if (proof.steps.length > MAX_LINKS_PER_PROOF) {
    throw new ProofError('block_link', `${proof.steps.length} links in one answer`);
  }
  let current = trusted;
  let header: ProvenBlockHeader | null = null;
  let keyBlock: ProvenChain['keyBlock'] = null;
  for (const link of proof.steps) {
    if (!sameBlockId(link.from, current)) {
      throw new ProofError(
        'block_link',
        `link from ${link.from.seqno} does not continue at ${current.seqno}`,
      );
    }
    header = link.kind === 'forward' ? checkForwardLink(link) : checkBackwardLink(link);
    current = link.to;
    if (link.toKeyBlock && (!keyBlock || link.to.seqno > keyBlock.id.seqno)) {
      keyBlock = { id: link.to, header };
    }
  }
  if (!sameBlockId(current, proof.to)) {
    throw new ProofError('block_link', 'block proof links do not end at its target');
  }
  return { to: current, header, keyBlock };
}
