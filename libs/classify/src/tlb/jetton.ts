/** TEP-74 jetton message bodies (and the minter's mint messages), as toncenter reads them. */
import type { Slice } from '@ton/core';
import { COMMENTS, JETTON, loadLeadingFields, STONFI } from '@app/ton';
import {
  afterAnyOpcode,
  bocBase64,
  loadAddrOrExternal,
  loadLeadingStructFields,
  loadMaybeRef,
  loadSnakeBytes,
  sliceToCell,
} from './cells';

/** The jetton opcodes the classifier matches, by the registry's `JETTON` constructors. */
export const JettonOp = {
  transfer: JETTON.transfer.opcode,
  internalTransfer: JETTON.internal_transfer.opcode,
  notify: JETTON.notify.opcode,
  excesses: JETTON.excess.opcode,
  burn: JETTON.burn.opcode,
  burnNotification: JETTON.burn_notification.opcode,
  mint: JETTON.mint.opcode,
  minterMint: JETTON.minter_mint.opcode,
} as const;

/** StonFi v1 swap payload carried in a jetton transfer's forward_payload (`STONFI.swap_payload`). */
export const STONFI_SWAP_OP = STONFI.swap_payload.opcode;

export interface StonfiSwapPayload {
  jetton_wallet: string | null;
  min_amount: bigint;
  user_address: string | null;
}

export interface JettonTransferBody {
  query_id: bigint;
  amount: bigint;
  destination: string | null;
  response: string | null;
  /** base64 BoC with CRC32C (pytoniq `to_boc(hash_crc32=True)`), as toncenter stores it. */
  custom_payload: string | null;
  forward_amount: bigint;
  forward_payload: string | null;
  comment: Buffer | null;
  encrypted_comment: boolean;
  payload_opcode: number | null;
  stonfi_swap_body: StonfiSwapPayload | null;
}

/**
 * `JETTON.transfer`, its forward payload read looser than the layout (toncenter): only when bits are
 * left, and then decoded as a comment or a StonFi v1 swap where it is one.
 */
export function parseJettonTransfer(s: Slice): JettonTransferBody {
  const leading = loadLeadingFields(afterAnyOpcode(JETTON.transfer, s), s, [
    'query_id',
    'amount',
    'destination',
    'response_destination',
    'custom_payload',
    'forward_ton_amount',
  ]);
  const { query_id, amount, destination, custom_payload: custom } = leading;
  const out: JettonTransferBody = {
    query_id,
    amount,
    destination,
    response: leading.response_destination,
    custom_payload: custom ? bocBase64(custom, true) : null,
    forward_amount: leading.forward_ton_amount,
    forward_payload: null,
    comment: null,
    encrypted_comment: false,
    payload_opcode: null,
    stonfi_swap_body: null,
  };
  if (s.remainingBits > 0) {
    const payload = s.loadBit() ? s.loadRef().beginParse() : s;
    readForwardPayload(payload, out);
  }
  return out;
}

/** The forward payload: kept as BoC; text/encrypted comments and StonFi v1 swaps decoded. */
function readForwardPayload(p: Slice, out: JettonTransferBody): void {
  if (p.remainingBits === 0) {
    return;
  }
  out.forward_payload = bocBase64(sliceToCell(p), true);
  if (p.remainingBits < 32) {
    return;
  }
  const op = p.loadUint(32) >>> 0;
  out.payload_opcode = op;
  try {
    if (op === 0) {
      out.comment = loadSnakeBytes(p);
    } else if (op === COMMENTS.encrypted_comment.opcode) {
      out.comment = loadSnakeBytes(p);
      out.encrypted_comment = true;
    } else if (op === STONFI_SWAP_OP) {
      // up to to_address (its opcode read above): toncenter reads no further
      const swap = loadLeadingStructFields(STONFI.swap_payload, p, [
        'token_wallet',
        'min_out',
        'to_address',
      ]);
      out.stonfi_swap_body = {
        jetton_wallet: swap.token_wallet,
        min_amount: swap.min_out,
        user_address: swap.to_address,
      };
    }
  } catch {
    // A payload that does not read as its opcode's layout is kept as BoC only (forward_payload set
    // above): the transfer is still a transfer, without a decoded comment or swap.
  }
}

export interface JettonInternalTransferBody {
  query_id: bigint;
  amount: bigint;
  from: string | null;
  response: string | null;
  forward_ton_amount: bigint;
}

/** `JETTON.internal_transfer` up to its forward_ton_amount (the payload is not read). */
export function parseJettonInternalTransfer(s: Slice): JettonInternalTransferBody {
  const { query_id, amount, from, response_address, forward_ton_amount } = loadLeadingFields(
    afterAnyOpcode(JETTON.internal_transfer, s),
    s,
    ['query_id', 'amount', 'from', 'response_address', 'forward_ton_amount'],
  );
  return { query_id, amount, from, response: response_address, forward_ton_amount };
}

export interface JettonNotifyBody {
  query_id: bigint;
  amount: bigint;
  sender: string | null;
  /** forward_payload:(Either Cell ^Cell), positioned at its start. */
  payload: Slice | null;
}

/** `JETTON.notify`, its forward payload positioned rather than read (toncenter reads it loosely). */
export function parseJettonNotify(s: Slice): JettonNotifyBody {
  const { query_id, amount, sender } = loadLeadingFields(afterAnyOpcode(JETTON.notify, s), s, [
    'query_id',
    'amount',
    'sender',
  ]);
  let payload: Slice | null = null;
  if (s.remainingBits > 0) {
    // toncenter reads it as Maybe ^Cell, falling back to the inline rest
    const ref = loadMaybeRef(s);
    payload = ref ? ref.beginParse() : s.remainingBits > 0 ? s : null;
  }
  return { query_id, amount, sender, payload };
}

export interface JettonBurnBody {
  query_id: bigint;
  amount: bigint;
  response_destination: string | null;
}

/**
 * `JETTON.burn` up to its response destination, which toncenter keeps as read, never as an account:
 * an addr_extern there is accepted (and names no account), so it is read by hand.
 */
export function parseJettonBurn(s: Slice): JettonBurnBody {
  const { query_id, amount } = loadLeadingFields(afterAnyOpcode(JETTON.burn, s), s, [
    'query_id',
    'amount',
  ]);
  return { query_id, amount, response_destination: loadAddrOrExternal(s) };
}

export interface JettonMintBody {
  query_id: bigint;
  to_address: string | null;
  ton_amount: bigint;
  /** Only for the minter's mint#00000015: the jetton amount of master_msg. */
  master_msg_amount: bigint | null;
}

/**
 * `JETTON.mint`, or the minter's `JETTON.minter_mint` with the same layout (its master_msg amount read
 * too). Minters with another layout under the same opcode exist on mainnet; toncenter reads them with
 * this layout anyway: an addr_extern where to_address stands is read, not refused, so the fields from
 * to_address on are read by hand after the query_id, and master_msg is read as a
 * `JETTON.internal_transfer` up to its amount, its own opcode unchecked.
 */
export function parseJettonMint(s: Slice): JettonMintBody {
  const op = s.preloadUint(32) >>> 0;
  const { query_id } = loadLeadingFields(afterAnyOpcode(JETTON.mint, s), s, ['query_id']);
  const to_address = loadAddrOrExternal(s);
  const ton_amount = s.loadCoins();
  let master_msg_amount: bigint | null = null;
  if (op === JettonOp.minterMint) {
    const m = s.loadRef().beginParse();
    master_msg_amount = loadLeadingFields(afterAnyOpcode(JETTON.internal_transfer, m), m, [
      'query_id',
      'amount',
    ]).amount;
  }
  return { query_id, to_address, ton_amount, master_msg_amount };
}
