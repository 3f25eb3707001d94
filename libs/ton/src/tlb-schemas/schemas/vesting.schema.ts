import { address, cell, rest, uint64, uint8 } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** Vesting wallet (ton-blockchain/vesting-contract). */
export const VESTING = {
  // send#a7733acd query_id:uint64 send_mode:uint8 message:^MessageRelaxed = InternalMsgBody;
  send_message: tlb('vesting_send_message', 0xa7733acd, {
    query_id: uint64,
    send_mode: uint8,
    message: cell,
  }),
  // send_response#f7733acd query_id:uint64 = InternalMsgBody;
  send_message_response: tlb('vesting_send_message_response', 0xf7733acd, { query_id: uint64 }),
  // add_whitelist#7258a69b query_id:uint64 address:MsgAddressInt more:(an address per cell, chained
  //   through the first ref) = InternalMsgBody;
  add_whitelist: tlb('vesting_add_whitelist', 0x7258a69b, {
    query_id: uint64,
    address,
    more: rest,
  }),
  // add_whitelist_response#f258a69b query_id:uint64 = InternalMsgBody;
  add_whitelist_response: tlb('vesting_add_whitelist_response', 0xf258a69b, { query_id: uint64 }),
};

export const VESTING_SCHEMAS: readonly TlbConstructor[] = Object.values(VESTING);
