import { rest } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/**
 * LayerZero v2 on TON. Its messages carry "md" objects (cells with a typed header) in refs; their
 * layouts are not modelled here, so each body is its opcode and `rest` (the remainder as a cell).
 */
const LZ: readonly (readonly [string, number])[] = [
  // BaseInterface::OP::EVENT (an event sent to the event sink)
  ['lz_event', 0xe33b9873],
  ['lz_endpoint_send', 0xdd4ea3b4],
  ['lz_channel_send', 0x536feb09],
  ['lz_msglib_connection_send', 0x4002b790],
  ['lz_uln_send', 0x5de68393],
  ['lz_msglib_send_callback', 0x421c1a25],
  ['lz_channel_send_callback', 0xa2b5fbae],
  ['lz_channel_lz_receive_prepare', 0x22f3ac09],
  ['lz_receive_prepare', 0x97df404c],
  ['lz_receive_lock', 0xb7680bc6],
  ['lz_receive_execute', 0x0c7b8418],
  ['lz_receive_execute_callback', 0xcaae25a1],
  ['lz_uln_commit_packet', 0x28b97077],
  ['lz_uln_connection_commit_packet', 0xf9d37b80],
  ['lz_endpoint_commit_packet', 0x5dab749a],
  ['lz_channel_commit_packet', 0x5388cd88],
  ['lz_msglib_connection_commit_packet_callback', 0x5e178f33],
  ['lz_dvn_verify', 0xa0d51a8d],
  ['lz_proxy_call_contract', 0x09f047d9],
  ['lz_uln_verify', 0x994aaf4e],
  ['lz_uln_connection_verify', 0x4ec8f80a],
  ['lz_uln_connection_verify_callback', 0x3cb38090],
];

// <op>#<opcode> rest:Cell = InternalMsgBody; for each (name, opcode) above.
export const LAYERZERO_SCHEMAS: readonly TlbConstructor[] = LZ.map(([name, op]) =>
  tlb(name, op, { rest }),
);
