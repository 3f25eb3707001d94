import {
  beginCell,
  type Cell,
  loadCommonMessageInfo,
  loadStateInit,
  type Message,
} from '@ton/core';

import { normalizedExternalHashOf } from '../message';
import { writeBoc } from './boc.writer';
import { extraCurrenciesOf } from './currency.reader';
import { type MessageDirection, type ParsedMessage } from './parsed-block';
import { hashBase64, rawAddress } from './raw-format';

/*
 * message$_ {X:Type} info:CommonMsgInfo init:(Maybe (Either StateInit ^StateInit))
 *   body:(Either X ^X) = Message X;
 * int_msg_info$0 ihr_disabled:Bool bounce:Bool bounced:Bool src:MsgAddressInt dest:MsgAddressInt
 *   value:CurrencyCollection ihr_fee:Grams fwd_fee:Grams created_lt:uint64 created_at:uint32
 *   = CommonMsgInfo;
 * ext_in_msg_info$10 src:MsgAddressExt dest:MsgAddressInt import_fee:Grams = CommonMsgInfo;
 * ext_out_msg_info$11 src:MsgAddressInt dest:MsgAddressExt created_lt:uint64 created_at:uint32
 *   = CommonMsgInfo;
 * (crypto/block/block.tlb) Since global version 12 the int_msg_info field in ihr_fee's place is
 * `extra_flags:(VarUInteger 16)` (IHR was removed); the layout is unchanged.
 */

/** How one block's messages are read. */
export interface MessageContext {
  /** The block's global version is ≥ 12: the former ihr_fee field is extra_flags. */
  readonly extraFlags: boolean;
  /**
   * BoCs already written in this block, by cell hash (base64): a message between two accounts of the
   * block appears twice, as the sender's out message and the receiver's in message.
   */
  readonly bocs: Map<string, string>;
}

/** The context of a block of this global version (BlockInfo.gen_software). */
export function messageContextOf(globalVersion: number): MessageContext {
  return { extraFlags: globalVersion >= 12, bocs: new Map() };
}

/**
 * Flattens one message of a transaction into its `messages` row. `message` is @ton/core's parse of
 * `cell` (loadTransaction already did it); `cell` gives the hashes. The body is its own cell even when
 * stored inline (the rest of the message turned into a cell, as toncenter's indexer does).
 */
export function flattenMessage(
  cell: Cell,
  message: Message,
  direction: MessageDirection,
  ctx: MessageContext,
): ParsedMessage {
  const hash = hashBase64(cell.hash(0));
  const body = message.body;
  const init = message.init ? initStateCell(cell) : null;
  const bodyHash = hashBase64(body.hash(0));
  const bodyBoc = bocOf(body, bodyHash, ctx);
  const opcode = opcodeOf(body);
  const initStateHash = init ? hashBase64(init.hash(0)) : null;
  const initStateBoc = init && initStateHash ? bocOf(init, initStateHash, ctx) : null;
  const info = message.info;
  switch (info.type) {
    case 'internal':
      return {
        hash,
        hashNorm: null,
        direction,
        source: rawAddress(info.src),
        destination: rawAddress(info.dest),
        value: info.value.coins,
        valueExtraCurrencies: extraCurrenciesOf(info.value),
        fwdFee: info.forwardFee,
        // The same field: ihr_fee before global version 12, extra_flags since (ihr_fee is then 0).
        ihrFee: ctx.extraFlags ? 0n : info.ihrFee,
        extraFlags: ctx.extraFlags ? info.ihrFee : null,
        createdLt: info.createdLt,
        createdAt: info.createdAt,
        opcode,
        ihrDisabled: info.ihrDisabled,
        bounce: info.bounce,
        bounced: info.bounced,
        importFee: null,
        bodyHash,
        bodyBoc,
        initStateHash,
        initStateBoc,
      };
    case 'external-in': {
      // TEP-467: toncenter stores hash_norm only when it differs from the hash.
      const norm = hashBase64(normalizedExternalHashOf(info.dest, body));
      return {
        hash,
        hashNorm: norm === hash ? null : norm,
        direction,
        source: null,
        destination: rawAddress(info.dest),
        value: null,
        valueExtraCurrencies: null,
        fwdFee: null,
        ihrFee: null,
        extraFlags: null,
        createdLt: null,
        createdAt: null,
        opcode,
        ihrDisabled: null,
        bounce: null,
        bounced: null,
        importFee: info.importFee,
        bodyHash,
        bodyBoc,
        initStateHash,
        initStateBoc,
      };
    }
    case 'external-out':
      return {
        hash,
        hashNorm: null,
        direction,
        source: rawAddress(info.src),
        destination: null,
        value: null,
        valueExtraCurrencies: null,
        fwdFee: null,
        ihrFee: null,
        extraFlags: null,
        createdLt: info.createdLt,
        createdAt: info.createdAt,
        opcode,
        ihrDisabled: null,
        bounce: null,
        bounced: null,
        importFee: null,
        bodyHash,
        bodyBoc,
        initStateHash,
        initStateBoc,
      };
  }
}

/** The BoC with CRC32C (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go) of a cell whose base64 hash is `hash`, once per block. */
function bocOf(cell: Cell, hash: string, ctx: MessageContext): string {
  let boc = ctx.bocs.get(hash);
  if (boc === undefined) {
    boc = writeBoc(cell, true).toString('base64');
    ctx.bocs.set(hash, boc);
  }
  return boc;
}

/** The first 32 body bits as a signed int32 when the body has at least 32 bits. */
function opcodeOf(body: Cell): number | null {
  if (body.isExotic || body.bits.length < 32) {
    return null;
  }
  return body.beginParse().loadInt(32);
}

/**
 * The StateInit cell of a message that has one: the reference for `right$1 ^StateInit`, or for an
 * inline `left$0 StateInit` a cell made of exactly the bits and references it spans.
 */
function initStateCell(cell: Cell): Cell | null {
  const s = cell.beginParse();
  loadCommonMessageInfo(s);
  if (!s.loadBit()) {
    return null;
  }
  if (s.loadBit()) {
    return s.loadRef();
  }
  const start = s.clone();
  loadStateInit(s);
  const b = beginCell().storeBits(start.loadBits(s.offsetBits - start.offsetBits));
  for (let i = s.offsetRefs - start.offsetRefs; i > 0; i--) {
    b.storeRef(start.loadRef());
  }
  return b.endCell();
}
