/** Elector stakes (toncenter `blocks/elections.py`): election_deposit, election_recover. */
import { ELECTOR } from '@app/ton';
import type { ActionRow } from '../action';
import { CallContractBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import { BlockMatcher, ContractMatcher, getLabeled, labeled } from '../core/matchers';
import { ELECTOR_ADDRESS } from '../tlb/staking';

export class ElectionBlock extends Block {
  constructor(
    type: 'election_deposit' | 'election_recover',
    readonly data: { stake_holder: string | null; amount: bigint | null },
  ) {
    super(type, []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.stake_holder;
    action.amount = this.data.amount;
  }
}

function isElectorCall(block: Block, opcode: number): boolean {
  return (
    block instanceof CallContractBlock &&
    block.opcode === opcode &&
    block.message.destination === ELECTOR_ADDRESS
  );
}

/** new_stake (→ elector) with the optional confirmation; failed without it. amount = the stake sent. */
export class ElectionDepositStakeBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'confirmation',
        new ContractMatcher(ELECTOR.new_stake_confirmation.opcode, {
          optional: true,
          includeExcess: false,
        }),
      ),
      includeExcess: false,
    });
  }

  override testSelf(block: Block): boolean {
    return isElectorCall(block, ELECTOR.new_stake.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const msg = block.message;
    const nb = new ElectionBlock('election_deposit', {
      stake_holder: msg.source,
      amount: msg.value,
    });
    nb.failed = getLabeled('confirmation', others, CallContractBlock) === null;
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** recover_stake (→ elector); amount = the confirmation's value, failed (no amount) without it. */
export class ElectionRecoverStakeBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'confirmation',
        new ContractMatcher(ELECTOR.recover_stake_response.opcode, {
          optional: true,
          includeExcess: false,
        }),
      ),
      includeExcess: false,
    });
  }

  override testSelf(block: Block): boolean {
    return isElectorCall(block, ELECTOR.recover_stake_request.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const confirmation = getLabeled('confirmation', others, CallContractBlock);
    const nb = new ElectionBlock('election_recover', {
      stake_holder: block.message.source,
      amount: confirmation ? confirmation.message.value : null,
    });
    nb.failed = confirmation === null;
    nb.merge([block, ...others]);
    return [nb];
  }
}
