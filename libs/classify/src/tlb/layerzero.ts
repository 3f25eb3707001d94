/**
 * LayerZero v2 (TON) messages, as toncenter reads them. The protocol's "md" objects are cells with a
 * fixed header (an N-bit header-info constant, then filler bits that are all ones) before their fields;
 * a parse fails when a header does not match.
 */
import type { Cell, Slice } from '@ton/core';

/** Python's `hex(n)`: `0x` and lower-case digits without leading zeros. */
export function pyHex(n: bigint): string {
  return `0x${n.toString(16)}`;
}

/** Checks an md header: `bits`-bit header info equal to `info`, then `fillerBits` ones. */
function checkHeader(s: Slice, bits: number, info: bigint, fillerBits: number): void {
  if (s.loadUintBig(bits) !== info) {
    throw new Error('LayerZero md header info mismatch');
  }
  if (s.loadIntBig(fillerBits) !== -1n) {
    throw new Error('LayerZero md header filler is not all ones');
  }
}

/** A cell's data bits as hex bytes, the last byte zero-padded (bitarray `tobytes`). */
function cellBitsHex(c: Cell): string {
  const s = c.beginParse();
  const total = s.remainingBits;
  const whole = Math.floor(total / 8);
  const parts = [s.loadBuffer(whole).toString('hex')];
  const rest = total - whole * 8;
  if (rest > 0) {
    parts.push((s.loadUint(rest) << (8 - rest)).toString(16).padStart(2, '0'));
  }
  return `0x${parts.join('')}`;
}

function ref(c: Cell, i: number): Cell {
  const r = c.refs[i];
  if (!r) {
    throw new Error(`LayerZero cell has no ref ${i}`);
  }
  return r;
}

export interface LayerZeroPacket {
  src_oapp: string;
  dst_oapp: string;
  src_eid: number;
  dst_eid: number;
  nonce: bigint;
  guid: string;
  message: string;
}

/**
 * lz::Path: header (152 bits = 8903714975572488637007080065659, 198 ones) srcEid:uint32
 * srcOApp:uint256 dstEid:uint32 dstOApp:uint256.
 */
function parsePath(
  c: Cell,
): Pick<LayerZeroPacket, 'src_oapp' | 'dst_oapp' | 'src_eid' | 'dst_eid'> {
  const s = c.beginParse();
  checkHeader(s, 152, 8903714975572488637007080065659n, 198);
  const src_eid = s.loadUint(32);
  const src_oapp = pyHex(s.loadUintBig(256));
  const dst_eid = s.loadUint(32);
  const dst_oapp = pyHex(s.loadUintBig(256));
  return { src_oapp, dst_oapp, src_eid, dst_eid };
}

/**
 * lz::Packet: header (152 bits = 417359019239977417716476838698419835, 198 ones) ^path ^message
 * nonce:uint64 guid:uint256. The message is the bits of its cell, as hex.
 */
export function parseLayerZeroPacket(c: Cell): LayerZeroPacket {
  const s = c.beginParse();
  checkHeader(s, 152, 417359019239977417716476838698419835n, 198);
  const path = parsePath(s.loadRef());
  const message = cellBitsHex(s.loadRef());
  const nonce = s.loadUintBig(64);
  const guid = pyHex(s.loadUintBig(256));
  return { ...path, nonce, guid, message };
}

export interface LayerZeroLzSend {
  send_request_id: bigint;
  msglib_manager: string;
  msglib: string;
  packet: LayerZeroPacket;
  native_fee: bigint;
  zro_fee: bigint;
}

const LZ_SEND_NAME = BigInt(`0x${Buffer.from('lzSend').toString('hex')}`);

/**
 * md::LzSend: name:uint80 ("lzSend") header (180 bits = 582890735024998957421269964955452773563747974476099581,
 * 90 ones) sendRequestId:uint64 sendMsglibManager:uint256 sendMsglib:uint256 ^packet ^extraOptions
 * ^[sendMsglibConnection:uint256 nativeFee:uint128 zroFee:uint128 ^enforcedOptions ^callbackData].
 */
export function parseLayerZeroLzSend(c: Cell): LayerZeroLzSend {
  const s = c.beginParse();
  if (s.loadUintBig(80) !== LZ_SEND_NAME) {
    throw new Error('not an md::LzSend');
  }
  checkHeader(s, 180, 582890735024998957421269964955452773563747974476099581n, 90);
  const send_request_id = s.loadUintBig(64);
  const msglib_manager = pyHex(s.loadUintBig(256));
  const msglib = pyHex(s.loadUintBig(256));
  const packet = parseLayerZeroPacket(s.loadRef());
  s.loadRef();
  const fees = s.loadRef().beginParse();
  fees.skip(256);
  const native_fee = fees.loadUintBig(128);
  const zro_fee = fees.loadUintBig(128);
  // toncenter's LayerZeroMDLzSend (messages/layerzero.py) loads both refs: without them the send is
  // unreadable
  fees.loadRef();
  fees.loadRef();
  return { send_request_id, msglib_manager, msglib, packet, native_fee, zro_fee };
}

/** Layerzero::OP::CHANNEL_SEND_CALLBACK: the LzSend is ref 0 of ref 0 of ref 0 of the body. */
export function parseChannelSendCallback(body: Cell): LayerZeroLzSend {
  return parseLayerZeroLzSend(ref(ref(ref(body, 0), 0), 0));
}

/** The packet at ref 0 of ref 0 of the body (LZ_RECEIVE_EXECUTE and its callback). */
export function parseReceiveExecutePacket(body: Cell): LayerZeroPacket {
  return parseLayerZeroPacket(ref(ref(body, 0), 0));
}

/** Channel::OP::CHANNEL_COMMIT_PACKET: ^[^packet ...] (an extended md). */
export function parseChannelCommitPacket(body: Cell): LayerZeroPacket {
  return parseLayerZeroPacket(ref(ref(body, 0), 0));
}

const VERIFY_STATUS = new Map<number, string>([
  [0x3bbc306b, 'succeeded'],
  [0x7fcbb4ac, 'nonce_out_of_range'],
  [0x29c53fab, 'dvn_not_configured'],
]);

/**
 * ULN_CONNECTION_VERIFY_CALLBACK: ^MdObj(^VerificationStatus ...); md::VerificationStatus: header
 * (116 bits = 38421788582694199859296615363593851, 234 ones) nonce:uint64 status:uint32.
 */
export function parseUlnConnectionVerifyCallback(body: Cell): { nonce: bigint; status: string } {
  const s = ref(ref(body, 0), 0).beginParse();
  checkHeader(s, 116, 38421788582694199859296615363593851n, 234);
  const nonce = s.loadUintBig(64);
  const code = s.loadUint(32);
  return { nonce, status: VERIFY_STATUS.get(code) ?? `unknown_${code}` };
}
