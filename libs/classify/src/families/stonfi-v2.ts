/**
 * StonFi v2 swaps (toncenter `StonfiV2SwapBlockMatcher`): jetton or pTON transfer to the router → swap
 * (pool) → pay_to (router) → outgoing transfer, or a further swap for cross-pool swaps. A match is
 * collected by label (`collectSwap`), its bodies read into a typed result (`parseSwap`), then built
 * from the legs (`routerIncomingLeg`, `peerSwapsOf`, `outgoingLeg`).
 */
import { type LoadedFields, loadFields, STONFI } from '@app/ton';
import { findCall, isCall } from '../core/basic-blocks';
import { type Block, LabelBlock } from '../core/block';
import type { ClassifyContext } from '../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  GenericMatcher,
  OrMatcher,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { type Parsed, tryParse } from '../tlb/parse-result';
import { JettonOp } from '../tlb/jetton';
import { parseStonfiV2Swap, stonfiV2NotificationTarget, stonfiV2PoolWallets } from '../tlb/stonfi';
import { parsePTonTransfer } from '../tlb/tonco';
import { jettonAsset, TON_ASSET, type Asset } from './asset';
import { byMinLt, routerIncomingLeg, routerTransferLeg, walletAsset } from './dex-assets';
import { JettonSwapBlock, type DexTransfer, type PeerSwap } from './jetton-swap';
import { JettonTransferBlock } from './jettons';

const SWAP_OK = STONFI.swap_ok.opcode;

type StonfiV2PayTo = LoadedFields<(typeof STONFI.pay_to_v2)['fields']>;

/** The larger leg of a pay_to (ties keep token0, as toncenter's stable sort does). */
function largest(p: StonfiV2PayTo): [bigint, string | null] {
  const legs = p.additional_info;
  return legs.amount1_out > legs.amount0_out
    ? [legs.amount1_out, legs.token1_address]
    : [legs.amount0_out, legs.token0_address];
}

/** A router's pTON transfer to itself that continues a cross swap. */
function isIntermediatePton(block: Block): boolean {
  const prev = block.previous;
  if (!(prev instanceof JettonTransferBlock) || prev.data.has_internal_transfer) {
    return false;
  }
  if (prev.data.receiver !== block.message.destination) {
    return false;
  }
  // a body that is not a pTON transfer is not the router's self-transfer (toncenter: bare except → False)
  const p = tryParse(() => parsePTonTransfer(bodySlice(block.message.body)));
  if (!p.ok || p.value.forward_payload === null) {
    return false;
  }
  const payload = p.value.forward_payload.beginParse();
  return payload.remainingBits >= 32 && payload.loadUint(32) >>> 0 === STONFI.swap_v2.opcode;
}

/** The target wallet named in the router notification's swap payload (toncenter's address selector). */
function targetFromNotification(block: Block | null, ctx: ClassifyContext): Asset | null {
  if (!block) {
    return null;
  }
  // an unreadable notification names no target (toncenter: `except Exception: return None`)
  const target = tryParse(() => stonfiV2NotificationTarget(bodySlice(block.message.body)));
  if (!target.ok || target.value === null) {
    return null;
  }
  const w = ctx.interfaces.jettonWallet(target.value);
  return w ? jettonAsset(w.jetton) : null;
}

/** The matched blocks by label: each swap with its pay_to, in lt order, and the two transfers. */
interface CollectedSwap {
  pairs: { swap: Block; payTo: Block | null }[];
  inTransfer: Block | null;
  outTransfer: Block | null;
}

function collectSwap(block: Block, others: Block[]): CollectedSwap {
  const c: CollectedSwap = {
    pairs: [{ swap: block, payTo: null }],
    inTransfer: null,
    outTransfer: null,
  };
  for (const b of [...others].sort(byMinLt)) {
    if (!(b instanceof LabelBlock)) {
      continue;
    }
    if (b.label === 'peer_swap') {
      c.pairs.push({ swap: b.block, payTo: null });
    } else if (b.label === 'payout') {
      const last = c.pairs[c.pairs.length - 1];
      if (last) {
        last.payTo = b.block;
      }
    } else if (b.label === 'out_transfer') {
      c.outTransfer = b.block;
    } else if (b.label === 'in_transfer') {
      c.inTransfer = b.block;
    }
  }
  return c;
}

/** One pool hop read from its swap and pay_to bodies. */
interface SwapStep {
  wallet: string | null;
  minLt: bigint;
  pay: StonfiV2PayTo;
  pools: string[];
}

/** A swap whose bodies all read: its hops in lt order (at least one) and whether every hop paid out. */
interface ParsedSwap {
  steps: [SwapStep, ...SwapStep[]];
  ok: boolean;
  inTransfer: Block;
  outTransfer: JettonTransferBlock;
}

/**
 * Reads every hop's pay_to and swap bodies (toncenter reads them all before building, so one
 * unreadable body or a hop without pay_to means no action).
 */
function parseSwap(c: CollectedSwap): Parsed<ParsedSwap> {
  return tryParse(() => {
    let ok = true;
    const steps: SwapStep[] = [];
    for (const { swap, payTo } of c.pairs) {
      if (!payTo) {
        throw new Error('stonfi v2 swap without pay_to');
      }
      const pay = loadFields(STONFI.pay_to_v2, bodySlice(payTo.message.body));
      if (pay.exit_code !== SWAP_OK) {
        ok = false;
      }
      const msg = parseStonfiV2Swap(bodySlice(swap.message.body));
      steps.push({
        wallet: msg.token_wallet1,
        minLt: swap.minLt,
        pay,
        pools: stonfiV2PoolWallets(msg),
      });
    }
    steps.sort(byMinLt);
    const [first, ...rest] = steps;
    const { inTransfer, outTransfer } = c;
    if (!first || !inTransfer || !(outTransfer instanceof JettonTransferBlock)) {
      throw new Error('incomplete stonfi v2 swap');
    }
    return { steps: [first, ...rest], ok, inTransfer, outTransfer };
  });
}

/** The hops of a cross swap (each pay_to's larger leg); empty for a single pool. */
function peerSwapsOf(
  steps: readonly SwapStep[],
  poolAssets: ReadonlyMap<string, Asset>,
  incoming: DexTransfer,
): PeerSwap[] {
  const [firstStep] = steps;
  const peerSwaps: PeerSwap[] = [];
  if (!firstStep || steps.length <= 1) {
    return peerSwaps;
  }
  const [amount, addr] = largest(firstStep.pay);
  const asset = addr === null ? undefined : poolAssets.get(addr);
  if (!asset || !incoming.asset) {
    throw new Error('stonfi v2: unknown pool asset');
  }
  peerSwaps.push({
    in: { amount: incoming.amount ?? 0n, asset: incoming.asset },
    out: { amount, asset },
  });
  if (firstStep.pay.exit_code === SWAP_OK) {
    for (const s of steps.slice(1)) {
      if (s.pay.exit_code !== SWAP_OK) {
        continue;
      }
      const [amt, a] = largest(s.pay);
      const next = a === null ? undefined : poolAssets.get(a);
      const prev = peerSwaps[peerSwaps.length - 1];
      if (!next || !prev) {
        throw new Error('stonfi v2: unknown pool asset');
      }
      peerSwaps.push({ in: prev.out, out: { amount: amt, asset: next } });
    }
  }
  return peerSwaps;
}

/** The leg out of the router: its jetton transfer, or TON through the pTON wallet's ton_transfer. */
function outgoingLeg(outTransfer: JettonTransferBlock): { outgoing: DexTransfer; extra: Block[] } {
  const pton = findCall(outTransfer.next, STONFI.pton_ton_transfer.opcode);
  const od = outTransfer.data;
  if (pton === null && od.has_internal_transfer) {
    return { outgoing: routerTransferLeg(outTransfer), extra: [] };
  }
  if (!pton) {
    throw new Error('stonfi v2: pTON payout without its ton_transfer');
  }
  return {
    outgoing: {
      asset: TON_ASSET,
      amount: parsePTonTransfer(bodySlice(pton.message.body)).ton_amount,
      source: od.sender,
      source_jetton_wallet: od.sender_wallet,
      destination: pton.message.destination,
      destination_jetton_wallet: null,
    },
    extra: [pton],
  };
}

export class StonfiV2SwapBlockMatcher extends BlockMatcher {
  constructor() {
    const payout = labeled('payout', new ContractMatcher(STONFI.pay_to_v2.opcode));
    const peerSwap = labeled(
      'peer_swap',
      new ContractMatcher(STONFI.swap_v2.opcode, { child: payout, optional: true }),
    );
    const ptonVerified = new GenericMatcher(isIntermediatePton, {
      child: new ContractMatcher(JettonOp.notify, { child: peerSwap }),
      optional: true,
    });
    const intermediatePton = new GenericMatcher(
      (b) => b instanceof JettonTransferBlock && !b.data.has_internal_transfer,
      { child: ptonVerified },
    );
    payout.child = new OrMatcher([
      labeled('out_transfer', intermediatePton),
      labeled(
        'out_transfer',
        new BlockTypeMatcher('jetton_transfer', { child: peerSwap, optional: true }),
      ),
      peerSwap,
    ]);
    const inPton = new ContractMatcher(JettonOp.notify, {
      parent: labeled('in_transfer', new ContractMatcher(STONFI.pton_ton_transfer.opcode)),
    });
    super({
      parent: new OrMatcher([
        labeled('in_transfer', new BlockTypeMatcher('jetton_transfer')),
        inPton,
      ]),
      child: payout,
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, STONFI.swap_v2.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const parsed = parseSwap(collectSwap(block, others));
    if (!parsed.ok) {
      throw new Error(parsed.reason);
    }
    const { steps, ok, inTransfer, outTransfer } = parsed.value;
    const [firstStep] = steps;
    const targetPool = firstStep.pools[firstStep.pools.length - 1] ?? null;
    const destinationAsset = walletAsset(ctx, targetPool);
    const poolAssets = new Map<string, Asset>();
    for (const s of steps) {
      const a = walletAsset(ctx, s.wallet);
      if (!a || s.wallet === null) {
        block.broken = true;
        break;
      }
      poolAssets.set(s.wallet, a);
    }
    const { sender, incoming } = routerIncomingLeg(inTransfer, block);
    const peerSwaps = peerSwapsOf(steps, poolAssets, incoming);
    const { outgoing, extra } = outgoingLeg(outTransfer);
    const previous = block.previous;
    const nb = new JettonSwapBlock({
      dex: 'stonfi_v2',
      source_asset: incoming.asset,
      destination_asset: outgoing.asset,
      sender,
      dex_incoming_transfer: incoming,
      dex_outgoing_transfer: outgoing,
      peer_swaps: peerSwaps.length <= 1 ? [] : peerSwaps,
    });
    nb.merge([block, ...others, ...extra]);
    nb.failed = !ok;
    if (!ok) {
      const target = destinationAsset ?? targetFromNotification(previous, ctx);
      if (target) {
        nb.data.destination_asset = target;
      }
    }
    return [nb];
  }
}
