/** parseBlock: the extra_flags of internal messages from global version 12, ihr_fee before it. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { blocks, replayJson, hex } from './block-fixtures.test-util';

void describe('parseBlock: global version 12+ (extra_flags)', () => {
  void it('replay block (global version 13): internal messages carry extra_flags, ihr_fee is 0', () => {
    const { sut } = blocks.replay();
    const json = replayJson();
    assert.equal(hex(sut.header.rootHash), json.block.root_hash);
    assert.equal(hex(sut.header.fileHash), json.block.file_hash);
    const internal = sut.transactions
      .flatMap((t) => [t.inMessage, ...t.outMessages])
      .filter((m) => m !== null && m.value !== null);
    assert.ok(internal.length > 0);
    assert.ok(internal.every((m) => m!.ihrFee === 0n && m!.extraFlags !== null));
  });

  void it('block-1 (global version 3): ihr_fee is read as such, extra_flags is null', () => {
    const { sut } = blocks.block1();
    const internal = sut.transactions
      .flatMap((t) => [t.inMessage, ...t.outMessages])
      .filter((m) => m?.value !== null);
    assert.ok(internal.length > 0);
    assert.ok(internal.every((m) => m!.extraFlags === null && m!.ihrFee !== null));
  });
});
