/** Vesting wallet (ton-blockchain/vesting-contract) messages, as toncenter reads them. */
import { loadCommonMessageInfoRelaxed, type Cell, type Slice } from '@ton/core';
import { loadAddr, rawAddress } from './cells';

export const VestingOp = {
  sendMessage: 0xa7733acd,
  sendMessageResponse: 0xf7733acd,
  addWhitelist: 0x7258a69b,
  addWhitelistResponse: 0xf258a69b,
} as const;

export interface VestingSendMessageBody {
  query_id: bigint;
  send_mode: number;
  message: Cell;
  message_destination: string | null;
  message_value: bigint;
}

/** send_message#a7733acd query_id:uint64 send_mode:uint8 message:^MessageRelaxed */
export function parseVestingSendMessage(s: Slice): VestingSendMessageBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const send_mode = s.loadUint(8);
  const message = s.loadRef();
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

/** add_whitelist#7258a69b query_id:uint64 addresses: an address per cell, chained through the first ref */
export function parseVestingAddWhitelist(s: Slice): VestingAddWhitelistBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const addresses: (string | null)[] = [];
  let cur = s;
  while (cur.remainingRefs > 0) {
    addresses.push(loadAddr(cur));
    cur = cur.loadRef().beginParse();
  }
  addresses.push(loadAddr(cur));
  return { query_id, addresses };
}
