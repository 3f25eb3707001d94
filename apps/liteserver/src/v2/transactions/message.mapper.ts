import { type ExtMessage, type MsgData, type RawMessage } from '@app/contracts';
import { cellDataBytes } from '@app/ton';
import {
  type Address,
  beginCell,
  type Cell,
  loadMessage,
  type Message,
  type Slice,
  storeStateInit,
} from '@ton/core';
import { cellToBase64, extraCurrencies } from '../tonlib.mapper';

/** tonlib's CellString limits (vm/cells/CellString.h): at most 1024 bytes over at most 16 cells. */
const CELL_STRING_MAX_BYTES = 1024;
const CELL_STRING_MAX_CHAIN = 16;
/** Op of an encrypted comment (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/client.py). */
const OP_ENCRYPTED_TEXT = 0x2167da4b;

/** A message's fields before its addresses are rendered (tonlib `raw.message`). */
interface MessageParts {
  readonly hash: string;
  readonly source: Address | null;
  readonly destination: Address | null;
  readonly value: bigint;
  readonly extraCurrencies: RawMessage['extra_currencies'];
  readonly fwdFee: bigint;
  readonly createdLt: bigint;
  readonly bodyHash: string;
  readonly msgData: MsgData;
  readonly message: string;
}

/**
 * Bytes of a snake string as tonlib's CellString::load reads it: whole bytes in every cell, at most
 * one ref continuing the string. Undefined when the slice is not such a string.
 */
function loadCellString(body: Slice): Buffer | undefined {
  const parts: Buffer[] = [];
  let slice: Slice | undefined = body;
  let total = 0;
  for (let depth = 0; slice; depth++) {
    if (
      depth >= CELL_STRING_MAX_CHAIN ||
      slice.remainingBits % 8 !== 0 ||
      slice.remainingRefs > 1
    ) {
      return undefined;
    }
    const bytes = slice.loadBuffer(slice.remainingBits / 8);
    total += bytes.length;
    if (total > CELL_STRING_MAX_BYTES) {
      return undefined;
    }
    parts.push(bytes);
    slice = slice.remainingRefs === 1 ? slice.loadRef().beginParse() : undefined;
  }
  return Buffer.concat(parts);
}

function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // pytonlib renders an undecodable comment as "" (message_decode_error in 2.1).
    return '';
  }
}

/**
 * tonlib's msg.Data (TonlibClient.cpp get_data,
 * https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/client.py): op 0 followed by a snake
 * string → text, the encrypted-comment op → encrypted text, anything else → raw body and init_state
 * BoCs. `message` is what toncenter adds: the text, or the base64 of the body's root data bits
 * followed by "\n" (Python's MIME base64 codec; 2.1 keeps the trailing newline but not the inner
 * ones), "" for an empty body.
 */
function messageData(message: Message): { msgData: MsgData; message: string } {
  const body = message.body;
  const slice = body.beginParse();
  if (slice.remainingBits >= 32) {
    const op = slice.loadUint(32);
    if (op === 0 || op === OP_ENCRYPTED_TEXT) {
      const bytes = loadCellString(slice);
      if (bytes) {
        const text = bytes.toString('base64');
        return op === 0
          ? { msgData: { '@type': 'msg.dataText', text }, message: utf8(bytes) }
          : { msgData: { '@type': 'msg.dataEncryptedText', text }, message: '' };
      }
    }
  }
  const init = message.init ? beginCell().store(storeStateInit(message.init)).endCell() : null;
  const bits = cellDataBytes(body);
  return {
    msgData: {
      '@type': 'msg.dataRaw',
      body: cellToBase64(body),
      init_state: init ? cellToBase64(init) : '',
    },
    message: bits.length === 0 ? '' : `${bits.toString('base64')}\n`,
  };
}

/**
 * A Message cell as tonlib reads it (TonlibClient.cpp to_raw_message): internal messages carry value,
 * fees and created_lt; an inbound external has none of them and no source; an outbound external has
 * created_lt and no destination. `ihr_fee` is always 0 in current tonlib
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/client.py). `message` is the
 * cell already parsed, when the caller has it (a transaction's messages).
 */
export function readMessage(
  cell: Cell,
  message: Message = loadMessage(cell.beginParse()),
): MessageParts {
  const info = message.info;
  const data = messageData(message);
  const common = {
    hash: cell.hash().toString('base64'),
    bodyHash: message.body.hash().toString('base64'),
    msgData: data.msgData,
    message: data.message,
  };
  switch (info.type) {
    case 'internal':
      return {
        ...common,
        source: info.src,
        destination: info.dest,
        value: info.value.coins,
        extraCurrencies: extraCurrencies(info.value.other),
        fwdFee: info.forwardFee,
        createdLt: info.createdLt,
      };
    case 'external-in':
      return {
        ...common,
        source: null,
        destination: info.dest,
        value: 0n,
        extraCurrencies: [],
        fwdFee: 0n,
        createdLt: 0n,
      };
    case 'external-out':
      return {
        ...common,
        source: info.src,
        destination: null,
        value: 0n,
        extraCurrencies: [],
        fwdFee: 0n,
        createdLt: info.createdLt,
      };
  }
}

/** Message addresses as tonlib prints them: friendly, bounceable, url-safe, no test flag (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function friendly(address: Address | null): string {
  return address ? address.toString({ bounceable: true, urlSafe: true, testOnly: false }) : '';
}

/** The fields after the addresses, shared by `ext.message` and `raw.message` (in their order). */
function messageValues(parts: MessageParts) {
  return {
    value: parts.value.toString(),
    extra_currencies: parts.extraCurrencies,
    fwd_fee: parts.fwdFee.toString(),
    ihr_fee: '0',
    created_lt: parts.createdLt.toString(),
    body_hash: parts.bodyHash,
    msg_data: parts.msgData,
  };
}

/** 2.1 getTransactions message: addresses flattened to strings, plus `message` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function toExtMessage(parts: MessageParts): ExtMessage {
  return {
    '@type': 'ext.message',
    hash: parts.hash,
    source: friendly(parts.source),
    destination: friendly(parts.destination),
    ...messageValues(parts),
    message: parts.message,
  };
}

/** tonlib `raw.message` with its `accountAddress` objects (getBlockTransactionsExt, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function toRawMessage(parts: MessageParts): RawMessage {
  return {
    '@type': 'raw.message',
    hash: parts.hash,
    source: { '@type': 'accountAddress', account_address: friendly(parts.source) },
    destination: { '@type': 'accountAddress', account_address: friendly(parts.destination) },
    ...messageValues(parts),
  };
}

export type { MessageParts };
