/** Vesting wallet (ton-blockchain/vesting-contract) messages, as toncenter reads them. */
import { loadCurrencyCollection, type Cell, type Slice } from '@ton/core';
import { loadFields, VESTING } from '@app/ton';
import { loadAddr, loadAddrOrExternal } from './cells';

export interface VestingSendMessageBody {
  query_id: bigint;
  send_mode: number;
  message: Cell;
  message_destination: string | null;
  message_value: bigint;
}

/**
 * `VESTING.send_message`, plus the carried message's destination and value: the layout keeps
 * `message:^MessageRelaxed` whole, while the action reports where the vesting wallet sends it.
 */
export function parseVestingSendMessage(s: Slice): VestingSendMessageBody {
  const { query_id, send_mode, message } = loadFields(VESTING.send_message, s);
  // only the message's info is read (toncenter reads `InternalMsgInfo` alone): its state init and
  // body do not have to parse for the action to be reported
  const { destination, value } = loadInternalMsgInfo(message.beginParse());
  return { query_id, send_mode, message, message_destination: destination, message_value: value };
}

/**
 * int_msg_info$0 ihr_disabled:Bool bounce:Bool bounced:Bool src:MsgAddress dest:MsgAddressInt
 * value:CurrencyCollection ihr_fee:Grams fwd_fee:Grams created_lt:uint64 created_at:uint32, read as
 * pytoniq's `InternalMsgInfo.deserialize` does: both addresses with `load_address`, which takes any
 * MsgAddress. A relaxed message's `src` may be anything (the contract fills it in), and a `dest` of
 * addr_none is no account (`AccountId(None)`); only an external `dest` raises, in `AccountId`.
 */
function loadInternalMsgInfo(s: Slice): { destination: string | null; value: bigint } {
  if (s.loadBit()) {
    throw new Error('vesting send_message carries a message that is not internal');
  }
  s.skip(3);
  loadAddrOrExternal(s);
  const destination = loadAddr(s);
  const value = loadCurrencyCollection(s).coins;
  s.loadCoins();
  s.loadCoins();
  s.loadUintBig(64);
  s.loadUint(32);
  return { destination, value };
}

export interface VestingAddWhitelistBody {
  query_id: bigint;
  addresses: (string | null)[];
}

/**
 * `VESTING.add_whitelist`, with its address list followed: the layout reads the first address and
 * keeps the rest of the chain (an address per cell, linked through the first ref) whole.
 */
export function parseVestingAddWhitelist(s: Slice): VestingAddWhitelistBody {
  const { query_id, address, more } = loadFields(VESTING.add_whitelist, s);
  const addresses = [address];
  let next = more?.refs[0];
  while (next !== undefined) {
    const cur = next.beginParse();
    addresses.push(loadAddr(cur));
    next = cur.remainingRefs > 0 ? cur.loadRef() : undefined;
  }
  return { query_id, addresses };
}
