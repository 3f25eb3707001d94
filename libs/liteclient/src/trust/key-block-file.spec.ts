import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type ProofBlockId, type TrustAnchor } from '@app/ton';

import { KeyBlockFile } from './key-block-file';

const MC = 0x8000000000000000n;

function id(seqno: number, fill: number): ProofBlockId {
  return {
    workchain: -1,
    shard: MC,
    seqno,
    rootHash: Buffer.alloc(32, fill),
    fileHash: Buffer.alloc(32, fill + 1),
  };
}

const ZERO = id(0, 1);
const INIT = id(100, 3);
const ANCHOR: TrustAnchor = { zeroState: ZERO, initBlock: INIT, hardforks: [] };

void describe('KeyBlockFile', () => {
  const dirs: string[] = [];
  const dir = (): string => {
    const made = mkdtempSync(join(tmpdir(), 'key-block-file-'));
    dirs.push(made);
    return join(made, 'trust');
  };
  after(() => {
    for (const d of dirs) {
      rmSync(d, { recursive: true, force: true });
    }
  });

  void it('starts from the config when nothing is kept, then from the newest key block kept', () => {
    const sut = new KeyBlockFile(dir(), ANCHOR);
    assert.deepEqual(sut.startingAnchor(), { block: INIT, source: 'global config' });
    sut.save(id(150, 5));
    sut.save(id(120, 7)); // older: the kept one stays
    const start = sut.startingAnchor();
    assert.equal(start.source, 'persisted key block');
    assert.deepEqual(start.block, id(150, 5));
    const text = JSON.parse(readFileSync(sut.path, 'utf8')) as {
      key_block: { shard: string; seqno: number };
    };
    // The shard written exactly, as a decimal string.
    assert.deepEqual([text.key_block.shard, text.key_block.seqno], ['9223372036854775808', 150]);
  });

  void it('ignores a kept block of another zero state, older than the init block, or not it', () => {
    const where = dir();
    const other = new KeyBlockFile(where, { ...ANCHOR, zeroState: id(0, 9) });
    const sut = new KeyBlockFile(where, ANCHOR);
    // Another network names another file: nothing kept for this one.
    other.save(id(500, 11));
    assert.notEqual(other.path, sut.path);
    assert.deepEqual(sut.startingAnchor(), { block: INIT, source: 'global config' });

    // The same file rewritten by hand with another zero state.
    writeFileSync(sut.path, readFileSync(other.path));
    assert.match(sut.startingAnchor().ignored ?? '', /another network/);
    assert.deepEqual(sut.startingAnchor().block, INIT);

    const older = new KeyBlockFile(where, { ...ANCHOR, initBlock: id(50, 3) });
    older.save(id(60, 13));
    assert.match(
      sut.startingAnchor().ignored ?? '',
      /older \(seqno 60\) than the configured init block \(100\)/,
    );

    new KeyBlockFile(where, { ...ANCHOR, initBlock: id(10, 3) }).save(id(100, 15));
    assert.match(sut.startingAnchor().ignored ?? '', /differs from the configured init block/);

    writeFileSync(sut.path, 'not json');
    assert.deepEqual(sut.startingAnchor(), {
      block: INIT,
      source: 'global config',
      ignored: 'it is not JSON',
    });
    // A newer key block replaces an unreadable file.
    sut.save(id(101, 17));
    assert.deepEqual(sut.startingAnchor().block, id(101, 17));
  });
});
