/**
 * LayerZero v2 deliveries to TON (toncenter `layerzero.py`): a receive (executor → channel → OApp), a
 * packet commit (executor → ULN → endpoint → channel) and a DVN verification.
 */
import { LAYERZERO } from '@app/ton';
import type { ActionRow } from '../../action';
import { CallContractBlock, isCall } from '../../core/basic-blocks';
import { Block } from '../../core/block';
import { BlockMatcher, ContractMatcher, getLabeled, labeled } from '../../core/matchers';
import {
  parseChannelCommitPacket,
  parseReceiveExecutePacket,
  parseUlnConnectionVerifyCallback,
  type LayerZeroPacket,
} from '../../tlb/layerzero';
import { bodyCell, event, excess, packetData } from './shared';

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

/**
 * toncenter's `destination[2:]`: the raw address without its first two characters, lower-case. For a
 * basechain address that is its hash; a masterchain one (`-1:`) keeps the colon, so it never equals a
 * `dst_oapp` and toncenter builds no receive.
 */
function withoutFirstTwo(a: string | null): string | null {
  return a === null ? null : a.slice(2).toLowerCase();
}

export class LayerZeroReceiveMatcher extends BlockMatcher {
  constructor() {
    super({
      children: [
        excess('excesses_transfer'),
        labeled(
          'receive_prepare',
          new ContractMatcher(LAYERZERO.receive_prepare.opcode, {
            child: labeled(
              'receive_lock',
              new ContractMatcher(LAYERZERO.receive_lock.opcode, {
                child: labeled(
                  'execute_callback',
                  new ContractMatcher(LAYERZERO.receive_execute.opcode, {
                    children: [
                      event('even_1', true),
                      labeled(
                        'execute_callback',
                        new ContractMatcher(LAYERZERO.receive_execute_callback.opcode, {
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
    return isCall(block, LAYERZERO.channel_lz_receive_prepare.opcode);
  }

  override buildBlock(block: Block, others: Block[]): Block[] {
    // the first block labelled so: toncenter labels both the execute and its callback alike
    const execute = getLabeled('execute_callback', others, CallContractBlock);
    if (!execute) {
      return [];
    }
    const packet = parseReceiveExecutePacket(bodyCell(execute));
    const dst = withoutFirstTwo(execute.message.destination);
    // toncenter drops two characters of each: "0x" of dst_oapp, "0:" (or "-1") of the address
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
        new ContractMatcher(LAYERZERO.uln_connection_commit_packet.opcode, {
          child: labeled(
            'endpoint_commit',
            new ContractMatcher(LAYERZERO.endpoint_commit_packet.opcode, {
              child: labeled(
                'channel_commit',
                new ContractMatcher(LAYERZERO.channel_commit_packet.opcode, {
                  children: [
                    event('lz_event', true),
                    labeled(
                      'msglib_callback',
                      new ContractMatcher(
                        LAYERZERO.msglib_connection_commit_packet_callback.opcode,
                        {
                          optional: true,
                          child: excess('excesses'),
                        },
                      ),
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
    return isCall(block, LAYERZERO.uln_commit_packet.opcode);
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
        new ContractMatcher(LAYERZERO.proxy_call_contract.opcode, {
          child: labeled(
            'uln_verify',
            new ContractMatcher(LAYERZERO.uln_verify.opcode, {
              child: labeled(
                'uln_connection_verify',
                new ContractMatcher(LAYERZERO.uln_connection_verify.opcode, {
                  children: [
                    event('lz_event', true),
                    labeled(
                      'uln_verify_callback',
                      new ContractMatcher(LAYERZERO.uln_connection_verify_callback.opcode, {
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
    return isCall(block, LAYERZERO.dvn_verify.opcode);
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
