import { loadMessageRelaxed, type Cell, type Slice } from '@ton/core';
import { loadFields, loadLeadingFields, WALLET_SIGNED, WALLET_V5R1 } from '@app/ton';
import { afterAnyOpcode, rawAddress } from './cells';

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

/** The messages of a signed v3 or v4 body: one `^MessageRelaxed` per ref left after its header. */
function refMessages(rest: Cell | null): (WalletPayload | null)[] {
  return (rest?.refs ?? []).map(parsePayload);
}

/** `WALLET_SIGNED.v3`: the messages follow the header. */
function walletV3(s: Slice): (WalletPayload | null)[] {
  return refMessages(loadFields(WALLET_SIGNED.v3, s).messages);
}

/** `WALLET_SIGNED.v4`: as v3 with op:uint8 before the messages. */
function walletV4(s: Slice): (WalletPayload | null)[] {
  return refMessages(loadFields(WALLET_SIGNED.v4, s).payload);
}

/**
 * `WALLET_V5R1.signed_external` up to its out_actions (under any opcode, as toncenter tries v5r1 on
 * every body): each OutList node holds ^prev and ^(MessageRelaxed Any) (action_send_msg).
 */
function walletV5r1(s: Slice): (WalletPayload | null)[] {
  const { out_actions } = loadLeadingFields(afterAnyOpcode(WALLET_V5R1.signed_external, s), s, [
    'out_actions',
  ]);
  const out: (WalletPayload | null)[] = [];
  let cur: Cell | null = out_actions;
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
