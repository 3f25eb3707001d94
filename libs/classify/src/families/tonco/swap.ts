/**
 * TONCO v3 swaps (toncenter `swaps.py` ToncoSwapBlockMatcher): multi-hop through the router sending to
 * itself. A match is collected by label (`collectSwap`), each hop read into a typed result
 * (`parseSwapStep`), then built from its legs (`routerIncomingLeg`, `peerSwapsOf`).
 */
import { TONCO, STONFI } from '@app/ton';
import { findCall, isCall } from '../../core/basic-blocks';
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
import { parseToncoPayTo, parseToncoSwap, toncoSwapTargets } from '../../tlb/tonco';
import { TON_ASSET, type Asset } from '../asset';
import {
  byMinLt,
  routerIncomingLeg,
  routerTransferLeg,
  unwrapPton,
  walletAsset,
} from '../dex-assets';
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

/** The matched blocks by label, each kind in lt order. */
interface CollectedSwap {
  inTransfer: Block | null;
  swaps: Block[];
  payouts: Block[];
  outs: Block[];
  intermediates: Block[];
  triggers: Block[];
}

function collectSwap(block: Block, others: Block[]): CollectedSwap {
  const c: CollectedSwap = {
    inTransfer: null,
    swaps: [block],
    payouts: [],
    outs: [],
    intermediates: [],
    triggers: [],
  };
  const byLabel = new Map<string, Block[]>([
    ['peer_swap', c.swaps],
    ['payout', c.payouts],
    ['out_transfer', c.outs],
    ['intermediate_transfer', c.intermediates],
    ['intermediate_hop_trigger', c.triggers],
  ]);
  for (const b of [...others].sort(byMinLt)) {
    if (!(b instanceof LabelBlock)) {
      continue;
    }
    if (b.label === 'in_transfer') {
      c.inTransfer = b.block;
    } else {
      byLabel.get(b.label)?.push(b.block);
    }
  }
  c.swaps.sort(byMinLt);
  c.payouts.sort(byMinLt);
  return c;
}

/** The hops of a multi-pool swap (each pay_to's larger leg); empty for a single pool. */
function peerSwapsOf(
  steps: readonly ReturnType<typeof parseToncoPayTo>[],
  walletAssets: ReadonlyMap<string, Asset>,
  incoming: DexTransfer,
): PeerSwap[] {
  const peerSwaps: PeerSwap[] = [];
  const [first, ...rest] = steps;
  if (steps.length <= 1 || !first) {
    return peerSwaps;
  }
  const leg = largestOut(first);
  const legAsset = leg ? walletAssets.get(leg[1]) : undefined;
  if (!leg || !legAsset || !incoming.asset) {
    return peerSwaps;
  }
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
  return peerSwaps;
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
    return isCall(block, TONCO.pool_swap.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const { inTransfer, swaps, payouts, outs, intermediates, triggers } = collectSwap(
      block,
      others,
    );
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
    const { sender, incoming, inPayload } = routerIncomingLeg(inTransfer, block);
    // a TONCO swap's TON leg without a value counts as 0 (StonFi v2 keeps it unknown)
    incoming.amount ??= 0n;
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
    const peerSwaps = peerSwapsOf(steps, walletAssets, incoming);
    let destinationAsset: Asset | null = outAsset;
    let minOut: bigint | null = out.data.amount;
    if (!ok && steps.length > 0 && inPayload) {
      // an unreadable request payload keeps the refund's asset, as toncenter does
      const targets = tryParse(() => toncoSwapTargets(inPayload.beginParse()));
      if (targets.ok) {
        // toncenter (swaps.py ToncoSwapBlockMatcher) takes the last hop's min_out as soon as the request
        // reads, before it looks the target wallet up: an unknown target keeps the refund's asset but
        // reports the requested minimum, and a request naming no target wallet reports none
        const last = targets.value[targets.value.length - 1];
        minOut = last ? last[1] : null;
        const target =
          last && last[0] !== null
            ? (walletAssets.get(last[0]) ?? walletAsset(ctx, last[0]))
            : null;
        if (target) {
          destinationAsset = target;
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
