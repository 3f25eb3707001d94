/**
 * LayerZero details (ton-index-go `ParseRawAction`, the layerzero_* cases, and the json tags of
 * `ActionDetailsLayerZero*` in `index/models/actions.go`). The send and packet parts are Go structs,
 * not pointers: they are always objects, with null fields when the column is empty. Request ids,
 * fees, endpoint ids and nonces are numbers.
 */
import { field, num, str } from './shared';
import type { ActionRenderRow, ApiJson, Renderer } from './types';

function sendData(a: ActionRenderRow): Record<string, ApiJson> {
  const d = a.layerzero_send_data;
  return {
    send_request_id: num(field(d, 'send_request_id')),
    msglib_manager: str(field(d, 'msglib_manager')),
    msglib: str(field(d, 'msglib')),
    uln: str(field(d, 'uln')),
    native_fee: num(field(d, 'native_fee')),
    zro_fee: num(field(d, 'zro_fee')),
    endpoint: str(field(d, 'endpoint')),
    channel: str(field(d, 'channel')),
  };
}

function packetData(a: ActionRenderRow): Record<string, ApiJson> {
  const d = a.layerzero_packet_data;
  return {
    src_oapp: str(field(d, 'src_oapp')),
    dst_oapp: str(field(d, 'dst_oapp')),
    src_eid: num(field(d, 'src_eid')),
    dst_eid: num(field(d, 'dst_eid')),
    nonce: num(field(d, 'nonce')),
    guid: str(field(d, 'guid')),
    message: str(field(d, 'message')),
  };
}

export const LAYERZERO_RENDERERS: Record<string, Renderer> = {
  layerzero_send: (a) => ({
    initiator: a.source,
    layerzero_send_data: sendData(a),
    layerzero_packet_data: packetData(a),
  }),
  layerzero_send_tokens: (a) => ({
    sender: a.source,
    sender_wallet: a.source_secondary,
    oapp: a.destination,
    oapp_wallet: a.destination_secondary,
    asset: a.asset,
    amount: str(a.amount),
    layerzero_send_data: sendData(a),
    layerzero_packet_data: packetData(a),
  }),
  layerzero_receive: (a) => ({
    sender: a.source,
    oapp: a.destination,
    channel: a.destination_secondary,
    layerzero_packet_data: packetData(a),
  }),
  layerzero_commit_packet: (a) => ({
    sender: a.source,
    endpoint: a.source_secondary,
    uln: a.destination,
    uln_connection: a.destination_secondary,
    channel: a.asset,
    msglib_connection: a.asset_secondary,
    layerzero_packet_data: packetData(a),
  }),
  layerzero_dvn_verify: (a) => {
    const d = a.layerzero_dvn_verify_data;
    return {
      initiator: a.source,
      nonce: num(field(d, 'nonce')),
      status: str(field(d, 'status')),
      dvn: str(field(d, 'dvn')),
      proxy: str(field(d, 'proxy')),
      uln: str(field(d, 'uln')),
      uln_connection: str(field(d, 'uln_connection')),
    };
  },
};
