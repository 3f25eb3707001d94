/** StonFi v1 swaps (toncenter `StonfiSwapBlockMatcher`): jetton transfer to the router → swap → pay_to → jetton transfer out. */
import { findCalls } from '../core/basic-blocks';
import type { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, BlockTypeMatcher, ContractMatcher, childSequence } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { parseStonfiPaymentRequest, parseStonfiSwap, StonfiExit, StonfiOp } from '../tlb/stonfi';
import { jettonAsset, TON_ASSET, type Asset } from './asset';
import { JettonSwapBlock, type DexTransfer } from './jetton-swap';
import { JettonTransferBlock } from './jettons';

const SENDER_RELATED_EXITS: readonly number[] = [
  StonfiExit.reserveError,
  StonfiExit.noLiquidity,
  StonfiExit.swapOk,
];

function assetOf(master: string | null): Asset {
  return master === null ? TON_ASSET : jettonAsset(master);
}

function transferAfter(block: Block): JettonTransferBlock {
  const t = block.next.find((b): b is JettonTransferBlock => b instanceof JettonTransferBlock);
  if (!t) {
    throw new Error('stonfi payment request without an outgoing jetton transfer');
  }
  return t;
}

export class StonfiSwapBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: childSequence([
        new ContractMatcher(StonfiOp.swap),
        new ContractMatcher(StonfiOp.paymentRequest),
        new BlockTypeMatcher('jetton_transfer'),
      ]),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof JettonTransferBlock;
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    if (!(block instanceof JettonTransferBlock)) {
      return [];
    }
    const swapCall = findCalls(others, StonfiOp.swap)[0];
    if (!swapCall) {
      throw new Error('no stonfi swap call');
    }
    const swap = parseStonfiSwap(bodySlice(swapCall.message.body));
    const payments = findCalls(others, StonfiOp.paymentRequest).map((b) => ({
      msg: parseStonfiPaymentRequest(bodySlice(b.message.body)),
      block: b,
    }));
    if (payments.length === 0) {
      throw new Error('no stonfi payment request');
    }
    let outAmount: bigint | null = null;
    let outAddr: string | null = null;
    let outgoing: JettonTransferBlock | null = null;
    const inTransfer = swapCall.previous;
    if (!(inTransfer instanceof JettonTransferBlock)) {
      throw new Error('stonfi swap not after a jetton transfer');
    }
    let success = false;
    for (const { msg, block: pb } of payments) {
      const [amount, addr] =
        msg.amount0_out > 0n
          ? [msg.amount0_out, msg.token0_out]
          : [msg.amount1_out, msg.token1_out];
      if (SENDER_RELATED_EXITS.includes(msg.exit_code)) {
        success = msg.exit_code === StonfiExit.swapOk;
        if (outAmount === null || outAmount < amount) {
          outgoing = transferAfter(pb);
          outAmount = amount;
          outAddr = addr;
        }
      } else if (msg.exit_code === StonfiExit.swapOkRef) {
        // the referral payout stays a jetton_transfer of its own
        for (const b of pb.bfs()) {
          const i = others.indexOf(b);
          if (i >= 0) {
            others.splice(i, 1);
          }
        }
      }
    }
    if (!outgoing) {
      throw new Error('stonfi swap without an outgoing transfer');
    }
    const actualOutAddr = outAddr;
    if (block.transfer.stonfi_swap_body !== null) {
      outAddr = block.transfer.stonfi_swap_body.jetton_wallet;
    }
    const outWallet = ctx.interfaces.jettonWallet(outAddr);
    const actualOutWallet = ctx.interfaces.jettonWallet(actualOutAddr);
    const dexInWallet = ctx.interfaces.jettonWallet(swap.token_wallet);
    if (!dexInWallet) {
      throw new Error('stonfi: unknown router wallet');
    }
    const inData = inTransfer.data;
    const outData = outgoing.data;
    const incoming: DexTransfer = {
      asset: assetOf(dexInWallet.jetton),
      amount: swap.amount,
      source: swap.from_real_user,
      source_jetton_wallet: inData.has_internal_transfer ? inData.sender_wallet : null,
      destination: dexInWallet.owner,
      destination_jetton_wallet: swap.token_wallet,
    };
    const outgoingTransfer: DexTransfer = {
      asset: assetOf(actualOutWallet?.jetton ?? null),
      amount: outAmount,
      source: outData.sender,
      source_jetton_wallet: outData.sender_wallet,
      destination: null,
      destination_jetton_wallet: null,
    };
    if (outData.has_internal_transfer && outData.receiver_wallet !== null) {
      outgoingTransfer.destination_jetton_wallet = outData.receiver_wallet;
      outgoingTransfer.destination = outData.receiver;
    } else if (inData.stonfi_swap_body !== null) {
      outgoingTransfer.destination = inData.stonfi_swap_body.user_address;
    } else {
      outgoingTransfer.destination = swap.from_user_address;
    }
    const nb = new JettonSwapBlock({
      dex: 'stonfi',
      sender: swap.from_real_user,
      dex_incoming_transfer: incoming,
      dex_outgoing_transfer: outgoingTransfer,
      destination_asset: outWallet ? jettonAsset(outWallet.jetton) : null,
      destination_wallet: outAddr,
      peer_swaps: [],
    });
    if (!success) {
      nb.failed = true;
    }
    nb.merge([block, ...others]);
    return [nb];
  }
}
