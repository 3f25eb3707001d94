/**
 * Cocoon registrations and client management (toncenter `cocoon.py`): proxy (un)registration at the
 * root, client registration, secret-hash changes, refund requests, stake increases and withdrawals.
 */
import { COCOON, loadFields } from '@app/ton';
import { CallContractBlock } from '../../core/basic-blocks';
import type { Block } from '../../core/block';
import { getLabeled, labeled } from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import { parseCocoonClientRequestRefundCoins } from '../../tlb/cocoon';
import { call, clientRequest, CocoonBlock, CocoonMatcher, excesses, payout } from './shared';

/** RegisterProxy (to the root) → excesses. */
export class CocoonRegisterProxyMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.register_proxy.opcode];

  constructor() {
    super({ child: excesses() });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = loadFields(COCOON.register_proxy, bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_register_proxy', {
      destination: block.message.destination,
      data: { query_id: r.query_id },
    });
    return this.finish(nb, block, others);
  }
}

/** UnregisterProxy (to the root) → excesses. */
export class CocoonUnregisterProxyMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.unregister_proxy.opcode];

  constructor() {
    super({ child: excesses() });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = loadFields(COCOON.unregister_proxy, bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_unregister_proxy', {
      destination: block.message.destination,
      data: { query_id: r.query_id, seqno: r.seqno },
    });
    return this.finish(nb, block, others);
  }
}

/** OwnerClientRegister → excesses + ClientProxyRequest. */
export class CocoonClientRegisterMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.owner_client_register.opcode];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = loadFields(COCOON.owner_client_register, bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_client_register', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      data: { query_id: r.query_id, nonce: r.nonce },
    });
    return this.finish(nb, block, others);
  }
}

/** OwnerClientChangeSecretHash → excesses + ClientProxyRequest. */
export class CocoonClientChangeSecretHashMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.owner_client_change_secret_hash.opcode];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = loadFields(COCOON.owner_client_change_secret_hash, bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_client_change_secret_hash', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      data: { query_id: r.query_id, new_secret_hash: r.new_secret_hash.toString(16) },
    });
    return this.finish(nb, block, others);
  }
}

/**
 * OwnerClientRequestRefund (optionally sent by the owner's Cocoon wallet's OwnerWalletSendMessage)
 * → excesses + ClientProxyRequest.
 */
export class CocoonClientRequestRefundMatcher extends CocoonMatcher {
  protected readonly opcodes = [
    COCOON.owner_wallet_send_message.opcode,
    COCOON.owner_client_request_refund.opcode,
  ];

  constructor() {
    super({
      parent: labeled(
        'wallet_wrapper',
        call(COCOON.owner_wallet_send_message.opcode, { optional: true }),
      ),
      children: [excesses(), clientRequest()],
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    // a wallet message itself fails here: only the refund request it carries starts the action
    const r = loadFields(COCOON.owner_client_request_refund, bodySlice(block.message.body));
    const viaWallet = getLabeled('wallet_wrapper', others, CallContractBlock) !== null;
    const nb = new CocoonBlock('cocoon_client_request_refund', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      data: { query_id: r.query_id, via_wallet: viaWallet },
    });
    return this.finish(nb, block, others);
  }
}

/** OwnerClientIncreaseStake → excesses + ClientProxyRequest. */
export class CocoonClientIncreaseStakeMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.owner_client_increase_stake.opcode];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = loadFields(COCOON.owner_client_increase_stake, bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_client_increase_stake', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      amount: r.new_stake,
      data: { query_id: r.query_id, new_stake: r.new_stake },
    });
    return this.finish(nb, block, others);
  }
}

/** OwnerClientWithdraw → ClientProxyRequest (carrying the refund granted) → Payout (+ excesses). */
export class CocoonClientWithdrawMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.owner_client_withdraw.opcode];

  constructor() {
    super({
      child: labeled(
        'client_request',
        call(COCOON.client_proxy_request.opcode, { children: [excesses(true), payout()] }),
      ),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = loadFields(COCOON.owner_client_withdraw, bodySlice(block.message.body));
    const client = getLabeled('client_request', others, CallContractBlock);
    let amount: bigint | null = null;
    if (client) {
      try {
        amount = parseCocoonClientRequestRefundCoins(bodySlice(client.message.body));
      } catch {
        // toncenter logs the payload it cannot read and reports 0
      }
    }
    amount ??= 0n;
    const nb = new CocoonBlock('cocoon_client_withdraw', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      amount,
      data: { query_id: r.query_id, withdraw_amount: amount },
    });
    return this.finish(nb, block, others);
  }
}
