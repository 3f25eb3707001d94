import { rest } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/**
 * LayerZero v2 on TON. Its messages carry "md" objects (cells with a typed header) in refs; their
 * layouts are not modelled here, so each body is its opcode and `rest` (the remainder as a cell):
 * <op>#<opcode> rest:Cell = InternalMsgBody;
 */
export const LAYERZERO = {
  // BaseInterface::OP::EVENT (an event sent to the event sink)
  event: tlb('lz_event', 0xe33b9873, { rest }),
  endpoint_send: tlb('lz_endpoint_send', 0xdd4ea3b4, { rest }),
  channel_send: tlb('lz_channel_send', 0x536feb09, { rest }),
  msglib_connection_send: tlb('lz_msglib_connection_send', 0x4002b790, { rest }),
  uln_send: tlb('lz_uln_send', 0x5de68393, { rest }),
  msglib_send_callback: tlb('lz_msglib_send_callback', 0x421c1a25, { rest }),
  channel_send_callback: tlb('lz_channel_send_callback', 0xa2b5fbae, { rest }),
  channel_lz_receive_prepare: tlb('lz_channel_lz_receive_prepare', 0x22f3ac09, { rest }),
  receive_prepare: tlb('lz_receive_prepare', 0x97df404c, { rest }),
  receive_lock: tlb('lz_receive_lock', 0xb7680bc6, { rest }),
  receive_execute: tlb('lz_receive_execute', 0x0c7b8418, { rest }),
  receive_execute_callback: tlb('lz_receive_execute_callback', 0xcaae25a1, { rest }),
  uln_commit_packet: tlb('lz_uln_commit_packet', 0x28b97077, { rest }),
  uln_connection_commit_packet: tlb('lz_uln_connection_commit_packet', 0xf9d37b80, { rest }),
  endpoint_commit_packet: tlb('lz_endpoint_commit_packet', 0x5dab749a, { rest }),
  channel_commit_packet: tlb('lz_channel_commit_packet', 0x5388cd88, { rest }),
  msglib_connection_commit_packet_callback: tlb(
    'lz_msglib_connection_commit_packet_callback',
    0x5e178f33,
    { rest },
  ),
  dvn_verify: tlb('lz_dvn_verify', 0xa0d51a8d, { rest }),
  proxy_call_contract: tlb('lz_proxy_call_contract', 0x09f047d9, { rest }),
  uln_verify: tlb('lz_uln_verify', 0x994aaf4e, { rest }),
  uln_connection_verify: tlb('lz_uln_connection_verify', 0x4ec8f80a, { rest }),
  uln_connection_verify_callback: tlb('lz_uln_connection_verify_callback', 0x3cb38090, { rest }),
};

export const LAYERZERO_SCHEMAS: readonly TlbConstructor[] = Object.values(LAYERZERO);
