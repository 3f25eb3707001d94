/**
 * tgBTC teleport events (external-out log messages), as toncenter reads them. The layouts are the
 * registry's `TGBTC` logs, loaded from them (under any opcode: the matchers have placed the log) up
 * to their first address (dkg_completed, which has none, whole); the addresses are read looser than `loadFields`: in the burn log any
 * MsgAddress that is not addr_std (external, addr_var, garbled in old logs) reads as null instead of
 * failing the log. The mint and new-key logs wrap their address in an AccountId (messages/tgbtc.py
 * TgBTCMintEvent, TgBTCNewKeyEvent), which refuses an addr_extern: such a log is unreadable.
 */
import type { Slice } from '@ton/core';
import { loadFields, loadLeadingFields, TGBTC } from '@app/ton';
import { afterAnyOpcode, loadAddressAsPytoniq } from './cells';

/**
 * A MsgAddress: addr_std as raw `wc:HEX`, anything else (addr_none, external, addr_var) as null. An
 * anycast prefix is skipped, not applied to the address (pytoniq does not rewrite it either).
 */
function loadInternalOrNull(s: Slice): string | null {
  const tag = s.preloadUint(2);
  if (tag !== 2) {
    loadAddressAsPytoniq(s);
    return null;
  }
  s.skip(2);
  if (s.loadBit()) {
    const depth = s.loadUint(5);
    s.skip(depth);
  }
  const wc = s.loadInt(8);
  const hash = s.loadBuffer(32);
  return `${wc}:${hash.toString('hex').toUpperCase()}`;
}

/**
 * As {@link loadInternalOrNull}, but an addr_extern throws: toncenter's AccountId raises ValueError on
 * pytoniq's ExternalAddress, so the mint and new-key logs carrying one build no action.
 */
function loadAccountOrNull(s: Slice): string | null {
  if (s.preloadUint(2) === 1) {
    throw new Error('external address where an account was expected');
  }
  return loadInternalOrNull(s);
}

/** mint#77a80ef3 amount:Coins recipient_address:MsgAddress bitcoin_txid:uint256. */
export function parseTgBTCMintLog(s: Slice): {
  amount: bigint;
  recipient: string | null;
  bitcoin_txid: string;
} {
  const { amount } = loadLeadingFields(afterAnyOpcode(TGBTC.mint_log, s), s, ['amount']);
  const recipient = loadAccountOrNull(s);
  const txid = s.loadUintBig(256);
  // the txid is stored as a little-endian number: its bytes reversed are the usual hex form
  const bytes = Buffer.from(txid.toString(16).padStart(64, '0'), 'hex').reverse();
  return { amount, recipient, bitcoin_txid: bytes.toString('hex') };
}

/**
 * burn#ca444ce6 amount:Coins sender_address:MsgAddress pegout_address:MsgAddress. Old logs lack or
 * garble the addresses: what does not read as an internal address is null.
 */
export function parseTgBTCBurnLog(s: Slice): {
  amount: bigint;
  sender: string | null;
  pegout: string | null;
} {
  const { amount } = loadLeadingFields(afterAnyOpcode(TGBTC.burn_log, s), s, ['amount']);
  let sender: string | null = null;
  let pegout: string | null = null;
  try {
    sender = loadInternalOrNull(s);
    pegout = loadInternalOrNull(s);
  } catch {
    // An old log whose addresses are missing or garbled: what was read before the failure stays
    // and the rest is null, as toncenter keeps it (doc above).
  }
  return { amount, sender, pegout };
}

/** new_key#27756729 amount:Coins new_internal_pubkey:uint256 pegout_address:MsgAddress. */
export function parseTgBTCNewKeyLog(s: Slice): {
  amount: bigint;
  pubkey: string;
  pegout: string | null;
} {
  const { amount, new_internal_pubkey } = loadLeadingFields(
    afterAnyOpcode(TGBTC.new_key_log, s),
    s,
    ['amount', 'new_internal_pubkey'],
  );
  return { amount, pubkey: unpaddedHex(new_internal_pubkey), pegout: loadAccountOrNull(s) };
}

/** dkg_completed#453443a6 timestamp:uint64 internal_pubkey:uint256. */
export function parseTgBTCDkgCompletedLog(s: Slice): { timestamp: bigint; pubkey: string } {
  const { timestamp, internal_pubkey } = loadFields(afterAnyOpcode(TGBTC.dkg_completed_log, s), s);
  return { timestamp, pubkey: unpaddedHex(internal_pubkey) };
}

/** A pubkey as toncenter prints it: the uint256's hex, without leading zeros (Python's `hex(n)[2:]`). */
function unpaddedHex(bytes: Buffer): string {
  return BigInt(`0x${bytes.toString('hex')}`).toString(16);
}
