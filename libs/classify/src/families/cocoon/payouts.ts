/**
 * Cocoon payouts and charges (toncenter `cocoon.py`): worker and proxy payouts, proxy charges, client
 * top-ups and granted refunds.
 */
import { COCOON, loadFields } from '@app/ton';
import { CallContractBlock, findCall } from '../../core/basic-blocks';
import type { Block } from '../../core/block';
import { getLabeled, labeled } from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import {
  parseCocoonPayoutPayload,
  parseCocoonTokensUsedPayload,
  parseCocoonWorkerProxyRequest,
} from '../../tlb/cocoon';
import { call, clientRequest, CocoonBlock, CocoonMatcher, excesses, payout } from './shared';

/** Proxy → worker PayoutPayload/LastPayoutPayload → WorkerProxyRequest → Payout to the owner (+ excesses). */
export class CocoonWorkerPayoutMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.payout_payload.opcode, COCOON.last_payout_payload.opcode];

  constructor() {
    super({
      child: call(COCOON.worker_proxy_request.opcode, { children: [payout(), excesses(true)] }),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    if (!(block instanceof CallContractBlock) || block.opcode === null) {
      return [];
    }
    const last = block.opcode === COCOON.last_payout_payload.opcode;
    const p = parseCocoonPayoutPayload(bodySlice(block.message.body), block.opcode);
    const request = findCall(block.next, COCOON.worker_proxy_request.opcode);
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
    return this.finish(nb, block, others, out);
  }
}

/** ExtProxyPayoutRequest → Payout to the proxy owner + excesses. */
export class CocoonProxyPayoutMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.ext_proxy_payout_request.opcode];

  constructor() {
    super({ children: [payout(), excesses()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const r = loadFields(COCOON.ext_proxy_payout_request, bodySlice(block.message.body));
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
    return this.finish(nb, block, others, out);
  }
}

/** ChargePayload → excesses + ClientProxyRequest to the client. */
export class CocoonProxyChargeMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.charge_payload.opcode];

  constructor() {
    super({ children: [excesses(), clientRequest()] });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const p = parseCocoonTokensUsedPayload(
      bodySlice(block.message.body),
      COCOON.charge_payload.opcode,
    );
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
    return this.finish(nb, block, others);
  }
}

/** ExtClientTopUp → ClientProxyRequest to the proxy → excesses. */
export class CocoonClientTopUpMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.ext_client_top_up.opcode];

  constructor() {
    super({
      child: labeled(
        'proxy_request',
        call(COCOON.client_proxy_request.opcode, { children: [excesses()] }),
      ),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const t = loadFields(COCOON.ext_client_top_up, bodySlice(block.message.body));
    const proxy = getLabeled('proxy_request', others, CallContractBlock);
    if (!proxy) {
      return [];
    }
    const nb = new CocoonBlock('cocoon_client_top_up', {
      source: t.send_excesses_to,
      destination: block.message.destination,
      destination_secondary: proxy.message.destination,
      amount: t.top_up_amount,
      data: { query_id: t.query_id },
    });
    return this.finish(nb, block, others);
  }
}

/** GrantRefundPayload → ClientProxyRequest → Payout to the refund recipient + excesses. */
export class CocoonGrantRefundMatcher extends CocoonMatcher {
  protected readonly opcodes = [COCOON.grant_refund_payload.opcode];

  constructor() {
    super({
      child: labeled(
        'client_request',
        call(COCOON.client_proxy_request.opcode, { children: [payout(), excesses()] }),
      ),
    });
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const p = parseCocoonTokensUsedPayload(
      bodySlice(block.message.body),
      COCOON.grant_refund_payload.opcode,
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
    return this.finish(nb, block, others, out);
  }
}
