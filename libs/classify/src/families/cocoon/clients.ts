/**
 * Cocoon registrations and client management (toncenter `cocoon.py`): proxy (un)registration at the
 * root, client registration, secret-hash changes, refund requests, stake increases and withdrawals.
 */
import { CallContractBlock } from '../../core/basic-blocks';
import type { Block } from '../../core/block';
import { getLabeled, labeled } from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import {
  CocoonOp,
  parseCocoonClientRequestRefundCoins,
  parseCocoonOwnerClientChangeSecretHash,
  parseCocoonOwnerClientRegister,
  parseCocoonQueryAndExcesses,
  parseCocoonQueryCoinsExcesses,
  parseCocoonRegisterProxy,
  parseCocoonUnregisterProxy,
} from '../../tlb/cocoon';
import {
  aborted,
  call,
  clientRequest,
  CocoonBlock,
  CocoonMatcher,
  excesses,
  payout,
} from './shared';

/** RegisterProxy (to the root) → excesses. */
export class CocoonRegisterProxyMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.registerProxy];

  constructor() {
    super({ child: excesses() });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = parseCocoonRegisterProxy(bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_register_proxy', {
      destination: block.message.destination,
      data: { query_id: r.query_id },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

/** UnregisterProxy (to the root) → excesses. */
export class CocoonUnregisterProxyMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.unregisterProxy];

  constructor() {
    super({ child: excesses() });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = parseCocoonUnregisterProxy(bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_unregister_proxy', {
      destination: block.message.destination,
      data: { query_id: r.query_id, seqno: r.seqno },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

/** OwnerClientRegister → excesses + ClientProxyRequest. */
export class CocoonClientRegisterMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.ownerClientRegister];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = parseCocoonOwnerClientRegister(bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_client_register', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      data: { query_id: r.query_id, nonce: r.nonce },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

/** OwnerClientChangeSecretHash → excesses + ClientProxyRequest. */
export class CocoonClientChangeSecretHashMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.ownerClientChangeSecretHash];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = parseCocoonOwnerClientChangeSecretHash(bodySlice(block.message.body));
    const nb = new CocoonBlock('cocoon_client_change_secret_hash', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      data: { query_id: r.query_id, new_secret_hash: r.new_secret_hash.toString(16) },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

/**
 * OwnerClientRequestRefund (optionally sent by the owner's Cocoon wallet's OwnerWalletSendMessage)
 * → excesses + ClientProxyRequest.
 */
export class CocoonClientRequestRefundMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.ownerWalletSendMessage, CocoonOp.ownerClientRequestRefund];

  constructor() {
    super({
      parent: labeled('wallet_wrapper', call(CocoonOp.ownerWalletSendMessage, { optional: true })),
      children: [excesses(), clientRequest()],
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    // a wallet message itself fails here: only the refund request it carries starts the action
    const r = parseCocoonQueryAndExcesses(
      bodySlice(block.message.body),
      CocoonOp.ownerClientRequestRefund,
    );
    const viaWallet = getLabeled('wallet_wrapper', others, CallContractBlock) !== null;
    const nb = new CocoonBlock('cocoon_client_request_refund', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      data: { query_id: r.query_id, via_wallet: viaWallet },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

/** OwnerClientIncreaseStake → excesses + ClientProxyRequest. */
export class CocoonClientIncreaseStakeMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.ownerClientIncreaseStake];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = parseCocoonQueryCoinsExcesses(
      bodySlice(block.message.body),
      CocoonOp.ownerClientIncreaseStake,
    );
    const nb = new CocoonBlock('cocoon_client_increase_stake', {
      source: r.send_excesses_to,
      destination: block.message.destination,
      amount: r.amount,
      data: { query_id: r.query_id, new_stake: r.amount },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

/** OwnerClientWithdraw → ClientProxyRequest (carrying the refund granted) → Payout (+ excesses). */
export class CocoonClientWithdrawMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.ownerClientWithdraw];

  constructor() {
    super({
      child: labeled(
        'client_request',
        call(CocoonOp.clientProxyRequest, { children: [excesses(true), payout()] }),
      ),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = parseCocoonQueryAndExcesses(
      bodySlice(block.message.body),
      CocoonOp.ownerClientWithdraw,
    );
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
    return this.finish(nb, block, others, aborted(block));
  }
}
