import { loadMessageRelaxed, type Cell, type Slice } from '@ton/core';
import { rawAddress } from './cells';

/** An internal message a wallet was asked to send (one out-action of a signed external). */
export interface WalletPayload {
  /** base64 of the MessageRelaxed cell's hash. */
  hash: string;
  destination: string | null;
  value: bigint;
  fwdFee: bigint;
  ihrFee: bigint;
  bounce: boolean;
  bounced: boolean;
  body: Cell;
  opcode: number | null;
}

/** `MessageRelaxed Any` with int_msg_info (toncenter PayloadMessage); null for external-out infos. */
function parsePayload(cell: Cell): WalletPayload | null {
  const s = cell.beginParse();
  if (s.preloadBit()) {
    return null;
  } // not int_msg_info$0
  const msg = loadMessageRelaxed(s);
  if (msg.info.type !== 'internal') {
    return null;
  }
  let opcode: number | null = null;
  const b = msg.body.beginParse();
  if (b.remainingBits >= 32) {
    opcode = b.loadUint(32) >>> 0;
  }
  return {
    hash: cell.hash().toString('base64'),
    destination: rawAddress(msg.info.dest),
    value: msg.info.value.coins,
    fwdFee: msg.info.forwardFee,
    ihrFee: msg.info.ihrFee,
    bounce: msg.info.bounce,
    bounced: msg.info.bounced,
    body: msg.body,
    opcode,
  };
}

/** wallet v3: signature:bits512 subwallet_id:uint32 valid_until:uint32 seqno:uint32 then ^messages. */
function walletV3(s: Slice): (WalletPayload | null)[] {
  s.skip(512 + 32 + 32 + 32);
  const out: (WalletPayload | null)[] = [];
  while (s.remainingRefs > 0) {
    out.push(parsePayload(s.loadRef()));
  }
  return out;
}

/** wallet v4: as v3 with op:uint8 before the messages. */
function walletV4(s: Slice): (WalletPayload | null)[] {
  s.skip(512 + 32 + 32 + 32 + 8);
  const out: (WalletPayload | null)[] = [];
  while (s.remainingRefs > 0) {
    out.push(parsePayload(s.loadRef()));
  }
  return out;
}

/**
 * wallet v5r1: opcode:uint32 wallet_id:uint32 valid_until:uint32 seqno:uint32 actions:(Maybe ^OutList);
 * each OutList node holds ^prev and ^(MessageRelaxed Any) (action_send_msg).
 */
function walletV5r1(s: Slice): (WalletPayload | null)[] {
  s.skip(32 * 4);
  const out: (WalletPayload | null)[] = [];
  let cur: Cell | null = s.loadBit() ? s.loadRef() : null;
  while (cur) {
    const node = cur.beginParse();
    if (node.remainingBits === 0) {
      break;
    }
    cur = node.loadRef();
    out.push(parsePayload(node.loadRef()));
  }
  return out;
}

/**
 * The messages a wallet's signed external asked it to send (toncenter
 * `extract_payload_from_wallet_message`): tries v3, v4, then v5r1; none parses → [].
 */
export function walletExternalPayloads(body: Cell): (WalletPayload | null)[] {
  for (const parse of [walletV3, walletV4, walletV5r1]) {
    try {
      return parse(body.beginParse());
    } catch {
      // Not this wallet version's layout (its reader throws): try the next; none fits → no payloads.
    }
  }
  return [];
}
