/** tgBTC teleport events (external-out log messages), as toncenter reads them. */
import type { Slice } from '@ton/core';

export const TgBTCOp = {
  /** The teleport's request that starts every mint. */
  mintHead: 0x3f781d24,
  /** The tail of a mint chain, answered with the mint log and the jetton mint. */
  mintTail: 0xe42a879b,
  mintLog: 0x77a80ef3,
  burnLog: 0xca444ce6,
  newKeyLog: 0x27756729,
  dkgCompletedLog: 0x453443a6,
  newKey: 0x690f357a,
  /** A burn notification forwarded in another schema. */
  burnNotificationAlt: 0x587643a2,
  pegoutDeploy: 0xbe44e7a6,
  pegoutNotify: 0x1a84c0e0,
} as const;

/**
 * A MsgAddress: addr_std as raw `wc:HEX`, anything else (addr_none, external, addr_var) as null. An
 * anycast prefix is skipped, not applied to the address (pytoniq does not rewrite it either).
 */
function loadInternalOrNull(s: Slice): string | null {
  const tag = s.preloadUint(2);
  if (tag !== 2) {
    s.loadAddressAny();
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

/** mint#77a80ef3 amount:Coins recipient_address:MsgAddress bitcoin_txid:uint256. */
export function parseTgBTCMintLog(s: Slice): {
  amount: bigint;
  recipient: string | null;
  bitcoin_txid: string;
} {
  s.skip(32);
  const amount = s.loadCoins();
  const recipient = loadInternalOrNull(s);
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
  s.skip(32);
  const amount = s.loadCoins();
  let sender: string | null = null;
  let pegout: string | null = null;
  try {
    sender = loadInternalOrNull(s);
    pegout = loadInternalOrNull(s);
  } catch {
    // toncenter keeps what it read before the failure
  }
  return { amount, sender, pegout };
}

/** new_key#27756729 amount:Coins new_internal_pubkey:uint256 pegout_address:MsgAddress. */
export function parseTgBTCNewKeyLog(s: Slice): {
  amount: bigint;
  pubkey: string;
  pegout: string | null;
} {
  s.skip(32);
  const amount = s.loadCoins();
  const pubkey = s.loadUintBig(256).toString(16);
  return { amount, pubkey, pegout: loadInternalOrNull(s) };
}

/** dkg_completed#453443a6 timestamp:uint64 internal_pubkey:uint256. */
export function parseTgBTCDkgCompletedLog(s: Slice): { timestamp: bigint; pubkey: string } {
  s.skip(32);
  const timestamp = s.loadUintBig(64);
  return { timestamp, pubkey: s.loadUintBig(256).toString(16) };
}
