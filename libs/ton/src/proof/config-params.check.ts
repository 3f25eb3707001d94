import { type Cell } from '@ton/core';

import { checkStateProof, type ProofBlockId } from './block-header.check';
import { provenConfigParam, readMcStateParts } from './mc-state.reader';
import { proofRoot } from './proof-boc';
import { ProofError } from './proof-error';
import { assertWhole } from './whole-tree.check';

/** A liteServer.configInfo answer: `mode id:tonNode.blockIdExt state_proof:bytes config_proof:bytes`. */
export interface ConfigAnswer {
  /** Merkle proof of the masterchain block (its header and state_update). */
  readonly stateProof: Buffer;
  /** Merkle proof of the block's state keeping the config dictionary (or the asked params). */
  readonly configProof: Buffer;
}

/**
 * The config params proven by a getConfigParams / getConfigAll answer for the masterchain block `mcBlock`
 * (whose id the caller already trusts): each asked param maps to its value cell, or null when the proof
 * shows it absent. A param whose value reaches a pruned branch is refused, so a served value is whole.
 */
export function checkConfigParams(
  answer: ConfigAnswer,
  mcBlock: ProofBlockId,
  params: readonly number[],
): Map<number, Cell | null> {
  if (mcBlock.workchain !== -1) {
    throw new ProofError('config', 'config is proven only at a masterchain block');
  }
  const blockProof = proofRoot(answer.stateProof, 'config', 'state_proof');
  const stateProof = proofRoot(answer.configProof, 'config', 'config_proof');
  const { state } = checkStateProof(blockProof, stateProof, mcBlock);
  const { config } = readMcStateParts(state, 'config');
  const out = new Map<number, Cell | null>();
  for (const param of params) {
    const value = provenConfigParam(config, param);
    if (value) {
      assertWhole(value, 'config', `config param ${param}`);
    }
    out.set(param, value);
  }
  return out;
}
