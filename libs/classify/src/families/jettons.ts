/**
 * TEP-74 jetton actions (toncenter `blocks/jettons.py`): jetton_transfer (transfer → internal_transfer
 * → optional notify), the pTON transfer, jetton_burn, jetton_mint and the fallback transfer for a
 * failed wallet external.
 */
import type { ActionRow } from '../action';
import { CallContractBlock, findCall, isCall } from '../core/basic-blocks';
import { Block } from '../core/block';
import type { ClassifyContext } from '../core/context';
import { BlockMatcher, ContractMatcher, OrMatcher } from '../core/matchers';
import { bodySlice, decodeComment } from '../tlb/cells';
import {
  JettonOp,
  parseJettonBurn,
  parseJettonInternalTransfer,
  parseJettonMint,
  parseJettonTransfer,
  type JettonTransferBody,
  type StonfiSwapPayload,
} from '../tlb/jetton';
import { assetAddress, jettonAsset, type Asset } from './asset';

export interface JettonTransferData {
  has_internal_transfer: boolean;
  sender: string | null;
  sender_wallet: string | null;
  receiver: string | null;
  receiver_wallet: string | null;
  response_address: string | null;
  forward_amount: bigint;
  query_id: bigint;
  asset: Asset | null;
  amount: bigint;
  forward_payload: string | null;
  custom_payload: string | null;
  comment: Buffer | null;
  encrypted_comment: boolean;
  payload_opcode: number | null;
  stonfi_swap_body: StonfiSwapPayload | null;
}

export class JettonTransferBlock extends Block {
  constructor(
    public data: JettonTransferData,
    readonly transfer: JettonTransferBody,
  ) {
    super('jetton_transfer', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.sender_wallet;
    action.destination = d.receiver;
    action.destination_secondary = d.receiver_wallet;
    action.amount = d.amount;
    action.asset = d.asset === null || d.asset.isTon ? null : d.asset.jetton;
    let comment: string | null = null;
    if (d.comment !== null) {
      comment = d.encrypted_comment ? d.comment.toString('base64') : decodeComment(d.comment);
    }
    action.jetton_transfer_data = {
      query_id: d.query_id,
      response_destination: d.response_address,
      forward_amount: d.forward_amount,
      custom_payload: d.custom_payload,
      forward_payload: d.forward_payload,
      comment,
      is_encrypted_comment: d.encrypted_comment,
    };
  }
}

function transferData(
  msg: JettonTransferBody,
  block: CallContractBlock,
  extra: Pick<
    JettonTransferData,
    | 'has_internal_transfer'
    | 'sender_wallet'
    | 'receiver'
    | 'receiver_wallet'
    | 'asset'
    | 'amount'
    | 'forward_amount'
  >,
): JettonTransferData {
  return {
    ...extra,
    sender: block.message.source,
    response_address: msg.response,
    query_id: msg.query_id,
    forward_payload: msg.forward_payload,
    custom_payload: msg.custom_payload,
    comment: msg.comment,
    encrypted_comment: msg.encrypted_comment,
    payload_opcode: msg.payload_opcode,
    stonfi_swap_body: msg.stonfi_swap_body,
  };
}

/** A jetton wallet's `transfer` call, its parsed body and the blocks matched below it. */
interface TransferCall {
  readonly block: CallContractBlock;
  readonly msg: JettonTransferBody;
  readonly others: Block[];
}

/**
 * A matcher of the `transfer` call a jetton wallet receives from its owner: each subclass builds the
 * transfer from the call and its parsed body its own way.
 */
abstract class JettonTransferCallMatcher extends BlockMatcher {
  override testSelf(block: Block): boolean {
    return isCall(block, JettonOp.transfer);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    if (!(block instanceof CallContractBlock)) {
      return [];
    }
    const msg = parseJettonTransfer(bodySlice(block.message.body));
    return this.buildTransfer({ block, msg, others }, ctx);
  }

  protected abstract buildTransfer(call: TransferCall, ctx: ClassifyContext): Block[];
}

/**
 * A transfer no internal_transfer followed (a pTON master's, or one a failed wallet meant to send):
 * the receiver and the amounts are the ones the body asked for.
 */
function transferWithoutInternal(
  { block, msg, others }: TransferCall,
  sides: Pick<JettonTransferData, 'sender_wallet' | 'asset'>,
): Block[] {
  const nb = new JettonTransferBlock(
    transferData(msg, block, {
      has_internal_transfer: false,
      sender_wallet: sides.sender_wallet,
      receiver: msg.destination,
      receiver_wallet: null,
      asset: sides.asset,
      amount: msg.amount,
      forward_amount: msg.forward_amount,
    }),
    msg,
  );
  nb.merge([block, ...others]);
  nb.failed = block.failed;
  return [nb];
}

/** transfer (sender's wallet) → internal_transfer (receiver's wallet) → optional transfer_notification. */
export class JettonTransferBlockMatcher extends JettonTransferCallMatcher {
  constructor() {
    super({
      child: new ContractMatcher(JettonOp.internalTransfer, {
        child: new ContractMatcher(JettonOp.notify, { optional: true }),
      }),
    });
  }

  protected override buildTransfer(
    { block, msg, others }: TransferCall,
    ctx: ClassifyContext,
  ): Block[] {
    const internal = findCall(others, JettonOp.internalTransfer);
    let amount = msg.amount;
    let forwardAmount = msg.forward_amount;
    if (internal) {
      try {
        const it = parseJettonInternalTransfer(bodySlice(internal.message.body));
        amount = it.amount;
        forwardAmount = it.forward_ton_amount;
      } catch {
        // An internal_transfer body that does not read: the amounts of the transfer request stand
        // (they are what the sender asked to move).
      }
    }
    if (!internal) {
      throw new Error('jetton transfer without internal_transfer');
    }
    const receiverWallet = internal.message.destination;
    const info = ctx.interfaces.jettonWallet(receiverWallet);
    if (!info) {
      return [];
    }
    let receiver = msg.destination;
    if (receiver === null) {
      // toncenter compares `receiver.to_str(False)` with the wallet's owner: an addr_none destination
      // raises there, so JettonTransferBlockMatcher builds no transfer
      return [];
    }
    if (info.owner !== receiver) {
      // toncenter: the receiving wallet's owner wins over the body's destination; the trace is broken
      block.broken = true;
      receiver = info.owner;
    }
    const nb = new JettonTransferBlock(
      transferData(msg, block, {
        has_internal_transfer: true,
        sender_wallet: block.message.destination,
        receiver,
        receiver_wallet: receiverWallet,
        asset: jettonAsset(info.jetton),
        amount,
        forward_amount: forwardAmount,
      }),
      msg,
    );
    nb.merge([block, ...others]);
    nb.failed = block.failed || internal.failed;
    return [nb];
  }
}

/** pTON masters (StonFi v1/v2 proxy TON, Tonco wTTON): a transfer to them has no internal_transfer. */
export const PTON_MASTERS = new Set([
  '0:8CDC1D7640AD5EE326527FC1AD0514F468B30DC84B0173F0E155F451B4E11F7C',
  '0:671963027F7F85659AB55B821671688601CDCF1EE674FC7FBBB1A776A18D34A3',
  '0:949C4C66760C002800E2FA3D8A3CA4E1C90A9373B53AE7472033483BF14CD95E',
]);

export class PTonTransferMatcher extends JettonTransferCallMatcher {
  constructor() {
    super({ child: new ContractMatcher(JettonOp.notify, { optional: true }) });
  }

  protected override buildTransfer(
    { block, msg, others }: TransferCall,
    ctx: ClassifyContext,
  ): Block[] {
    const wallet = ctx.interfaces.jettonWallet(block.message.destination);
    if (!wallet || !PTON_MASTERS.has(wallet.jetton)) {
      return [];
    }
    return transferWithoutInternal(
      { block, msg, others },
      {
        sender_wallet: null,
        asset: jettonAsset(wallet.jetton),
      },
    );
  }
}

/** A transfer a failed wallet external meant to send (ghost node): no internal_transfer happened. */
export class FallbackJettonTransferBlockMatcher extends JettonTransferCallMatcher {
  protected override buildTransfer(
    { block, msg, others }: TransferCall,
    ctx: ClassifyContext,
  ): Block[] {
    const wallet = ctx.interfaces.jettonWallet(block.message.destination);
    return transferWithoutInternal(
      { block, msg, others },
      {
        sender_wallet: block.message.destination,
        asset: wallet ? jettonAsset(wallet.jetton) : null,
      },
    );
  }
}

export interface JettonBurnData {
  owner: string;
  jetton_wallet: string | null;
  amount: bigint;
  asset: Asset;
}

export class JettonBurnBlock extends Block {
  constructor(public data: JettonBurnData) {
    super('jetton_burn', []);
  }

  override fill(action: ActionRow): void {
    action.source = this.data.owner;
    action.source_secondary = this.data.jetton_wallet;
    action.asset = assetAddress(this.data.asset);
    action.amount = this.data.amount;
  }
}

/** burn (owner → wallet) → optional burn_notification (wallet → master). */
export class JettonBurnBlockMatcher extends BlockMatcher {
  constructor() {
    super({ child: new ContractMatcher(JettonOp.burnNotification, { optional: true }) });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, JettonOp.burn);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const burn = parseJettonBurn(bodySlice(block.message.body));
    const wallet = ctx.interfaces.jettonWallet(block.message.destination);
    if (!wallet) {
      throw new Error('burn on an unknown jetton wallet');
    }
    const nb = new JettonBurnBlock({
      owner: wallet.owner,
      jetton_wallet: block.message.destination,
      amount: burn.amount,
      asset: jettonAsset(wallet.jetton),
    });
    nb.merge([block, ...others]);
    nb.failed = block.failed;
    return [nb];
  }
}

export interface JettonMintData {
  to: string | null;
  to_jetton_wallet: string | null;
  amount: bigint | null;
  ton_amount: bigint;
  asset: Asset;
}

export class JettonMintBlock extends Block {
  constructor(public data: JettonMintData) {
    super('jetton_mint', []);
  }

  override fill(action: ActionRow): void {
    action.destination = this.data.to;
    action.destination_secondary = this.data.to_jetton_wallet;
    action.asset = assetAddress(this.data.asset);
    action.amount = this.data.amount;
    action.value = this.data.ton_amount;
  }
}

/** mint (admin → master) → optional internal_transfer (master → wallet) → optional notify. */
export class JettonMintBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: new OrMatcher(
        [
          new ContractMatcher(JettonOp.notify, { optional: true }),
          new ContractMatcher(JettonOp.internalTransfer, {
            optional: true,
            child: new ContractMatcher(JettonOp.notify, { optional: true }),
          }),
        ],
        true,
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock &&
      (block.opcode === JettonOp.mint || block.opcode === JettonOp.minterMint)
    );
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    const mint = parseJettonMint(bodySlice(block.message.body));
    const internal = findCall(others, JettonOp.internalTransfer);
    let data: JettonMintData;
    let failed = true;
    if (!block.failed && internal) {
      const it = parseJettonInternalTransfer(bodySlice(internal.message.body));
      const wallet = ctx.interfaces.jettonWallet(internal.message.destination);
      if (!wallet) {
        throw new Error('mint to an unknown jetton wallet');
      }
      data = {
        to: wallet.owner,
        to_jetton_wallet: wallet.address,
        amount: it.amount,
        ton_amount: mint.ton_amount,
        asset: jettonAsset(wallet.jetton),
      };
      failed = internal.failed;
    } else {
      data = {
        to: mint.to_address,
        to_jetton_wallet: null,
        amount: mint.master_msg_amount,
        ton_amount: mint.ton_amount,
        asset: jettonAsset(block.message.destination),
      };
    }
    const nb = new JettonMintBlock(data);
    nb.failed = failed;
    nb.merge([block, ...others]);
    return [nb];
  }
}
