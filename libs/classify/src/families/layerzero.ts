/**
 * LayerZero v2 on TON (toncenter `layerzero.py`): a send (OApp → endpoint → channel → msglib → ULN →
 * callbacks), a send of tokens (a jetton transfer to an OApp that sends), a receive (executor →
 * channel → OApp), a packet commit (executor → ULN → endpoint → channel) and a DVN verification.
 */
import type { ActionData, ActionRow } from '../action';
import { CallContractBlock } from '../core/basic-blocks';
import { Block } from '../core/block';
import {
  BlockMatcher,
  BlockTypeMatcher,
  ContractMatcher,
  getLabeled,
  labeled,
} from '../core/matchers';
import { parseBoc } from '../tlb/cells';
import {
  LayerZeroOp,
  parseChannelCommitPacket,
  parseChannelSendCallback,
  parseReceiveExecutePacket,
  parseUlnConnectionVerifyCallback,
  type LayerZeroPacket,
} from '../tlb/layerzero';
import { assetAddress, type Asset } from './asset';
import { JettonTransferBlock } from './jettons';

function packetData(p: LayerZeroPacket): ActionData {
  return {
    src_oapp: p.src_oapp,
    dst_oapp: p.dst_oapp,
    src_eid: p.src_eid,
    dst_eid: p.dst_eid,
    nonce: p.nonce,
    guid: p.guid,
    message: p.message,
  };
}

function bodyCell(b: Block): ReturnType<typeof parseBoc> {
  const body = b.message.body;
  if (body === null) {
    throw new Error('message body is not stored');
  }
  return parseBoc(body);
}

function excess(label: string): BlockMatcher {
  return labeled(label, new BlockTypeMatcher('ton_transfer', { optional: true }));
}

function event(label: string, optional: boolean): BlockMatcher {
  return labeled(label, new ContractMatcher(LayerZeroOp.event, { optional }));
}

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
      new ContractMatcher(LayerZeroOp.channelSendCallback, {
        children: [event('packet_sent_event', true), excess('excess_transfer_final')],
      }),
    );
    const sendCallback = labeled(
      'send_callback',
      new ContractMatcher(LayerZeroOp.msglibSendCallback, {
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
        new ContractMatcher(LayerZeroOp.channelSend, {
          child: labeled(
            'msglib_send',
            new ContractMatcher(LayerZeroOp.msglibConnectionSend, {
              child: labeled(
                'uln_send',
                new ContractMatcher(LayerZeroOp.ulnSend, { child: sendCallback }),
              ),
            }),
          ),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === LayerZeroOp.endpointSend;
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
          child: labeled('layerzero_event', new ContractMatcher(LayerZeroOp.event)),
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

interface LayerZeroReceiveData {
  sender: string | null;
  channel: string | null;
  oapp: string | null;
  packet: LayerZeroPacket;
}

export class LayerZeroReceiveBlock extends Block {
  constructor(readonly data: LayerZeroReceiveData) {
    super('layerzero_receive', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.destination = d.oapp;
    action.destination_secondary = d.channel;
    action.layerzero_packet_data = packetData(d.packet);
  }
}

/** The raw hex of an address's hash part, lower-case (toncenter compares `[2:]` of both). */
function addrHashHex(a: string | null): string | null {
  if (a === null) {
    return null;
  }
  const i = a.indexOf(':');
  return i < 0 ? null : a.slice(i + 1).toLowerCase();
}

export class LayerZeroReceiveMatcher extends BlockMatcher {
  constructor() {
    super({
      children: [
        excess('excesses_transfer'),
        labeled(
          'receive_prepare',
          new ContractMatcher(LayerZeroOp.lzReceivePrepare, {
            child: labeled(
              'receive_lock',
              new ContractMatcher(LayerZeroOp.lzReceiveLock, {
                child: labeled(
                  'execute_callback',
                  new ContractMatcher(LayerZeroOp.lzReceiveExecute, {
                    children: [
                      event('even_1', true),
                      labeled(
                        'execute_callback',
                        new ContractMatcher(LayerZeroOp.lzReceiveExecuteCallback, {
                          children: [event('event_2', true), excess('excess_transfer_2')],
                        }),
                      ),
                    ],
                  }),
                ),
              }),
            ),
          }),
        ),
      ],
    });
  }

  override testSelf(block: Block): boolean {
    return (
      block instanceof CallContractBlock && block.opcode === LayerZeroOp.channelLzReceivePrepare
    );
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    // the first block labelled so: toncenter labels both the execute and its callback alike
    const execute = getLabeled('execute_callback', others, CallContractBlock);
    if (!execute) {
      return [];
    }
    const packet = parseReceiveExecutePacket(bodyCell(execute));
    const dst = addrHashHex(execute.message.destination);
    // toncenter strips "0x" from dst_oapp and "0:" from the address before comparing
    if (dst === null || dst !== packet.dst_oapp.slice(2).toLowerCase()) {
      return [];
    }
    const nb = new LayerZeroReceiveBlock({
      sender: block.message.source,
      channel: execute.message.source,
      oapp: execute.message.destination,
      packet,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

interface LayerZeroCommitPacketData {
  sender: string | null;
  uln: string | null;
  uln_connection: string | null;
  endpoint: string | null;
  channel: string | null;
  msglib_connection: string | null;
  packet: LayerZeroPacket;
}

export class LayerZeroCommitPacketBlock extends Block {
  constructor(readonly data: LayerZeroCommitPacketData) {
    super('layerzero_commit_packet', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.source_secondary = d.endpoint;
    action.destination = d.uln;
    action.destination_secondary = d.uln_connection;
    action.asset = d.channel;
    action.asset_secondary = d.msglib_connection;
    action.layerzero_packet_data = packetData(d.packet);
  }
}

export class LayerZeroCommitPacketMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'uln_connection_commit',
        new ContractMatcher(LayerZeroOp.ulnConnectionCommitPacket, {
          child: labeled(
            'endpoint_commit',
            new ContractMatcher(LayerZeroOp.endpointCommitPacket, {
              child: labeled(
                'channel_commit',
                new ContractMatcher(LayerZeroOp.channelCommitPacket, {
                  children: [
                    event('lz_event', true),
                    labeled(
                      'msglib_callback',
                      new ContractMatcher(LayerZeroOp.msglibConnectionCommitPacketCallback, {
                        optional: true,
                        child: excess('excesses'),
                      }),
                    ),
                  ],
                }),
              ),
            }),
          ),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === LayerZeroOp.ulnCommitPacket;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const ulnConnection = getLabeled('uln_connection_commit', others, CallContractBlock);
    const endpoint = getLabeled('endpoint_commit', others, CallContractBlock);
    const channel = getLabeled('channel_commit', others, CallContractBlock);
    const msglibCallback = getLabeled('msglib_callback', others, CallContractBlock);
    if (!ulnConnection || !endpoint || !channel || !msglibCallback) {
      return [];
    }
    const packet = parseChannelCommitPacket(bodyCell(channel));
    const uln = ulnConnection.message.destination;
    const nb = new LayerZeroCommitPacketBlock({
      sender: block.message.source,
      // toncenter reports the ULN connection as the ULN too
      uln,
      uln_connection: uln,
      endpoint: endpoint.message.destination,
      channel: channel.message.destination,
      msglib_connection: msglibCallback.message.destination,
      packet,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}

interface LayerZeroDvnVerifyData {
  sender: string | null;
  nonce: bigint;
  status: string;
  dvn: string | null;
  proxy: string | null;
  uln: string | null;
  uln_connection: string | null;
}

export class LayerZeroDvnVerifyBlock extends Block {
  constructor(readonly data: LayerZeroDvnVerifyData) {
    super('layerzero_dvn_verify', []);
  }

  override fill(action: ActionRow): void {
    const d = this.data;
    action.source = d.sender;
    action.layerzero_dvn_verify_data = {
      nonce: d.nonce,
      status: d.status,
      dvn: d.dvn,
      proxy: d.proxy,
      uln: d.uln,
      uln_connection: d.uln_connection,
    };
  }
}

export class LayerZeroDvnVerifyMatcher extends BlockMatcher {
  constructor() {
    super({
      child: labeled(
        'proxy_call',
        new ContractMatcher(LayerZeroOp.proxyCallContract, {
          child: labeled(
            'uln_verify',
            new ContractMatcher(LayerZeroOp.ulnVerify, {
              child: labeled(
                'uln_connection_verify',
                new ContractMatcher(LayerZeroOp.ulnConnectionVerify, {
                  children: [
                    event('lz_event', true),
                    labeled(
                      'uln_verify_callback',
                      new ContractMatcher(LayerZeroOp.ulnConnectionVerifyCallback, {
                        optional: true,
                        child: excess('excesses'),
                      }),
                    ),
                  ],
                }),
              ),
            }),
          ),
        }),
      ),
    });
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === LayerZeroOp.dvnVerify;
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    const ulnVerify = getLabeled('uln_verify', others, CallContractBlock);
    const ulnConnectionVerify = getLabeled('uln_connection_verify', others, CallContractBlock);
    const proxyCall = getLabeled('proxy_call', others, CallContractBlock);
    const callback = getLabeled('uln_verify_callback', others, CallContractBlock);
    if (!ulnVerify || !ulnConnectionVerify || !proxyCall || !callback) {
      return [];
    }
    const status = parseUlnConnectionVerifyCallback(bodyCell(callback));
    const nb = new LayerZeroDvnVerifyBlock({
      sender: block.message.source,
      nonce: status.nonce,
      status: status.status,
      dvn: block.message.destination,
      proxy: proxyCall.message.destination,
      uln: ulnVerify.message.destination,
      uln_connection: ulnConnectionVerify.message.destination,
    });
    nb.merge([block, ...others]);
    return [nb];
  }
}
