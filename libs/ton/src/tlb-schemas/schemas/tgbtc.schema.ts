import { address, bits256, coins, rest, uint64 } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** tgBTC teleport: its external-out logs and the messages of a peg-in / peg-out. */
export const TGBTC = {
  // mint#77a80ef3 amount:Coins recipient_address:MsgAddress bitcoin_txid:uint256 = ExtOutMsgBody;
  //   (the txid is a little-endian number: rendered as the stored bits, not reversed)
  mint_log: tlb('tgbtc_mint_log', 0x77a80ef3, {
    amount: coins,
    recipient_address: address,
    bitcoin_txid: bits256,
  }),
  // burn#ca444ce6 amount:Coins sender_address:MsgAddress pegout_address:MsgAddress = ExtOutMsgBody;
  burn_log: tlb('tgbtc_burn_log', 0xca444ce6, {
    amount: coins,
    sender_address: address,
    pegout_address: address,
  }),
  // new_key#27756729 amount:Coins new_internal_pubkey:uint256 pegout_address:MsgAddress = ExtOutMsgBody;
  new_key_log: tlb('tgbtc_new_key_log', 0x27756729, {
    amount: coins,
    new_internal_pubkey: bits256,
    pegout_address: address,
  }),
  // dkg_completed#453443a6 timestamp:uint64 internal_pubkey:uint256 = ExtOutMsgBody;
  dkg_completed_log: tlb('tgbtc_dkg_completed_log', 0x453443a6, {
    timestamp: uint64,
    internal_pubkey: bits256,
  }),
  // The teleport's internal messages; their layouts are not modelled (`rest`).
  mint_head: tlb('tgbtc_mint_head', 0x3f781d24, { rest }),
  mint_tail: tlb('tgbtc_mint_tail', 0xe42a879b, { rest }),
  new_key: tlb('tgbtc_new_key', 0x690f357a, { rest }),
  burn_notification: tlb('tgbtc_burn_notification', 0x587643a2, { rest }),
  pegout_deploy: tlb('tgbtc_pegout_deploy', 0xbe44e7a6, { rest }),
  pegout_notify: tlb('tgbtc_pegout_notify', 0x1a84c0e0, { rest }),
};

export const TGBTC_SCHEMAS: readonly TlbConstructor[] = Object.values(TGBTC);
