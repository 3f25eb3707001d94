import { type Cell } from '@ton/core';

import { provenConfigParam } from './mc-state.reader';
import { ProofError } from './proof-error';
import {
  readShuffleMcValidators,
  readValidatorSet,
  type ValidatorEntry,
} from './validator-set.reader';
import { masterchainValidators } from './validator-subset';

/**
 * The validators that sign masterchain blocks of session `catchainSeqno` under a config dictionary
 * (Hashmap 32 ^Cell): ConfigParam 34's set, picked as ConfigParam 28 says. One rule for the local
 * network that signs and the verifier that checks.
 */
export function masterchainValidatorsOf(config: Cell, catchainSeqno: number): ValidatorEntry[] {
  const p34 = provenConfigParam(config, 34);
  const p28 = provenConfigParam(config, 28);
  if (!p34 || !p28) {
    throw new ProofError('signatures', 'config lacks ConfigParam 34 or 28');
  }
  return masterchainValidators(readValidatorSet(p34), readShuffleMcValidators(p28), catchainSeqno);
}
