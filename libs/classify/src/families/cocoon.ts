/**
 * Cocoon (toncenter `cocoon.py`): worker and proxy payouts, proxy charges, client top-ups,
 * registrations, secret-hash changes, refunds, stake increases and withdrawals, and proxy
 * (un)registration at the root. Each flow starts with one Cocoon message and is recognised by the
 * replies it provokes (payouts, excesses, the client's request to its proxy).
 */
import type { ActionData, ActionDataColumn, ActionRow } from '../action';
import { CallContractBlock, findCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import {
  BlockMatcher,
  ContractMatcher,
  getLabeled,
  labeled,
  type MatcherOptions,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import {
  CocoonOp,
  parseCocoonClientRequestRefundCoins,
  parseCocoonOwnerClientChangeSecretHash,
  parseCocoonOwnerClientRegister,
  parseCocoonPayoutPayload,
  parseCocoonQueryAndExcesses,
  parseCocoonQueryCoinsExcesses,
  parseCocoonRegisterProxy,
  parseCocoonTokensUsedPayload,
  parseCocoonUnregisterProxy,
  parseCocoonWorkerProxyRequest,
} from '../tlb/cocoon';

/** The columns a Cocoon action sets (the `*_data` composite under its own name). */
interface CocoonColumns {
  source?: string | null;
  source_secondary?: string | null;
  destination?: string | null;
  destination_secondary?: string | null;
  amount?: bigint | null;
  data: ActionData;
}

type CocoonType =
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

function call(opcode: number, opts: MatcherOptions = {}): ContractMatcher {
  return new ContractMatcher(opcode, opts);
}

function excesses(optional = false): BlockMatcher {
  return labeled('excesses', call(CocoonOp.returnExcessesBack, { optional }));
}

function payout(): BlockMatcher {
  return labeled('payout', call(CocoonOp.payout));
}

function clientRequest(): BlockMatcher {
  return labeled('client_request', call(CocoonOp.clientProxyRequest));
}

/** Whether the transaction that received the block's message was aborted. */
function aborted(b: Block): boolean {
  return b.firstNode.tx.aborted;
}

/** A matcher starting at one opcode, building a CocoonBlock whose failure is the start's. */
abstract class CocoonMatcher extends BlockMatcher {
  protected abstract readonly opcodes: readonly number[];

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock &&
      block.opcode !== null &&
      this.opcodes.includes(block.opcode)
    );
  }

  protected finish(nb: CocoonBlock, block: Block, others: Block[], failed: boolean): Block[] {
    nb.merge([block, ...others]);
    nb.failed = failed;
    return [nb];
  }
}

/** Proxy → worker PayoutPayload/LastPayoutPayload → WorkerProxyRequest → Payout to the owner (+ excesses). */
export class CocoonWorkerPayoutMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.payoutPayload, CocoonOp.lastPayoutPayload];

  constructor() {
    super({
      child: call(CocoonOp.workerProxyRequest, { children: [payout(), excesses(true)] }),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    if (!(block instanceof CallContractBlock) || block.opcode === null) {
      return [];
    }
    const last = block.opcode === CocoonOp.lastPayoutPayload;
    const p = parseCocoonPayoutPayload(bodySlice(block.message.body), block.opcode);
    const request = findCall(block.next, CocoonOp.workerProxyRequest);
    const out = getLabeled('payout', others, CallContractBlock);
    if (!request || !out) {
      return [];
    }
    const r = parseCocoonWorkerProxyRequest(bodySlice(request.message.body));
    const nb = new CocoonBlock('cocoon_worker_payout', {
      source: block.message.source,
      source_secondary: block.message.destination,
      destination: r.owner,
      amount: out.message.value,
      data: {
        payout_type: last ? 'last' : 'regular',
        query_id: p.query_id,
        new_tokens: p.new_tokens,
        worker_state: r.state,
        worker_tokens: r.tokens,
      },
    });
    return this.finish(nb, block, others, aborted(out));
  }
}

/** ExtProxyPayoutRequest → Payout to the proxy owner + excesses. */
export class CocoonProxyPayoutMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.extProxyPayoutRequest];

  constructor() {
    super({ children: [payout(), excesses()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = parseCocoonQueryAndExcesses(
      bodySlice(block.message.body),
      CocoonOp.extProxyPayoutRequest,
    );
    const out = getLabeled('payout', others, CallContractBlock);
    if (!out) {
      return [];
    }
    const nb = new CocoonBlock('cocoon_proxy_payout', {
      source: block.message.destination,
      destination: out.message.destination,
      destination_secondary: r.send_excesses_to,
      data: { query_id: r.query_id },
    });
    return this.finish(nb, block, others, aborted(out));
  }
}

/** ChargePayload → excesses + ClientProxyRequest to the client. */
export class CocoonProxyChargeMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.chargePayload];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const p = parseCocoonTokensUsedPayload(bodySlice(block.message.body), CocoonOp.chargePayload);
    const client = getLabeled('client_request', others, CallContractBlock);
    if (!client) {
      return [];
    }
    const nb = new CocoonBlock('cocoon_proxy_charge', {
      source: block.message.destination,
      destination: client.message.destination,
      amount: 0n,
      data: {
        query_id: p.query_id,
        new_tokens_used: p.new_tokens_used,
        expected_address: p.expected_address,
      },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

/** ExtClientTopUp → ClientProxyRequest to the proxy → excesses. */
export class CocoonClientTopUpMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.extClientTopUp];

  constructor() {
    super({
      child: labeled(
        'proxy_request',
        call(CocoonOp.clientProxyRequest, { children: [excesses()] }),
      ),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const t = parseCocoonQueryCoinsExcesses(bodySlice(block.message.body), CocoonOp.extClientTopUp);
    const proxy = getLabeled('proxy_request', others, CallContractBlock);
    if (!proxy) {
      return [];
    }
    const nb = new CocoonBlock('cocoon_client_top_up', {
      source: t.send_excesses_to,
      destination: block.message.destination,
      destination_secondary: proxy.message.destination,
      amount: t.amount,
      data: { query_id: t.query_id },
    });
    return this.finish(nb, block, others, aborted(block));
  }
}

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

/** GrantRefundPayload → ClientProxyRequest → Payout to the refund recipient + excesses. */
export class CocoonGrantRefundMatcher extends CocoonMatcher {
  protected readonly opcodes = [CocoonOp.grantRefundPayload];

  constructor() {
    super({
      child: labeled(
        'client_request',
        call(CocoonOp.clientProxyRequest, { children: [payout(), excesses()] }),
      ),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const p = parseCocoonTokensUsedPayload(
      bodySlice(block.message.body),
      CocoonOp.grantRefundPayload,
    );
    const client = getLabeled('client_request', others, CallContractBlock);
    const out = getLabeled('payout', others, CallContractBlock);
    if (!client || !out) {
      return [];
    }
    const nb = new CocoonBlock('cocoon_grant_refund', {
      source: block.message.destination,
      source_secondary: client.message.destination,
      destination: out.message.destination,
      amount: out.message.value,
      data: {
        query_id: p.query_id,
        new_tokens_used: p.new_tokens_used,
        expected_address: p.expected_address,
      },
    });
    return this.finish(nb, block, others, aborted(out));
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
