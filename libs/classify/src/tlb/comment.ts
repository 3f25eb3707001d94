import type { Slice } from '@ton/core';
import { loadSnakeBytes } from './cells';

export const TEXT_COMMENT_OP = 0x00000000;
/** encrypted_comment#2167da4b (wallet encrypted comments). */
export const ENCRYPTED_COMMENT_OP = 0x2167da4b;

export interface TonTransferBody {
  encrypted: boolean;
  comment: Buffer | null;
}

/**
 * The body of a plain TON transfer (toncenter TonTransferMessage): `text_comment#00000000 text:SnakeData`
 * or `encrypted_comment#2167da4b`. A comment is read only when the rest is byte-aligned with at most
 * one ref; anything else is no comment.
 */
export function parseTonTransferBody(s: Slice): TonTransferBody {
  if (s.remainingBits < 32) {
    return { encrypted: false, comment: null };
  }
  const op = s.loadUint(32) >>> 0;
  const encrypted = op === ENCRYPTED_COMMENT_OP;
  let comment: Buffer | null = null;
  try {
    if (s.remainingBits >= 8 && s.remainingBits % 8 === 0 && s.remainingRefs <= 1) {
      comment = loadSnakeBytes(s);
    }
  } catch {
    comment = null;
  }
  return { encrypted, comment };
}
