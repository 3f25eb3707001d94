/** TONCO v3 swaps (toncenter `swaps.py` ToncoSwapBlockMatcher): multi-hop through the router sending to itself. */
import { TONCO, STONFI } from '@app/ton';
import { CallContractBlock, findCall } from '../../core/basic-blocks';
import { type Block, LabelBlock } from '../../core/block';
import type { ClassifyContext } from '../../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  labeled,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import { JettonOp } from '../../tlb/jetton';
import { tryParse, type Parsed } from '../../tlb/parse-result';
import {
  parsePTonTransfer,
  parseToncoPayTo,
  parseToncoSwap,
  toncoSwapTargets,
} from '../../tlb/tonco';
import { TON_ASSET, type Asset } from '../asset';
import { byMinLt, routerTransferLeg, unwrapPton, walletAsset } from '../dex-assets';
import { JettonSwapBlock, type DexTransfer, type PeerSwap } from '../jetton-swap';
import { JettonTransferBlock } from '../jettons';

/** The payout's larger amount and its wallet (toncenter sorts the two legs by amount, descending). */
function largestOut(p: {
  amount0: bigint | null;
  jetton0: string | null;
  amount1: bigint | null;
  jetton1: string | null;
}): [bigint, string] | null {
  const legs: [bigint, string][] = [];
  if (p.amount0 !== null && p.jetton0 !== null) {
    legs.push([p.amount0, p.jetton0]);
  }
  if (p.amount1 !== null && p.jetton1 !== null) {
    legs.push([p.amount1, p.jetton1]);
  }
  const [a, b] = legs;
  if (!a) {
    return null;
  }
  return b && b[0] > a[0] ? b : a;
}

function isOk(exitCode: number): boolean {
  return exitCode === 0 || exitCode === 200;
}

/** One hop: the pool's swap message and the router's pay_to answering it. */
function parseSwapStep(
  swapBlock: Block,
  payoutBlock: Block | undefined,
): Parsed<{ swap: ReturnType<typeof parseToncoSwap>; pay: ReturnType<typeof parseToncoPayTo> }> {
  if (!payoutBlock) {
    return { ok: false, reason: 'no pay_to for this swap' };
  }
  return tryParse(() => ({
    swap: parseToncoSwap(bodySlice(swapBlock.message.body)),
    pay: parseToncoPayTo(bodySlice(payoutBlock.message.body)),
  }));
}

/** pool swap (after a jetton or pTON transfer to the router) → pay_to → next hop or final transfer. */
export class ToncoSwapBlockMatcher extends BlockMatcher {
  constructor() {
    const inTransfer = new OrMatcher([
      labeled('in_transfer', new BlockTypeMatcher('jetton_transfer')),
      new ContractMatcher(JettonOp.notify, {
        parent: labeled('in_transfer', new ContractMatcher(STONFI.pton_ton_transfer.opcode)),
      }),
    ]);
    const peerSwap = labeled('peer_swap', new ContractMatcher(TONCO.pool_swap.opcode));
    const hopTrigger = labeled(
      'intermediate_hop_trigger',
      new ContractMatcher(JettonOp.notify, { child: peerSwap }),
    );
    const outOptions = new OrMatcher([
      labeled(
        'intermediate_transfer',
        new BlockTypeMatcher('jetton_transfer', {
          child: new ContractMatcher(STONFI.pton_ton_transfer.opcode, { child: hopTrigger }),
        }),
      ),
      labeled(
        'intermediate_transfer',
        new BlockTypeMatcher('jetton_transfer', { child: peerSwap }),
      ),
      labeled(
        'out_transfer',
        new ContractMatcher(JettonOp.transfer, {
          optional: true,
          child: new ContractMatcher(STONFI.pton_ton_transfer.opcode),
        }),
      ),
      labeled('out_transfer', new BlockTypeMatcher('jetton_transfer', { optional: true })),
    ]);
    const payout = labeled(
      'payout',
      new ContractMatcher(TONCO.router_pay_to.opcode, { child: outOptions }),
    );
    peerSwap.child = payout;
    super({ parent: inTransfer, child: payout });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === TONCO.pool_swap.opcode;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const sorted = [...others].sort(byMinLt);
    let inTransfer: Block | null = null;
    const payouts: Block[] = [];
    const swaps: Block[] = [block];
    const outs: Block[] = [];
    const intermediates: Block[] = [];
    const triggers: Block[] = [];
    for (const b of sorted) {
      if (!(b instanceof LabelBlock)) {
        continue;
      }
      switch (b.label) {
        case 'in_transfer':
          inTransfer = b.block;
          break;
        case 'peer_swap':
          swaps.push(b.block);
          break;
        case 'payout':
          payouts.push(b.block);
          break;
        case 'out_transfer':
          outs.push(b.block);
          break;
        case 'intermediate_transfer':
          intermediates.push(b.block);
          break;
        case 'intermediate_hop_trigger':
          triggers.push(b.block);
          break;
      }
    }
    swaps.sort(byMinLt);
    payouts.sort(byMinLt);
    if (!inTransfer || swaps.length !== payouts.length) {
      return [];
    }
    let ok = true;
    const walletAssets = new Map<string, Asset>();
    const steps: ReturnType<typeof parseToncoPayTo>[] = [];
    for (const [i, swapBlock] of swaps.entries()) {
      const step = parseSwapStep(swapBlock, payouts[i]);
      if (!step.ok) {
        // toncenter logs the unreadable step and marks the swap failed
        ok = false;
        continue;
      }
      const { swap, pay } = step.value;
      if (!isOk(pay.exit_code)) {
        ok = false;
      }
      steps.push(pay);
      const src = swap.source_wallet;
      if (src !== null && !walletAssets.has(src)) {
        const a = walletAsset(ctx, src);
        if (a) {
          walletAssets.set(src, a);
        }
      }
    }
    let incoming: DexTransfer;
    let sender: string | null;
    let inPayload: ReturnType<typeof parsePTonTransfer>['forward_payload'] = null;
    if (inTransfer instanceof JettonTransferBlock) {
      sender = inTransfer.data.sender;
      incoming = routerTransferLeg(inTransfer);
    } else {
      const msg = inTransfer.message;
      let amount = msg.value ?? 0n;
      if (
        inTransfer instanceof CallContractBlock &&
        inTransfer.opcode === STONFI.pton_ton_transfer.opcode
      ) {
        const p = parsePTonTransfer(bodySlice(msg.body));
        amount = p.ton_amount;
        inPayload = p.forward_payload;
      }
      sender = msg.source;
      incoming = {
        asset: TON_ASSET,
        amount,
        source: msg.source,
        source_jetton_wallet: null,
        destination: block.message.source,
        destination_jetton_wallet: msg.destination,
      };
    }
    const out = outs[outs.length - 1];
    if (!(out instanceof JettonTransferBlock)) {
      return [];
    }
    const extra: Block[] = [];
    const outPton = findCall(out.next, STONFI.pton_ton_transfer.opcode);
    if (outPton) {
      extra.push(outPton);
    }
    const outAsset = unwrapPton(out.data.asset);
    if (out.data.receiver_wallet !== null) {
      walletAssets.set(out.data.receiver_wallet, outAsset);
    }
    if (out.data.sender_wallet !== null) {
      walletAssets.set(out.data.sender_wallet, outAsset);
    }
    const outgoing = routerTransferLeg(out);
    for (const t of intermediates) {
      const p = findCall(t.next, STONFI.pton_ton_transfer.opcode);
      if (t instanceof JettonTransferBlock && p) {
        extra.push(p);
      }
    }
    const peerSwaps: PeerSwap[] = [];
    const [first, ...rest] = steps;
    if (steps.length > 1 && first) {
      const leg = largestOut(first);
      const legAsset = leg ? walletAssets.get(leg[1]) : undefined;
      if (leg && legAsset && incoming.asset) {
        let prev = { amount: leg[0], asset: legAsset };
        peerSwaps.push({ in: { amount: incoming.amount ?? 0n, asset: incoming.asset }, out: prev });
        for (const next of rest) {
          if (!isOk(next.exit_code)) {
            continue;
          }
          const l = largestOut(next);
          if (!l) {
            continue;
          }
          const o = { amount: l[0], asset: walletAssets.get(l[1]) ?? TON_ASSET };
          peerSwaps.push({ in: { ...prev }, out: o });
          prev = o;
        }
      }
    }
    let destinationAsset: Asset | null = outAsset;
    let minOut: bigint | null = out.data.amount;
    if (!ok && steps.length > 0 && inPayload) {
      // an unreadable request payload keeps the refund's asset, as toncenter does
      const targets = tryParse(() => toncoSwapTargets(inPayload.beginParse()));
      const last = targets.ok ? targets.value[targets.value.length - 1] : undefined;
      if (last && last[0] !== null) {
        const target = walletAssets.get(last[0]) ?? walletAsset(ctx, last[0]);
        if (target) {
          destinationAsset = target;
          minOut = last[1];
        }
      }
    }
    const nb = new JettonSwapBlock({
      dex: 'tonco',
      source_asset: incoming.asset,
      destination_asset: destinationAsset,
      sender,
      dex_incoming_transfer: incoming,
      dex_outgoing_transfer: outgoing,
      peer_swaps: peerSwaps,
      min_out_amount: minOut,
    });
    const include = [block, ...others, ...extra];
    for (const b of [...swaps, ...payouts, ...outs, ...intermediates, ...triggers, inTransfer]) {
      if (!include.includes(b)) {
        include.push(b);
      }
    }
    nb.merge(include);
    nb.failed = !ok;
    return [nb];
  }
}
