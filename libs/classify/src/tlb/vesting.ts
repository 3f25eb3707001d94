/** Vesting wallet (ton-blockchain/vesting-contract) messages, as toncenter reads them. */
import { loadCommonMessageInfoRelaxed, type Cell, type Slice } from '@ton/core';
import { loadFields, VESTING } from '@app/ton';
import { loadAddr, rawAddress } from './cells';

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
  const info = loadCommonMessageInfoRelaxed(message.beginParse());
  if (info.type !== 'internal') {
    throw new Error('vesting send_message carries a non-internal message');
  }
  return {
    query_id,
    send_mode,
    message,
    message_destination: rawAddress(info.dest),
    message_value: info.value.coins,
  };
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
