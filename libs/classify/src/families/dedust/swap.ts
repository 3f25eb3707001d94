/** DeDust swaps (toncenter `swaps.py` DedustSwapBlockMatcher). */
import { DEDUST } from '@app/ton';
import { CallContractBlock, findCall, findCalls } from '../../core/basic-blocks';
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
    return block instanceof CallContractBlock && block.opcode === DEDUST.swap_external.opcode;
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
    const prev = block.previous;
    let sender: string | null = null;
    let senderWallet: string | null = null;
    let dexInJettonWallet: string | null = null;
    let dexInWallet: string | null = null;
    let amountIn: bigint | null = null;
    let assetIn: Asset | null = null;
    let steps: string[] | null = null;
    if (prev instanceof JettonTransferBlock && others.includes(prev)) {
      dexInJettonWallet = prev.data.receiver_wallet;
      dexInWallet = prev.data.receiver;
      senderWallet = prev.data.sender_wallet;
      sender = prev.data.sender;
      assetIn = prev.data.asset;
      if (
        prev.data.payload_opcode !== DEDUST.swap_payload.opcode ||
        prev.data.forward_payload === null
      ) {
        return [];
      }
      amountIn = prev.data.amount;
      const s = bodySlice(prev.data.forward_payload);
      s.skip(32);
      steps = parseDedustSwapSteps(s);
    } else {
      const request = findCall(others, DEDUST.swap.opcode);
      if (request) {
        sender = request.message.source;
        dexInWallet = request.message.destination;
        const msg = parseDedustNativeSwap(bodySlice(request.message.body));
        amountIn = msg.amount;
        steps = msg.steps;
        assetIn = TON_ASSET;
      }
    }
    const payouts = findCalls(others, DEDUST.payout_from_pool.opcode);
    const payoutFromPool = payouts[0];
    if (!payoutFromPool || payouts.length !== 1) {
      throw new Error('expected one dedust payout from pool');
    }
    let receiver = sender;
    let receiverWallet: string | null = null;
    let dexOutJettonWallet: string | null = null;
    let dexOutWallet: string | null = null;
    let amountOut: bigint | null = parseDedustPayoutAmount(bodySlice(payoutFromPool.message.body));
    let assetOut: Asset | null = null;
    for (const p of payoutFromPool.next) {
      if (!include.includes(p)) {
        continue;
      }
      if (p instanceof JettonTransferBlock) {
        receiverWallet = p.data.receiver_wallet;
        receiver = p.data.receiver;
        dexOutWallet = p.data.sender;
        dexOutJettonWallet = p.data.sender_wallet;
        assetOut = p.data.asset;
        amountOut = p.data.amount;
      } else if (p instanceof CallContractBlock && p.opcode === DEDUST.payout.opcode) {
        dexOutWallet = p.message.source;
        receiver = p.message.destination;
        assetOut = TON_ASSET;
      }
    }
    if (steps === null) {
      throw new Error('dedust swap without a swap path');
    }
    const seq = swapSequence(steps, assetIn ?? TON_ASSET, ctx);
    const destinationAsset = seq[seq.length - 1] ?? null;
    if (peerSwaps.length === 0) {
      peerSwaps.push({
        in: { amount: amountIn ?? 0n, asset: assetIn ?? TON_ASSET },
        out: { amount: amountOut, asset: assetOut ?? TON_ASSET },
      });
    }
    let failed = false;
    for (const b of include) {
      if (
        b instanceof CallContractBlock &&
        (b.opcode === DEDUST.swap_external.opcode || b.opcode === DEDUST.swap_peer.opcode)
      ) {
        const notified = b.next.some(
          (n) =>
            include.includes(n) &&
            n instanceof CallContractBlock &&
            n.opcode === DEDUST.swap_event.opcode,
        );
        if (!notified) {
          failed = true;
          break;
        }
      }
    }
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
        source_jetton_wallet: senderWallet,
        destination: dexInWallet,
        destination_jetton_wallet: dexInJettonWallet,
      },
      dex_outgoing_transfer: {
        asset: last.out.asset,
        amount: last.out.amount,
        source: dexOutWallet,
        source_jetton_wallet: dexOutJettonWallet,
        destination: receiver,
        destination_jetton_wallet: receiverWallet,
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
