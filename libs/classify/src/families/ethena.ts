/**
 * Ethena staking (toncenter `ethena_staking.py`): USDe deposits (a USDe transfer to the pool that
 * mints tsUSDe, `stake_deposit`) and withdrawal requests (a tsUSDe transfer → pool mint → timelocked
 * transfer, `stake_withdrawal_request`).
 */
import type { ActionRow } from '../action';
import { CallContractBlock, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  childSequence,
  getLabeled,
  labeled,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import { JettonOp, parseJettonInternalTransfer } from '../tlb/jetton';
import { assetAddress, type Asset } from './asset';
import { JettonMintBlock, JettonTransferBlock } from './jettons';

const USDE_MASTER = '0:086FA2A675F74347B08DD4606A549B8FDB98829CB282BC1949D3B12FBAED9DCC';
const TSUSDE_MASTER = '0:D0E545323C7ACB7102653C073377F7E3C67F122EB94D430A250739F109D4A57D';
const TIMELOCKED_TRANSFER_OP = 0xb2583ed5;

function same(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? null) !== null && a?.toUpperCase() === b?.toUpperCase();
}

/** `ethena_deposit`, stored as stake_deposit. */
export class EthenaDepositBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      user_jetton_wallet: string | null;
      pool: string | null;
      value: bigint;
      tokens_minted: bigint | null;
      asset: Asset;
      source_asset: Asset;
    },
  ) {
    super('ethena_deposit', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'stake_deposit';
    action.source = d.source;
    action.source_secondary = d.user_jetton_wallet;
    action.destination = d.pool;
    action.amount = d.value;
    action.asset = assetAddress(d.asset);
    action.asset2 = assetAddress(d.source_asset);
    action.staking_data = { provider: 'ethena', tokens_minted: d.tokens_minted };
  }
}

/** A USDe jetton transfer followed by a tsUSDe mint. */
export class EthenaDepositBlockMatcher extends BlockMatcher {
  constructor() {
    super({ child: new BlockTypeMatcher('jetton_mint') });
  }

  override testSelf(block: Block): boolean {
    return block instanceof JettonTransferBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const mint = others.find((b): b is JettonMintBlock => b instanceof JettonMintBlock);
    if (!(block instanceof JettonTransferBlock) || !mint) {
      return [];
    }
    const from = block.data.asset;
    if (!from || !same(from.jetton, USDE_MASTER) || !same(mint.data.asset.jetton, TSUSDE_MASTER)) {
      return [];
    }
    const nb = new EthenaDepositBlock({
      source: block.data.sender,
      user_jetton_wallet: block.data.sender_wallet,
      pool: block.data.receiver,
      value: block.data.amount,
      tokens_minted: mint.data.amount,
      asset: mint.data.asset,
      source_asset: from,
    });
    nb.merge([block, mint]);
    return [nb];
  }
}

/** `ethena_withdrawal_request`, stored as stake_withdrawal_request. */
export class EthenaWithdrawalRequestBlock extends Block {
  constructor(
    readonly data: {
      source: string | null;
      source_wallet: string | null;
      pool: string | null;
      asset: string;
      amount: bigint;
      ts_usde_amount: bigint;
    },
  ) {
    super('ethena_withdrawal_request', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.type = 'stake_withdrawal_request';
    action.source = d.source;
    action.source_secondary = d.source_wallet;
    action.destination = d.pool;
    action.asset = d.asset;
    action.amount = d.amount;
    action.staking_data = { provider: 'ethena', tokens_minted: d.ts_usde_amount };
  }
}

/** transfer → internal_transfer (to the pool) → notify → mint → timelocked transfer. */
export class EthenaWithdrawalRequestBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: childSequence([
        labeled('internal_transfer', new ContractMatcher(JettonOp.internalTransfer)),
        new ContractMatcher(JettonOp.notify),
        labeled('mint', new ContractMatcher(JettonOp.mint)),
        labeled('ts_usde_transfer', new ContractMatcher(TIMELOCKED_TRANSFER_OP)),
      ]),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, JettonOp.transfer);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const internal = getLabeled('internal_transfer', others, CallContractBlock);
    const tsTransfer = getLabeled('ts_usde_transfer', others, CallContractBlock);
    const mint = getLabeled('mint', others, CallContractBlock);
    if (!internal || !tsTransfer || !mint) {
      return [];
    }
    const source = block.message.source;
    const sourceWallet = block.message.destination;
    const receiverWallet = tsTransfer.message.destination;
    const sourceInfo = ctx.interfaces.jettonWallet(sourceWallet);
    const receiverInfo = ctx.interfaces.jettonWallet(receiverWallet);
    if (
      !sourceInfo ||
      !receiverInfo ||
      !same(sourceInfo.owner, source) ||
      !same(receiverInfo.owner, source) ||
      !same(sourceInfo.jetton, internal.message.destination) ||
      !same(receiverInfo.jetton, tsTransfer.message.source)
    ) {
      return [];
    }
    const nb = new EthenaWithdrawalRequestBlock({
      source,
      source_wallet: sourceWallet,
      pool: mint.message.source,
      asset: sourceInfo.jetton,
      amount: parseJettonInternalTransfer(bodySlice(internal.message.body)).amount,
      ts_usde_amount: parseJettonInternalTransfer(bodySlice(tsTransfer.message.body)).amount,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}
