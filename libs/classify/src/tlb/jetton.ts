/** TEP-74 jetton message bodies (and the minter's mint messages), as toncenter reads them. */
import type { Slice } from '@ton/core';
import { COMMENTS } from '@app/ton';
import {
  bocBase64,
  loadAddr,
  loadAddrOrExternal,
  loadMaybeRef,
  loadSnakeBytes,
  sliceToCell,
} from './cells';

export const JettonOp = {
  transfer: 0x0f8a7ea5,
  internalTransfer: 0x178d4519,
  notify: 0x7362d09c,
  excesses: 0xd53276db,
  burn: 0x595f07bc,
  burnNotification: 0x7bdd97de,
  mint: 0x642b7d07,
  minterMint: 0x00000015,
} as const;

/** StonFi v1 swap payload carried in a jetton transfer's forward_payload (swap#25938561). */
export const STONFI_SWAP_OP = 0x25938561;

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
 * transfer#0f8a7ea5 query_id:uint64 amount:(VarUInteger 16) destination:MsgAddress
 *   response_destination:MsgAddress custom_payload:(Maybe ^Cell) forward_ton_amount:(VarUInteger 16)
 *   forward_payload:(Either Cell ^Cell) = InternalMsgBody;
 */
export function parseJettonTransfer(s: Slice): JettonTransferBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const amount = s.loadCoins();
  const destination = loadAddr(s);
  const response = loadAddr(s);
  const custom = loadMaybeRef(s);
  const forward_amount = s.loadCoins();
  const out: JettonTransferBody = {
    query_id,
    amount,
    destination,
    response,
    custom_payload: custom ? bocBase64(custom, true) : null,
    forward_amount,
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
      out.stonfi_swap_body = {
        jetton_wallet: loadAddr(p),
        min_amount: p.loadCoins(),
        user_address: loadAddr(p),
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

/**
 * internal_transfer#178d4519 query_id:uint64 amount:(VarUInteger 16) from:MsgAddress
 *   response_address:MsgAddress forward_ton_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell)
 */
export function parseJettonInternalTransfer(s: Slice): JettonInternalTransferBody {
  s.skip(32);
  return {
    query_id: s.loadUintBig(64),
    amount: s.loadCoins(),
    from: loadAddr(s),
    response: loadAddr(s),
    forward_ton_amount: s.loadCoins(),
  };
}

export interface JettonNotifyBody {
  query_id: bigint;
  amount: bigint;
  sender: string | null;
  /** forward_payload:(Either Cell ^Cell), positioned at its start. */
  payload: Slice | null;
}

/** transfer_notification#7362d09c query_id:uint64 amount:(VarUInteger 16) sender:MsgAddress forward_payload:(Either Cell ^Cell) */
export function parseJettonNotify(s: Slice): JettonNotifyBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const amount = s.loadCoins();
  const sender = loadAddr(s);
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
 * burn#595f07bc query_id:uint64 amount:(VarUInteger 16) response_destination:MsgAddress
 * custom_payload:(Maybe ^Cell). toncenter keeps the response destination as read, never as an account,
 * so an addr_extern there is accepted (and names no account).
 */
export function parseJettonBurn(s: Slice): JettonBurnBody {
  s.skip(32);
  return {
    query_id: s.loadUintBig(64),
    amount: s.loadCoins(),
    response_destination: loadAddrOrExternal(s),
  };
}

export interface JettonMintBody {
  query_id: bigint;
  to_address: string | null;
  ton_amount: bigint;
  /** Only for the minter's mint#00000015: the jetton amount of master_msg. */
  master_msg_amount: bigint | null;
}

/**
 * mint#642b7d07 query_id:uint64 to_address:MsgAddressInt ton_amount:Coins master_msg:^JettonInternalTransfer,
 * or the minter's mint#00000015 with the same layout (its master_msg amount read too). Minters with
 * another layout under the same opcode exist on mainnet; toncenter reads them with this layout anyway
 * (an addr_extern where to_address stands is read, not refused), and so does this parser.
 */
export function parseJettonMint(s: Slice): JettonMintBody {
  const op = s.loadUint(32) >>> 0;
  const query_id = s.loadUintBig(64);
  const to_address = loadAddrOrExternal(s);
  const ton_amount = s.loadCoins();
  let master_msg_amount: bigint | null = null;
  if (op === JettonOp.minterMint) {
    const m = s.loadRef().beginParse();
    m.skip(32 + 64);
    master_msg_amount = m.loadCoins();
  }
  return { query_id, to_address, ton_amount, master_msg_amount };
}
