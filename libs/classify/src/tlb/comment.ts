import type { Slice } from '@ton/core';
import { COMMENTS } from '@app/ton';
import { loadSnakeBytes } from './cells';

export interface TonTransferBody {
  encrypted: boolean;
  comment: Buffer | null;
}

/**
 * The body of a plain TON transfer (toncenter TonTransferMessage): `text_comment#00000000 text:SnakeData`
 * or `encrypted_comment#2167da4b` (the registry's `COMMENTS`). Looser than their layouts, as toncenter
 * is: any opcode is read, and a comment only when the rest is byte-aligned with at most one ref;
 * anything else is no comment rather than a failed body.
 */
export function parseTonTransferBody(s: Slice): TonTransferBody {
  if (s.remainingBits < 32) {
    return { encrypted: false, comment: null };
  }
  const op = s.loadUint(32) >>> 0;
  const encrypted = op === COMMENTS.encrypted_comment.opcode;
  let comment: Buffer | null = null;
  try {
    if (s.remainingBits >= 8 && s.remainingBits % 8 === 0 && s.remainingRefs <= 1) {
      comment = loadSnakeBytes(s);
    }
  } catch {
    // A snake chain that breaks off (a ref without whole bytes, a chain cut short) is no readable
    // comment; the transfer still stands and is classified without one, as the doc above says.
    comment = null;
  }
  return { encrypted, comment };
}
