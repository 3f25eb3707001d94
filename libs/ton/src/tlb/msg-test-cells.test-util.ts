/**
 * Message cells for the InMsg / OutMsg / MsgEnvelope round-trip specs. Only specs import this
 * module.
 */
import { Address, beginCell, Cell, storeMessage } from '@ton/core';

import { type MsgEnvelope } from './msg-envelope';

export const DEST = new Address(0, Buffer.alloc(32, 0xaa));
export const SRC = new Address(0, Buffer.alloc(32, 0xbb));

/** An inbound external message paying `importFee`. */
export function externalInCell(importFee: bigint): Cell {
  return beginCell()
    .store(
      storeMessage({
        info: { type: 'external-in', src: null, dest: DEST, importFee },
        body: Cell.EMPTY,
      }),
    )
    .endCell();
}

/** An internal message carrying `value` and `ihrFee`. */
export function internalCell(value: bigint, ihrFee: bigint): Cell {
  return beginCell()
    .store(
      storeMessage({
        info: {
          type: 'internal',
          ihrDisabled: true,
          bounce: true,
          bounced: false,
          src: SRC,
          dest: DEST,
          value: { coins: value },
          ihrFee,
          forwardFee: 3n,
          createdLt: 100n,
          createdAt: 1_700_000_000,
        },
        body: Cell.EMPTY,
      }),
    )
    .endCell();
}

export function envelopeOf(message: Cell, fwdFeeRemaining = 7n): MsgEnvelope {
  return { curBits: 0, nextBits: 96, fwdFeeRemaining, message };
}

/** A stand-in ^Transaction: the readers keep it as a cell. */
export function transactionCell(n: number): Cell {
  return beginCell().storeUint(n, 32).endCell();
}
