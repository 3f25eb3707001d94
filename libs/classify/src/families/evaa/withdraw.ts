import type { ActionRow } from '../../action';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  ExclusiveOrMatcher,
  GenericMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { EVAA, loadFields } from '@app/ton';
import { bodySlice } from '../../tlb/cells';
import { EVAA_TON_ASSET_ID, EVAA_WITHDRAW_FAIL_EXCESS } from '../../tlb/evaa';
import { assetAddress, TON_ASSET, type Asset } from '../asset';
import { JettonTransferBlock } from '../jettons';
import { commentMatcher, EvaaHeaderMatcher, hexId } from './common';

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
        new ContractMatcher(EVAA.withdraw_success.opcode, { child: commentMatcher() }),
      ),
    ]);
    const success = labeled(
      'withdraw_success',
      new EvaaHeaderMatcher(EVAA.withdraw_success.opcode, {
        child: new BlockTypeMatcher('ton_transfer'),
      }),
    );
    const collateralizedSuccess = labeled(
      'withdraw_collateralized_success',
      new ContractMatcher(EVAA.withdraw_collateralized.opcode, { children: [payout, success] }),
    );
    const collateralizedFail = labeled(
      'withdraw_collateralized_fail',
      new ContractMatcher(EVAA.withdraw_collateralized.opcode, {
        child: labeled(
          'withdraw_fail_no_funds',
          new EvaaHeaderMatcher(EVAA.withdraw_fail.opcode, {
            child: labeled(
              'withdraw_no_funds_excess',
              new ContractMatcher(EVAA.withdraw_no_funds_excess.opcode),
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
        new EvaaHeaderMatcher(EVAA.withdraw_user.opcode, {
          child: new ExclusiveOrMatcher([collateralizedSuccess, collateralizedFail, failOnUser]),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, EVAA.withdraw_master.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const m = loadFields(EVAA.withdraw_master, bodySlice(block.message.body));
    const isTon = m.asset_id === EVAA_TON_ASSET_ID;
    const user = getLabeled('withdraw_on_user', others, CallContractBlock);
    if (!user) {
      return [];
    }
    const base: EvaaWithdrawData = {
      owner: block.message.source,
      owner_contract: user.message.destination,
      recipient: m.recipient_addr,
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
        amount: loadFields(EVAA.withdraw_collateralized, bodySlice(ok.message.body))
          .withdraw_amount_current,
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
