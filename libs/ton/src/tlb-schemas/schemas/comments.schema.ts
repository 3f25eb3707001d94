import { bytes, rest, text } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** Plain-transfer bodies every wallet understands, and the bounce prefix. */
export const COMMENTS = {
  // text_comment#00000000 text:SnakeData = InternalMsgBody;
  text_comment: tlb('text_comment', 0x00000000, { text }),
  // encrypted_comment#2167da4b data:SnakeData = InternalMsgBody; (ciphertext, rendered as hex)
  encrypted_comment: tlb('encrypted_comment', 0x2167da4b, { data: bytes }),
  // bounce#ffffffff original_body:bits = InternalMsgBody; (the first 256 bits of the bounced body)
  bounce: tlb('bounce', 0xffffffff, { original_body: rest }),
};

export const COMMENT_SCHEMAS: readonly TlbConstructor[] = Object.values(COMMENTS);
