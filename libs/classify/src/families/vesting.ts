/** Vesting wallet actions (toncenter `blocks/vesting.py`): vesting_send_message, vesting_add_whitelist. */
import type { ActionRow } from '../action';
import { CallContractBlock, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import { BlockMatcher, ContractMatcher, getLabeled, labeled } from '../core/matchers';
import { bocBase64, bodySlice } from '../tlb/cells';
import { VESTING } from '@app/ton';
import { parseVestingAddWhitelist, parseVestingSendMessage } from '../tlb/vesting';

export class VestingSendMessageBlock extends Block {
  constructor(
    readonly data: {
      query_id: bigint;
      sender: string | null;
      vesting: string | null;
      message_boc: string;
      message_destination: string | null;
      message_value: bigint;
    },
  ) {
    super('vesting_send_message', []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.sender;
    action.destination = this.data.vesting;
    action.destination_secondary = this.data.message_destination; // where the message was sent to
    action.amount = this.data.message_value;
    action.vesting_send_message_data = {
      query_id: this.data.query_id,
      message_boc: this.data.message_boc,
    };
  }
}

export class VestingAddWhitelistBlock extends Block {
  constructor(
    readonly data: {
      query_id: bigint;
      adder: string | null;
      vesting: string | null;
      accounts_added: (string | null)[];
    },
  ) {
    super('vesting_add_whitelist', []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.adder;
    action.destination = this.data.vesting;
    action.vesting_add_whitelist_data = {
      query_id: this.data.query_id,
      accounts_added: this.data.accounts_added,
    };
  }
}

/** owner → vesting send_message, answered by the vesting's response (0xf7733acd). */
export class VestingSendMessageBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled('response', new ContractMatcher(VESTING.send_message_response.opcode)),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, VESTING.send_message.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const msg = block.message;
    const req = parseVestingSendMessage(bodySlice(msg.body));
    const include = [block];
    const resp = getLabeled('response', others, CallContractBlock);
    if (resp) {
      include.push(resp);
    }
    const nb = new VestingSendMessageBlock({
      query_id: req.query_id,
      sender: msg.source,
      vesting: msg.destination,
      message_boc: bocBase64(req.message, false),
      message_destination: req.message_destination,
      message_value: req.message_value,
    });
    nb.merge(include);
    return [nb];
  }
}

/** vesting creator → vesting add_whitelist, answered by 0xf258a69b. */
export class VestingAddWhitelistBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled('response', new ContractMatcher(VESTING.add_whitelist_response.opcode)),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, VESTING.add_whitelist.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const msg = block.message;
    const req = parseVestingAddWhitelist(bodySlice(msg.body));
    const include = [block];
    const resp = getLabeled('response', others, CallContractBlock);
    if (resp) {
      include.push(resp);
    }
    const nb = new VestingAddWhitelistBlock({
      query_id: req.query_id,
      adder: msg.source,
      vesting: msg.destination,
      accounts_added: req.addresses,
    });
    nb.merge(include);
    return [nb];
  }
}
