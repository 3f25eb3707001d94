import { type Cell, type Dictionary } from '@ton/core';

/** `msg_forward_prices#ea lump_price:uint64 bit_price:uint64 cell_price:uint64 ihr_price_factor:uint32
 *  first_frac:uint16 next_frac:uint16 = MsgForwardPrices;` (bit and cell prices in 2^-16 nanotons). */
export interface MsgForwardPrices {
  readonly lumpPrice: bigint;
  readonly bitPrice: bigint;
  readonly cellPrice: bigint;
}

const MSG_FORWARD_PRICES_TAG = 0xea;
/** ConfigParam 24: masterchain message prices; ConfigParam 25: basechain ones. */
const MASTERCHAIN_PRICES_PARAM = 24;
const BASECHAIN_PRICES_PARAM = 25;

/** The message forwarding prices of the workchain a message is sent to or from. */
export function readMsgForwardPrices(
  config: Dictionary<number, Cell>,
  masterchain: boolean,
): MsgForwardPrices {
  const param = masterchain ? MASTERCHAIN_PRICES_PARAM : BASECHAIN_PRICES_PARAM;
  const cell = config.get(param);
  if (!cell) {
    throw new Error(`the config has no parameter ${param} (msg_forward_prices)`);
  }
  const slice = cell.beginParse();
  const tag = slice.loadUint(8);
  if (tag !== MSG_FORWARD_PRICES_TAG) {
    throw new Error(
      `config parameter ${param} is not a MsgForwardPrices (tag 0x${tag.toString(16)})`,
    );
  }
  return {
    lumpPrice: slice.loadUintBig(64),
    bitPrice: slice.loadUintBig(64),
    cellPrice: slice.loadUintBig(64),
  };
}

/** Distinct cells and their data bits below a message's root (the root itself is not counted). */
export interface MessageSize {
  readonly cells: bigint;
  readonly bits: bigint;
}

/**
 * The size a forwarding fee is charged on: every distinct cell of the message tree except the root
 * (transaction.cpp counts `init` and `body`; the root cell itself is free), each cell once by hash.
 */
export function messageSize(root: Cell): MessageSize {
  const seen = new Set<string>();
  let cells = 0n;
  let bits = 0n;
  const queue: Cell[] = [...root.refs];
  for (let cell = queue.pop(); cell !== undefined; cell = queue.pop()) {
    const key = cell.hash().toString('hex');
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    cells += 1n;
    bits += BigInt(cell.bits.length);
    queue.push(...cell.refs);
  }
  return { cells, bits };
}

/**
 * `lump_price + ceil((bit_price * bits + cell_price * cells) / 2^16)` — MsgPrices::compute_fwd_fees,
 * the forwarding fee of a message of `size` (and the import fee of an external one).
 */
export function forwardFee(prices: MsgForwardPrices, size: MessageSize): bigint {
  const scaled = prices.bitPrice * size.bits + prices.cellPrice * size.cells;
  return prices.lumpPrice + ((scaled + 0xffffn) >> 16n);
}
