/** What the Cocoon matchers share: the action block, the matcher base and the reply matchers. */
import { COCOON } from '@app/ton';
import type { ActionData, ActionDataColumn, ActionRow } from '../../action';
import { CallContractBlock } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import { BlockMatcher, ContractMatcher, labeled, type MatcherOptions } from '../../core/matchers';

/** The columns a Cocoon action sets (the `*_data` composite under its own name). */
interface CocoonColumns {
  source?: string | null;
  source_secondary?: string | null;
  destination?: string | null;
  destination_secondary?: string | null;
  amount?: bigint | null;
  data: ActionData;
}

export type CocoonType =
  | 'cocoon_worker_payout'
  | 'cocoon_proxy_payout'
  | 'cocoon_proxy_charge'
  | 'cocoon_client_top_up'
  | 'cocoon_register_proxy'
  | 'cocoon_unregister_proxy'
  | 'cocoon_client_register'
  | 'cocoon_client_change_secret_hash'
  | 'cocoon_client_request_refund'
  | 'cocoon_grant_refund'
  | 'cocoon_client_increase_stake'
  | 'cocoon_client_withdraw';

/** A Cocoon action: its type names the composite column `<type>_data`. */
export class CocoonBlock extends Block {
  private readonly column: ActionDataColumn;

  constructor(
    type: CocoonType,
    readonly columns: CocoonColumns,
  ) {
    super(type, []);
    this.column = `${type}_data`;
  }

  override fill(action: ActionRow): void {
    const c = this.columns;
    if (c.source !== undefined) {
      action.source = c.source;
    }
    if (c.source_secondary !== undefined) {
      action.source_secondary = c.source_secondary;
    }
    if (c.destination !== undefined) {
      action.destination = c.destination;
    }
    if (c.destination_secondary !== undefined) {
      action.destination_secondary = c.destination_secondary;
    }
    if (c.amount !== undefined) {
      action.amount = c.amount;
    }
    action[this.column] = c.data;
  }
}

export function call(opcode: number, opts: MatcherOptions = {}): ContractMatcher {
  return new ContractMatcher(opcode, opts);
}

export function excesses(optional = false): BlockMatcher {
  return labeled('excesses', call(COCOON.return_excesses_back.opcode, { optional }));
}

export function payout(): BlockMatcher {
  return labeled('payout', call(COCOON.payout.opcode));
}

export function clientRequest(): BlockMatcher {
  return labeled('client_request', call(COCOON.client_proxy_request.opcode));
}

/** A matcher starting at one opcode, building a CocoonBlock that fails when its start (or payout) aborts. */
export abstract class CocoonMatcher extends BlockMatcher {
  protected abstract readonly opcodes: readonly number[];

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock &&
      block.opcode !== null &&
      this.opcodes.includes(block.opcode)
    );
  }

  /**
   * Merges the matched blocks into `nb`, which failed when the transaction that received
   * `failedAt`'s message was aborted: the start's, or the payout's for the payout actions.
   */
  protected finish(nb: CocoonBlock, block: Block, others: Block[], failedAt = block): Block[] {
    nb.merge([block, ...others]);
    nb.failed = failedAt.firstNode.tx.aborted;
    return [nb];
  }
}
