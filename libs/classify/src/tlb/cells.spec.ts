/**
 * `decodeComment` against Python's `bytes.decode('utf-8', errors='backslashreplace')` with NULs removed,
 * as toncenter's TonTransferBlock decodes a text comment (ton-indexer `blocks/basic_blocks.py`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeComment } from './cells';

void describe('decodeComment', () => {
  void it('keeps a leading byte order mark, in valid UTF-8 and in escaped text alike', () => {
    assert.equal(decodeComment(Buffer.from([0xef, 0xbb, 0xbf, 0x64])), '\ufeffd');
    assert.equal(decodeComment(Buffer.from([0xef, 0xbb, 0xbf, 0xff])), '\ufeff\\xff');
  });

  void it('escapes bytes that are not UTF-8 and drops NULs', () => {
    assert.equal(decodeComment(Buffer.from([0x61, 0x00, 0xc3, 0x28])), 'a\\xc3(');
  });
});
