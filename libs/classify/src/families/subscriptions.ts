/**
 * Wallet v4 plugin subscriptions (toncenter `blocks/subscriptions.py`): subscribe, unsubscribe.
 */
import { WALLET_PLUGIN } from '@app/ton';
import type { ActionRow } from '../action';
import { findCall, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import { BlockMatcher, ContractMatcher } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { parseSubscriptionPaymentRequest } from '../tlb/staking';

export class SubscriptionBlock extends Block {
  constructor(
    type: 'subscribe' | 'unsubscribe',
    readonly data: {
      subscriber: string | null;
      subscription: string | null;
      beneficiary: string | null;
      amount: bigint | null;
    },
  ) {
    super(type, []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.subscriber;
    action.destination = this.data.beneficiary;
    action.destination_secondary = this.data.subscription;
    if (this.type === 'subscribe') {
      action.amount = this.data.amount;
    }
  }
}

/**
 * wallet → plugin funds (0xf06c7567) followed by the plugin's payment to the beneficiary (0x73756273),
 * after the plugin's optional request (0x706c7567), whose `grams` is then the amount.
 */
export class SubscriptionBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: new ContractMatcher(WALLET_PLUGIN.subscription_payment.opcode),
      parent: new ContractMatcher(WALLET_PLUGIN.payment_request.opcode, { optional: true }),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, WALLET_PLUGIN.payment_request_response.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const msg = block.message;
    const payment = findCall(others, WALLET_PLUGIN.subscription_payment.opcode);
    if (!payment) {
      throw new Error('subscription payment is missing');
    }
    let amount = msg.value;
    let failed = false;
    const request = findCall(others, WALLET_PLUGIN.payment_request.opcode);
    if (request) {
      amount = parseSubscriptionPaymentRequest(bodySlice(request.message.body)).grams;
      failed = request.failed;
    }
    const nb = new SubscriptionBlock('subscribe', {
      subscriber: msg.source,
      subscription: msg.destination,
      beneficiary: payment.message.destination,
      amount,
    });
    nb.failed = failed;
    nb.merge([block, ...others]);
    return [nb];
  }
}

/** destruct (0x64737472) wallet → plugin, with the plugin's optional destruct back to its beneficiary. */
export class UnsubscribeBlockMatcher extends BlockMatcher {
  constructor() {
    super({ child: new ContractMatcher(WALLET_PLUGIN.destruct.opcode, { optional: true }) });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, WALLET_PLUGIN.destruct.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const msg = block.message;
    const response = findCall(others, WALLET_PLUGIN.destruct.opcode);
    const nb = new SubscriptionBlock('unsubscribe', {
      subscriber: msg.source,
      subscription: msg.destination,
      beneficiary: response ? response.message.destination : null,
      amount: null,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}
