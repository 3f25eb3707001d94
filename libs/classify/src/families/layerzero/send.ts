/**
 * LayerZero v2 sends on TON (toncenter `layerzero.py`): a send (OApp → endpoint → channel → msglib →
 * ULN → callbacks) and a send of tokens (a jetton transfer to an OApp that sends).
 */
import { LAYERZERO } from '@app/ton';
import type { ActionRow } from '../../action';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  getLabeled,
  labeled,
} from '../../core/matchers';
import { parseChannelSendCallback, type LayerZeroPacket } from '../../tlb/layerzero';
import { assetAddress, type Asset } from '../asset';
import { JettonTransferBlock } from '../jettons';
import { bodyCell, event, excess, packetData } from './shared';

export interface LayerZeroSendData {
  initiator: string | null;
  packet: LayerZeroPacket;
  send_request_id: bigint;
  native_fee: bigint;
  zro_fee: bigint;
  endpoint: string | null;
  channel: string | null;
  uln: string | null;
  msglib_manager: string;
  msglib: string;
}

function fillSend(d: LayerZeroSendData, action: ActionRow): void {
  action.source = d.initiator;
  action.layerzero_send_data = {
    send_request_id: d.send_request_id,
    msglib_manager: d.msglib_manager,
    msglib: d.msglib,
    uln: d.uln,
    native_fee: d.native_fee,
    zro_fee: d.zro_fee,
    endpoint: d.endpoint,
    channel: d.channel,
  };
  action.layerzero_packet_data = packetData(d.packet);
}

export class LayerZeroSendBlock extends Block {
  constructor(readonly data: LayerZeroSendData) {
    super('layerzero_send', []);
  }

  override fill(action: ActionRow): void {
    fillSend(this.data, action);
  }
}

export class LayerZeroSendMatcher extends BlockMatcher {
  constructor() {
    const oappCallback = labeled(
      'oapp_callback',
      new ContractMatcher(LAYERZERO.channel_send_callback.opcode, {
        children: [event('packet_sent_event', true), excess('excess_transfer_final')],
      }),
    );
    const sendCallback = labeled(
      'send_callback',
      new ContractMatcher(LAYERZERO.msglib_send_callback.opcode, {
        children: [
          event('msglib_send_callback_event', false),
          excess('excess_transfer_1'),
          excess('excess_transfer_2'),
          excess('excess_transfer_3'),
          excess('excess_transfer_4'),
          excess('excess_transfer_5'),
          oappCallback,
        ],
      }),
    );
    super({
      child: labeled(
        'channel_send',
        new ContractMatcher(LAYERZERO.channel_send.opcode, {
          child: labeled(
            'msglib_send',
            new ContractMatcher(LAYERZERO.msglib_connection_send.opcode, {
              child: labeled(
                'uln_send',
                new ContractMatcher(LAYERZERO.uln_send.opcode, { child: sendCallback }),
              ),
            }),
          ),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return isCall(block, LAYERZERO.endpoint_send.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const channelSend = getLabeled('channel_send', others, CallContractBlock);
    const msglibSend = getLabeled('msglib_send', others, CallContractBlock);
    const ulnSend = getLabeled('uln_send', others, CallContractBlock);
    const sendCallback = getLabeled('send_callback', others, CallContractBlock);
    const oappCallback = getLabeled('oapp_callback', others, CallContractBlock);
    if (!channelSend || !msglibSend || !ulnSend || !sendCallback || !oappCallback) {
      return [];
    }
    const lz = parseChannelSendCallback(bodyCell(oappCallback));
    const nb = new LayerZeroSendBlock({
      initiator: block.message.source,
      packet: lz.packet,
      send_request_id: lz.send_request_id,
      native_fee: lz.native_fee,
      zro_fee: lz.zro_fee,
      endpoint: block.message.destination,
      channel: channelSend.message.destination,
      uln: ulnSend.message.destination,
      msglib_manager: lz.msglib_manager,
      msglib: lz.msglib,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

interface LayerZeroSendTokensData {
  sender: string | null;
  oapp: string | null;
  sender_wallet: string | null;
  oapp_wallet: string | null;
  asset: Asset | null;
  amount: bigint;
  send: LayerZeroSendData;
}

export class LayerZeroSendTokensBlock extends Block {
  constructor(readonly data: LayerZeroSendTokensData) {
    super('layerzero_send_tokens', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source_secondary = d.sender_wallet;
    action.destination = d.oapp;
    action.destination_secondary = d.oapp_wallet;
    action.amount = d.amount;
    action.asset = assetAddress(d.asset);
    fillSend(d.send, action);
    action.source = d.sender;
  }
}

/** A layerzero_send whose previous block is a jetton transfer to the OApp (with a LayerZero event). */
export class LayerZeroSendTokensMatcher extends BlockMatcher {
  constructor() {
    super({
      parent: labeled(
        'jetton_transfer',
        new BlockTypeMatcher('jetton_transfer', {
          child: labeled('layerzero_event', new ContractMatcher(LAYERZERO.event.opcode)),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof LayerZeroSendBlock;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const transfer = getLabeled('jetton_transfer', others, JettonTransferBlock);
    if (!transfer || !(block instanceof LayerZeroSendBlock)) {
      return [];
    }
    const j = transfer.data;
    const nb = new LayerZeroSendTokensBlock({
      sender: j.sender,
      oapp: j.receiver,
      sender_wallet: j.sender_wallet,
      oapp_wallet: j.receiver_wallet,
      asset: j.asset,
      amount: j.amount,
      send: block.data,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}
