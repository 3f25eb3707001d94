import type { ActionRow } from '../action';
import { bodySlice, decodeComment } from '../tlb/cells';
import { parseTonTransferBody } from '../tlb/comment';
import { Block } from './block';
import type { EventNode } from './event-node';

function deploysContract(node: EventNode): boolean {
  return (
    node.tx.end_status === 'active' &&
    node.tx.orig_status !== 'active' &&
    node.tx.orig_status !== 'frozen'
  );
}

function fillMessageColumns(node: EventNode, action: ActionRow): void {
  action.value = node.message.value;
  action.source = node.message.source;
  action.destination = node.message.destination;
  action.value_extra_currencies = node.message.value_extra_currencies ?? {};
}

/** `contract_deploy`: the node's transaction moved the account from non-active to active. */
export class ContractDeployBlock extends Block {
  readonly opcode: number | null;
  constructor(readonly node: EventNode) {
    super('contract_deploy', [node]);
    this.failed = node.failed;
    this.opcode = node.opcode;
  }

  override fill(action: ActionRow): void {
    action.opcode = this.opcode;
    fillMessageColumns(this.node, action);
    action.value_extra_currencies = {};
  }
}

/** `ton_transfer`: an internal message without opcode (or with a text/encrypted comment). */
export class TonTransferBlock extends Block {
  readonly value: bigint | null;
  readonly comment: string | null;
  readonly encrypted: boolean;

  constructor(readonly node: EventNode) {
    super('ton_transfer', [node]);
    const body = parseTonTransferBody(bodySlice(node.message.body));
    this.encrypted = body.encrypted;
    if (body.comment === null) {
      this.comment = null;
    } else {
      this.comment = this.encrypted ? body.comment.toString('base64') : decodeComment(body.comment);
    }
    if (node.failed) {
      // toncenter: a failed transfer that would bounce failed; one that left the account uninit or ran
      // out of gas on arrival did not
      if (node.message.bounce === true) {
        this.failed = true;
      } else if (node.tx.end_status === 'uninit') {
        this.failed = false;
      } else if (node.message.source !== null && node.tx.skipped_reason === 'no_gas') {
        this.failed = false;
      } else {
        this.failed = true;
      }
    }
    this.value = node.message.value;
    if (deploysContract(node)) {
      this.children.push(new ContractDeployBlock(node));
    }
  }

  override fill(action: ActionRow): void {
    fillMessageColumns(this.node, action);
    action.ton_transfer_data = { content: this.comment, encrypted: this.encrypted };
  }
}

/** `call_contract`: any other message. */
export class CallContractBlock extends Block {
  readonly opcode: number | null;
  readonly isExternal: boolean;

  constructor(readonly node: EventNode) {
    super('call_contract', [node]);
    this.failed = node.failed;
    this.isExternal = node.message.source === null;
    this.opcode = node.opcode;
    const extra = node.message.value_extra_currencies;
    const hasExtra = extra !== null && Object.keys(extra).length > 0;
    // toncenter: a failed call that carried no value is not reported as failed
    if (this.failed && !node.message.value && this.opcode && !hasExtra) {
      this.failed = false;
    }
    if (deploysContract(node)) {
      this.children.push(new ContractDeployBlock(node));
    }
  }

  override fill(action: ActionRow): void {
    action.opcode = this.opcode;
    fillMessageColumns(this.node, action);
  }

  override toString(): string {
    return `!call_contract:=0x${(this.opcode ?? 0).toString(16)}`;
  }
}

/** `tick_tock`: a special account's tick or tock transaction. */
export class TickTockBlock extends Block {
  constructor(readonly node: EventNode) {
    super('tick_tock', [node]);
    this.failed = node.failed;
  }

  override fill(action: ActionRow): void {
    action.source = this.node.tx.account;
  }
}

/** Opcode of a call_contract block, or null for any other block. */
export function callOpcode(block: Block): number | null {
  return block instanceof CallContractBlock ? block.opcode : null;
}

export function isCall(block: Block | null, opcode: number): block is CallContractBlock {
  return block instanceof CallContractBlock && block.opcode === opcode;
}

/** The first call_contract block with that opcode. */
export function findCall(blocks: readonly Block[], opcode: number): CallContractBlock | null {
  for (const b of blocks) {
    if (isCall(b, opcode)) {
      return b;
    }
  }
  return null;
}

export function findCalls(
  blocks: readonly Block[],
  opcodes: number | readonly number[],
): CallContractBlock[] {
  const set = typeof opcodes === 'number' ? [opcodes] : opcodes;
  return blocks.filter(
    (b): b is CallContractBlock =>
      b instanceof CallContractBlock && b.opcode !== null && set.includes(b.opcode),
  );
}
