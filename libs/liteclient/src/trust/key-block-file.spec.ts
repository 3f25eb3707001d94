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

function hashes(block: ProofBlockId): { root_hash: string; file_hash: string } {
  return {
    root_hash: block.rootHash.toString('base64'),
    file_hash: block.fileHash.toString('base64'),
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

  void it('starts from the newest hard fork, and drops a block kept before the config listed it', () => {
    const where = dir();
    const before = new KeyBlockFile(where, ANCHOR);
    // Proven before the hard fork was known: kept at 300 with no hard fork listed.
    before.save(id(300, 21));
    assert.equal(
      (JSON.parse(readFileSync(before.path, 'utf8')) as { vert_seqno: number }).vert_seqno,
      0,
    );

    const FORK = id(200, 23);
    const forked: TrustAnchor = { ...ANCHOR, hardforks: [id(80, 25), FORK] };
    const sut = new KeyBlockFile(where, forked);
    // 300 is after the fork's seqno, but it may be of the abandoned chain: not used.
    assert.deepEqual(sut.startingAnchor(), {
      block: FORK,
      source: 'global config',
      ignored:
        'it was proven before the hard fork at seqno 200 (with 0 hard forks listed, the config lists 2)',
    });
    // Nothing kept: the hard fork, newer than init_block, is the start.
    assert.deepEqual(new KeyBlockFile(dir(), forked).startingAnchor(), {
      block: FORK,
      source: 'global config',
    });

    // Proven after it (the older file is replaced though its seqno is higher: it is not this chain's).
    sut.save(id(250, 27));
    assert.deepEqual(sut.startingAnchor(), {
      block: id(250, 27),
      source: 'persisted key block',
    });
    assert.equal(
      (JSON.parse(readFileSync(sut.path, 'utf8')) as { vert_seqno: number }).vert_seqno,
      2,
    );
    // A config that lists fewer hard forks than the file was proven with (an old config): ignored.
    assert.deepEqual(new KeyBlockFile(where, ANCHOR).startingAnchor(), {
      block: INIT,
      source: 'global config',
      ignored: 'it was proven with 2 hard forks listed, the config lists only 0',
    });

    // Written with both hard forks listed, but older than the last one, or another block at its seqno.
    const stored = (keyBlock: ProofBlockId) => ({
      zero_state: { ...hashes(ZERO), workchain: -1, shard: MC.toString(), seqno: 0 },
      key_block: {
        ...hashes(keyBlock),
        workchain: -1,
        shard: MC.toString(),
        seqno: keyBlock.seqno,
      },
      vert_seqno: 2,
    });
    writeFileSync(sut.path, JSON.stringify(stored(id(150, 31))));
    assert.equal(
      sut.startingAnchor().ignored,
      'it is older (seqno 150) than the last hard fork (200)',
    );
    writeFileSync(sut.path, JSON.stringify(stored(id(200, 29))));
    assert.equal(
      sut.startingAnchor().ignored,
      'it differs from the last hard fork at the same seqno',
    );
    writeFileSync(sut.path, JSON.stringify(stored(FORK)));
    assert.deepEqual(sut.startingAnchor(), { block: FORK, source: 'global config' });
  });
});
