/**
 * DeDust swaps (toncenter `swaps.py` DedustSwapBlockMatcher): the pools' swap logs are read, then the
 * leg into the vault (`incomingLeg`) and the leg out (`outgoingLeg`), then the block is built.
 */
import { DEDUST } from '@app/ton';
import { CallContractBlock, findCall, findCalls, isCall } from '../../core/basic-blocks';
import type { Block } from '../../core/block';
import type { ClassifyContext } from '../../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  RecursiveMatcher,
  childSequence,
} from '../../core/matchers';
import { bodySlice } from '../../tlb/cells';
import {
  parseDedustNativeSwap,
  parseDedustPayoutAmount,
  parseDedustSwapNotification,
  parseDedustSwapSteps,
} from '../../tlb/dedust';
import { TON_ASSET, jettonAsset, type Asset } from '../asset';
import { JettonSwapBlock, type PeerSwap } from '../jetton-swap';
import { JettonTransferBlock } from '../jettons';

/** The assets a swap path goes through, from the DeDust pools' interfaces. */
function swapSequence(pools: string[], incoming: Asset, ctx: ClassifyContext): Asset[] {
  let prev = incoming;
  const seq = [prev];
  for (const p of pools) {
    const info = ctx.interfaces.dedustPool(p);
    if (!info) {
      throw new Error(`unknown dedust pool ${p}`);
    }
    for (const a of info.assets) {
      if (a.is_ton && prev.isTon) {
        continue;
      }
      if (!prev.isTon && a.address === prev.jetton) {
        continue;
      }
      prev = a.is_ton ? TON_ASSET : jettonAsset(a.address);
      seq.push(prev);
      break;
    }
  }
  return seq;
}

/** The leg into the vault and the swap path it asks for. */
interface IncomingLeg {
  sender: string | null;
  senderWallet: string | null;
  dexInJettonWallet: string | null;
  dexInWallet: string | null;
  amountIn: bigint | null;
  assetIn: Asset | null;
  steps: string[] | null;
}

/**
 * A jetton transfer into the vault with the swap payload, or the native vault's swap request (no
 * path when neither is there); null when the transfer carries no DeDust swap, which builds nothing.
 */
function incomingLeg(block: Block, others: Block[]): IncomingLeg | null {
  const prev = block.previous;
  if (prev instanceof JettonTransferBlock && others.includes(prev)) {
    if (
      prev.data.payload_opcode !== DEDUST.swap_payload.opcode ||
      prev.data.forward_payload === null
    ) {
      return null;
    }
    const s = bodySlice(prev.data.forward_payload);
    s.skip(32);
    return {
      sender: prev.data.sender,
      senderWallet: prev.data.sender_wallet,
      dexInJettonWallet: prev.data.receiver_wallet,
      dexInWallet: prev.data.receiver,
      amountIn: prev.data.amount,
      assetIn: prev.data.asset,
      steps: parseDedustSwapSteps(s),
    };
  }
  const leg: IncomingLeg = {
    sender: null,
    senderWallet: null,
    dexInJettonWallet: null,
    dexInWallet: null,
    amountIn: null,
    assetIn: null,
    steps: null,
  };
  const request = findCall(others, DEDUST.swap.opcode);
  if (request) {
    leg.sender = request.message.source;
    leg.dexInWallet = request.message.destination;
    const msg = parseDedustNativeSwap(bodySlice(request.message.body));
    leg.amountIn = msg.amount;
    leg.steps = msg.steps;
    leg.assetIn = TON_ASSET;
  }
  return leg;
}

/** The leg out of the vault that pays the pool's payout: a jetton transfer or a TON payout. */
interface OutgoingLeg {
  receiver: string | null;
  receiverWallet: string | null;
  dexOutJettonWallet: string | null;
  dexOutWallet: string | null;
  amountOut: bigint;
  assetOut: Asset | null;
}

function outgoingLeg(payoutFromPool: Block, include: Block[], sender: string | null): OutgoingLeg {
  const leg: OutgoingLeg = {
    receiver: sender,
    receiverWallet: null,
    dexOutJettonWallet: null,
    dexOutWallet: null,
    amountOut: parseDedustPayoutAmount(bodySlice(payoutFromPool.message.body)),
    assetOut: null,
  };
  for (const p of payoutFromPool.next) {
    if (!include.includes(p)) {
      continue;
    }
    if (p instanceof JettonTransferBlock) {
      leg.receiverWallet = p.data.receiver_wallet;
      leg.receiver = p.data.receiver;
      leg.dexOutWallet = p.data.sender;
      leg.dexOutJettonWallet = p.data.sender_wallet;
      leg.assetOut = p.data.asset;
      leg.amountOut = p.data.amount;
    } else if (p instanceof CallContractBlock && p.opcode === DEDUST.payout.opcode) {
      leg.dexOutWallet = p.message.source;
      leg.receiver = p.message.destination;
      leg.assetOut = TON_ASSET;
    }
  }
  return leg;
}

/** Whether every pool the swap went through logged its swap (a pool that did not failed it). */
function everyHopNotified(include: Block[]): boolean {
  return include.every(
    (b) =>
      !(
        b instanceof CallContractBlock &&
        (b.opcode === DEDUST.swap_external.opcode || b.opcode === DEDUST.swap_peer.opcode)
      ) ||
      b.next.some(
        (n) =>
          include.includes(n) &&
          n instanceof CallContractBlock &&
          n.opcode === DEDUST.swap_event.opcode,
      ),
  );
}

/** vault → pool swap (after a jetton transfer or native swap) → peers → payout (TON or jetton). */
export class DedustSwapBlockMatcher extends BlockMatcher {
  constructor() {
    const swap = new OrMatcher([
      new ContractMatcher(DEDUST.swap_peer.opcode, {
        children: [new ContractMatcher(DEDUST.swap_event.opcode, { optional: true })],
      }),
      new ContractMatcher(DEDUST.swap_external.opcode, {
        children: [new ContractMatcher(DEDUST.swap_event.opcode, { optional: true })],
      }),
    ]);
    const peers = new RecursiveMatcher(
      swap,
      new ContractMatcher(DEDUST.payout_from_pool.opcode, {
        child: new OrMatcher([
          new ContractMatcher(DEDUST.payout.opcode),
          new BlockTypeMatcher('jetton_transfer'),
        ]),
      }),
    );
    const payout = childSequence([
      new ContractMatcher(DEDUST.payout_from_pool.opcode),
      new OrMatcher([
        new BlockTypeMatcher('jetton_transfer'),
        new ContractMatcher(DEDUST.payout.opcode),
      ]),
    ]);
    super({
      children: [
        new OrMatcher(payout ? [payout, peers] : [peers]),
        new ContractMatcher(DEDUST.swap_event.opcode, { optional: true }),
      ],
      parent: new OrMatcher([
        new BlockTypeMatcher('jetton_transfer'),
        new ContractMatcher(DEDUST.swap.opcode),
      ]),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, DEDUST.swap_external.opcode);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const include = [block, ...others];
    const notifications = findCalls(include, DEDUST.swap_event.opcode)
      .map((b) => ({ b, msg: parseDedustSwapNotification(bodySlice(b.message.body)) }))
      .sort((x, y) => (x.b.minLt < y.b.minLt ? -1 : x.b.minLt > y.b.minLt ? 1 : 0));
    const peerSwaps: PeerSwap[] = notifications.map(({ msg }) => ({
      in: { amount: msg.amount_in, asset: msg.asset_in },
      out: { amount: msg.amount_out, asset: msg.asset_out },
    }));
    const incoming = incomingLeg(block, others);
    if (incoming === null) {
      return [];
    }
    const { sender, assetIn, amountIn, steps } = incoming;
    const payouts = findCalls(others, DEDUST.payout_from_pool.opcode);
    const payoutFromPool = payouts[0];
    if (!payoutFromPool || payouts.length !== 1) {
      throw new Error('expected one dedust payout from pool');
    }
    const outgoing = outgoingLeg(payoutFromPool, include, sender);
    if (steps === null) {
      throw new Error('dedust swap without a swap path');
    }
    const seq = swapSequence(steps, assetIn ?? TON_ASSET, ctx);
    const destinationAsset = seq[seq.length - 1] ?? null;
    if (peerSwaps.length === 0) {
      peerSwaps.push({
        in: { amount: amountIn ?? 0n, asset: assetIn ?? TON_ASSET },
        out: { amount: outgoing.amountOut, asset: outgoing.assetOut ?? TON_ASSET },
      });
    }
    const failed = !everyHopNotified(include);
    const first = peerSwaps[0];
    const last = peerSwaps[peerSwaps.length - 1];
    if (!first || !last) {
      return [];
    }
    const nb = new JettonSwapBlock({
      dex: 'dedust',
      sender,
      dex_incoming_transfer: {
        asset: first.in.asset,
        amount: first.in.amount,
        source: sender,
        source_jetton_wallet: incoming.senderWallet,
        destination: incoming.dexInWallet,
        destination_jetton_wallet: incoming.dexInJettonWallet,
      },
      dex_outgoing_transfer: {
        asset: last.out.asset,
        amount: last.out.amount,
        source: outgoing.dexOutWallet,
        source_jetton_wallet: outgoing.dexOutJettonWallet,
        destination: outgoing.receiver,
        destination_jetton_wallet: outgoing.receiverWallet,
      },
      peer_swaps: peerSwaps.length > 1 ? peerSwaps : [],
      source_asset: assetIn,
      destination_asset: destinationAsset,
    });
    nb.merge(include);
    nb.failed = failed;
    return [nb];
  }
}
