import type { ActionRow } from '../../action';
import { CallContractBlock } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  OrMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { EVAA, loadFields } from '@app/ton';
import { bodySlice } from '../../tlb/cells';
import { loadEvaaSupplyUserAssetId, parseEvaaSupplyJettonPayload } from '../../tlb/evaa';
import { assetAddress, TON_ASSET, type Asset } from '../asset';
import { JettonTransferBlock } from '../jettons';
import { commentMatcher, EvaaHeaderMatcher, hasPayloadOpcode, hexId } from './common';

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

export class EvaaSupplyBlockMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'supply_user',
        new EvaaHeaderMatcher(EVAA.supply_user.opcode, {
          child: new OrMatcher([
            labeled(
              'supply_success',
              new ContractMatcher(EVAA.supply_success.opcode, { child: commentMatcher() }),
            ),
            labeled('supply_fail', new ContractMatcher(EVAA.supply_fail.opcode)),
            labeled('jetton_return', new BlockTypeMatcher('jetton_transfer')),
          ]),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    if (block instanceof CallContractBlock) {
      return block.opcode === EVAA.supply_master.opcode;
    }
    return (
      block instanceof JettonTransferBlock && hasPayloadOpcode(block, EVAA.supply_master.opcode)
    );
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
      const m = loadFields(EVAA.supply_master, bodySlice(block.message.body));
      amount = m.supply_amount;
      recipient = m.recipient_address;
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
      asset_id: loadEvaaSupplyUserAssetId(bodySlice(user.message.body)),
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
        amount: loadFields(EVAA.supply_success, bodySlice(success.message.body)).amount_supplied,
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
