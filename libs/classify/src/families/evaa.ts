/**
 * EVAA lending (toncenter `evaa.py`): supplies (TON supply_master, or a jetton transfer carrying it) and
 * withdrawals (withdraw_master → user contract → master → payout, or one of the failure paths).
 * Liquidations are not classified yet.
 */
import type { ActionRow } from '../action';
import { CallContractBlock, TonTransferBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  ExclusiveOrMatcher,
  GenericMatcher,
  OrMatcher,
  getLabeled,
  labeled,
  type MatcherOptions,
} from '../core/matchers';
import { bodySlice } from '../tlb/cells';
import {
  EVAA_TON_ASSET_ID,
  EVAA_WITHDRAW_FAIL_EXCESS,
  EvaaOp,
  evaaHeaderOpcode,
  parseEvaaSupplyJettonPayload,
  parseEvaaSupplyMaster,
  parseEvaaSupplySuccessAmount,
  parseEvaaUserCommandAssetId,
  parseEvaaWithdrawCollateralizedAmount,
  parseEvaaWithdrawMaster,
} from '../tlb/evaa';
import { assetAddress, TON_ASSET, type Asset } from './asset';
import { JettonTransferBlock } from './jettons';

const EVAA_COMMENTS = new Set(['EVAA liquidation.', 'EVAA supply.', 'EVAA withdraw.']);

function commentMatcher(): GenericMatcher {
  return new GenericMatcher(
    (b) => b instanceof TonTransferBlock && b.comment !== null && EVAA_COMMENTS.has(b.comment),
    { optional: true },
  );
}

/** A call to a user contract: the opcode follows the user header. */
class EvaaHeaderMatcher extends BlockMatcher {
  constructor(
    readonly opcode: number,
    opts: MatcherOptions = {},
  ) {
    super(opts);
  }

  override testSelf(block: Block): boolean {
    if (!(block instanceof CallContractBlock) || block.message.body === null) {
      return false;
    }
    try {
      return evaaHeaderOpcode(bodySlice(block.message.body)) === this.opcode;
    } catch {
      return false;
    }
  }
}

function hexId(id: bigint | null): string | null {
  return id === null ? null : `0x${id.toString(16)}`;
}

interface EvaaSupplyData {
  sender: string | null;
  recipient: string | null;
  recipient_contract: string | null;
  amount: bigint;
  is_success: boolean;
  is_ton: boolean;
  asset_id: bigint;
  sender_jetton_wallet: string | null;
  recipient_jetton_wallet: string | null;
  master_jetton_wallet: string | null;
  master: string | null;
  asset: Asset | null;
}

export class EvaaSupplyBlock extends Block {
  constructor(readonly data: EvaaSupplyData) {
    super('evaa_supply', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.sender_jetton_wallet;
    action.destination = d.recipient;
    action.destination_secondary = d.recipient_contract;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset);
    action.success = d.is_success && !this.failed;
    action.evaa_supply_data = {
      is_ton: d.is_ton,
      asset_id: hexId(d.asset_id),
      master: d.master,
      recipient_jetton_wallet: d.recipient_jetton_wallet,
      master_jetton_wallet: d.master_jetton_wallet,
    };
  }
}

function isSupplyPayload(b: JettonTransferBlock): boolean {
  const p = b.data.forward_payload;
  if (p === null) {
    return false;
  }
  try {
    return bodySlice(p).loadUint(32) === EvaaOp.supplyMaster;
  } catch {
    return false;
  }
}

export class EvaaSupplyBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'supply_user',
        new EvaaHeaderMatcher(EvaaOp.supplyUser, {
          child: new OrMatcher([
            labeled(
              'supply_success',
              new ContractMatcher(EvaaOp.supplySuccess, { child: commentMatcher() }),
            ),
            labeled('supply_fail', new ContractMatcher(EvaaOp.supplyFail)),
            labeled('jetton_return', new BlockTypeMatcher('jetton_transfer')),
          ]),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    if (block instanceof CallContractBlock) {
      return block.opcode === EvaaOp.supplyMaster;
    }
    return block instanceof JettonTransferBlock && isSupplyPayload(block);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const isTon = block instanceof CallContractBlock;
    let sender: string | null;
    let amount: bigint;
    let senderWallet: string | null = null;
    let recipientWallet: string | null = null;
    let masterWallet: string | null = null;
    let master: string | null;
    let recipient: string | null;
    let asset: Asset | null = TON_ASSET;
    if (block instanceof CallContractBlock) {
      sender = block.message.source;
      const m = parseEvaaSupplyMaster(bodySlice(block.message.body));
      amount = m.supply_amount;
      recipient = m.recipient;
      master = block.message.destination;
    } else if (block instanceof JettonTransferBlock) {
      sender = block.data.sender;
      senderWallet = block.data.sender_wallet;
      masterWallet = block.data.receiver_wallet;
      amount = block.data.amount;
      master = block.data.receiver;
      asset = block.data.asset;
      if (block.data.forward_payload === null) {
        return [];
      }
      recipient = parseEvaaSupplyJettonPayload(bodySlice(block.data.forward_payload)).recipient;
      if (sender !== null && sender === recipient) {
        recipientWallet = senderWallet;
      } else {
        for (const o of others) {
          if (o instanceof JettonTransferBlock && o.data.sender_wallet === masterWallet) {
            recipientWallet = o.data.receiver_wallet;
            break;
          }
        }
      }
    } else {
      return [];
    }
    const user = getLabeled('supply_user', others, CallContractBlock);
    if (!user) {
      return [];
    }
    const base = {
      sender,
      recipient,
      recipient_contract: user.message.destination,
      is_ton: isTon,
      asset_id: parseEvaaUserCommandAssetId(bodySlice(user.message.body)),
      recipient_jetton_wallet: recipientWallet,
      master_jetton_wallet: masterWallet,
      sender_jetton_wallet: senderWallet,
      master,
      asset,
    };
    const success = getLabeled('supply_success', others, CallContractBlock);
    if (success) {
      const nb = new EvaaSupplyBlock({
        ...base,
        amount: parseEvaaSupplySuccessAmount(bodySlice(success.message.body)),
        is_success: true,
      });
      nb.merge([block, ...others]);
      return [nb];
    }
    const fail = getLabeled('supply_fail', others, CallContractBlock);
    const jettonReturn = getLabeled('jetton_return', others, JettonTransferBlock);
    if (fail || jettonReturn) {
      const nb = new EvaaSupplyBlock({ ...base, amount, is_success: false });
      nb.merge([block, ...others]);
      return [nb];
    }
    return [];
  }
}

interface EvaaWithdrawData {
  owner: string | null;
  owner_contract: string | null;
  recipient: string | null;
  asset_id: bigint;
  amount: bigint;
  is_success: boolean;
  is_ton: boolean;
  recipient_jetton_wallet: string | null;
  master_jetton_wallet: string | null;
  fail_reason: string | null;
  master: string | null;
  asset: Asset | null;
}

export class EvaaWithdrawBlock extends Block {
  constructor(readonly data: EvaaWithdrawData) {
    super('evaa_withdraw', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.owner;
    action.destination = d.recipient;
    action.destination_secondary = d.owner_contract;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset);
    action.success = d.is_success && !this.failed;
    action.evaa_withdraw_data = {
      is_ton: d.is_ton,
      recipient_jetton_wallet: d.recipient_jetton_wallet,
      master_jetton_wallet: d.master_jetton_wallet,
      fail_reason: d.fail_reason,
      master: d.master,
      asset_id: hexId(d.asset_id),
    };
  }
}

export class EvaaWithdrawBlockMatcher extends BlockMatcher {
  constructor() {
    const payout = new ExclusiveOrMatcher([
      labeled('jetton_payout', new BlockTypeMatcher('jetton_transfer')),
      labeled(
        'ton_payout',
        new ContractMatcher(EvaaOp.withdrawSuccess, { child: commentMatcher() }),
      ),
    ]);
    const success = labeled(
      'withdraw_success',
      new EvaaHeaderMatcher(EvaaOp.withdrawSuccess, {
        child: new BlockTypeMatcher('ton_transfer'),
      }),
    );
    const collateralizedSuccess = labeled(
      'withdraw_collateralized_success',
      new ContractMatcher(EvaaOp.withdrawCollateralized, { children: [payout, success] }),
    );
    const collateralizedFail = labeled(
      'withdraw_collateralized_fail',
      new ContractMatcher(EvaaOp.withdrawCollateralized, {
        child: labeled(
          'withdraw_fail_no_funds',
          new EvaaHeaderMatcher(EvaaOp.withdrawFail, {
            child: labeled(
              'withdraw_no_funds_excess',
              new ContractMatcher(EvaaOp.withdrawNoFundsExcess),
            ),
          }),
        ),
      }),
    );
    const failOnUser = labeled(
      'withdraw_fail_on_user_excesses',
      new GenericMatcher(
        (b) =>
          b instanceof CallContractBlock &&
          b.opcode !== null &&
          EVAA_WITHDRAW_FAIL_EXCESS.has(b.opcode),
      ),
    );
    super({
      child: labeled(
        'withdraw_on_user',
        new EvaaHeaderMatcher(EvaaOp.withdrawUser, {
          child: new ExclusiveOrMatcher([collateralizedSuccess, collateralizedFail, failOnUser]),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === EvaaOp.withdrawMaster;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const m = parseEvaaWithdrawMaster(bodySlice(block.message.body));
    const isTon = m.asset_id === EVAA_TON_ASSET_ID;
    const user = getLabeled('withdraw_on_user', others, CallContractBlock);
    if (!user) {
      return [];
    }
    const base: EvaaWithdrawData = {
      owner: block.message.source,
      owner_contract: user.message.destination,
      recipient: m.recipient,
      asset_id: m.asset_id,
      amount: m.amount,
      is_success: false,
      is_ton: isTon,
      recipient_jetton_wallet: null,
      master_jetton_wallet: null,
      fail_reason: null,
      master: block.message.destination,
      asset: null,
    };
    let data: EvaaWithdrawData | null = null;
    const ok = getLabeled('withdraw_collateralized_success', others, CallContractBlock);
    if (ok) {
      data = {
        ...base,
        amount: parseEvaaWithdrawCollateralizedAmount(bodySlice(ok.message.body)),
        is_success: true,
      };
      if (isTon) {
        if (!getLabeled('ton_payout', others, CallContractBlock)) {
          return [];
        }
        data.asset = TON_ASSET;
      } else {
        const p = getLabeled('jetton_payout', others, JettonTransferBlock);
        if (!p) {
          return [];
        }
        data.asset = p.data.asset;
        data.recipient_jetton_wallet = p.data.receiver_wallet;
        data.master_jetton_wallet = p.data.sender_wallet;
      }
    } else if (getLabeled('withdraw_collateralized_fail', others, CallContractBlock)) {
      data = { ...base, fail_reason: 'withdraw_no_funds_excess' };
    } else {
      const f = getLabeled('withdraw_fail_on_user_excesses', others, CallContractBlock);
      if (f && f.opcode !== null) {
        data = { ...base, fail_reason: EVAA_WITHDRAW_FAIL_EXCESS.get(f.opcode) ?? null };
      }
    }
    if (!data) {
      return [];
    }
    const nb = new EvaaWithdrawBlock(data);
    nb.merge([block, ...others]);
    return [nb];
  }
}
