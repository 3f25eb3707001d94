/** StonFi v1 swaps (toncenter `StonfiSwapBlockMatcher`): jetton transfer to the router → swap → pay_to → jetton transfer out. */
import { loadFields, STONFI } from '@app/ton';
import { findCalls } from '../core/basic-blocks';
import type { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, BlockTypeMatcher, ContractMatcher, childSequence } from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { jettonAsset, TON_ASSET, type Asset } from './asset';
import { JettonSwapBlock, type DexTransfer } from './jetton-swap';
import { JettonTransferBlock } from './jettons';

const SENDER_RELATED_EXITS: readonly number[] = [
  STONFI.swap_refund_reserve_err.opcode,
  STONFI.swap_refund_no_liq.opcode,
  STONFI.swap_ok.opcode,
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
        new ContractMatcher(STONFI.swap.opcode),
        new ContractMatcher(STONFI.payment_request.opcode),
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
    const swapCall = findCalls(others, STONFI.swap.opcode)[0];
    if (!swapCall) {
      throw new Error('no stonfi swap call');
    }
    const swap = loadFields(STONFI.swap, bodySlice(swapCall.message.body));
    const payments = findCalls(others, STONFI.payment_request.opcode).map((b) => ({
      msg: loadFields(STONFI.payment_request, bodySlice(b.message.body)),
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
      const legs = msg.ref_coins_data;
      const [amount, addr] =
        legs.amount0_out > 0n
          ? [legs.amount0_out, legs.token0_address]
          : [legs.amount1_out, legs.token1_address];
      if (SENDER_RELATED_EXITS.includes(msg.exit_code)) {
        success = msg.exit_code === STONFI.swap_ok.opcode;
        if (outAmount === null || outAmount < amount) {
          outgoing = transferAfter(pb);
          outAmount = amount;
          outAddr = addr;
        }
      } else if (msg.exit_code === STONFI.swap_ok_ref.opcode) {
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
      source: swap.addresses.from_real_user,
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
      outgoingTransfer.destination = swap.from_user;
    }
    const nb = new JettonSwapBlock({
      dex: 'stonfi',
      sender: swap.addresses.from_real_user,
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
