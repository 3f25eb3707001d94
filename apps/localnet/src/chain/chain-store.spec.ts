import assert from 'node:assert/strict';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type ChainHeader, ChainStore, parseJournal, type SealRecord } from './chain-store';

const HEADER = { version: 1, startTime: 1_800_000_000, shards: 1, seed: 'genesis' };
const record = (seqno: number): object => ({
  seqno,
  genUtime: 1_800_000_000 + seqno,
  rootHash: `hash${String(seqno)}`,
  messages: [],
});
const lines = (...objects: object[]): string =>
  objects.map((o) => `${JSON.stringify(o)}\n`).join('');

void describe(parseJournal.name, () => {
  void it('reads the header and the records, every byte valid', () => {
    const text = lines(HEADER, record(1), record(2));
    const journal = parseJournal(text);
    assert.ok(journal);
    assert.deepEqual(journal.header, HEADER);
    assert.deepEqual(
      journal.records.map((r) => r.seqno),
      [1, 2],
    );
    assert.equal(journal.validBytes, Buffer.byteLength(text));
  });

  void it('cuts a torn last line (no newline) off', () => {
    const whole = lines(HEADER, record(1));
    const journal = parseJournal(`${whole}{"seqno":2,"genUt`);
    assert.ok(journal);
    assert.equal(journal.records.length, 1);
    assert.equal(journal.validBytes, Buffer.byteLength(whole));
  });

  void it('ends at a line that does not parse, or breaks the seqno sequence', () => {
    const whole = lines(HEADER, record(1));
    assert.equal(
      parseJournal(`${whole}{"seqno":2,"gen\n${lines(record(3))}`)?.validBytes,
      whole.length,
    );
    assert.equal(parseJournal(whole + lines(record(3)))?.records.length, 1);
    assert.equal(parseJournal(whole + lines({ seqno: 2 }))?.records.length, 1);
  });

  void it('has no journal without a whole header', () => {
    assert.equal(parseJournal(''), undefined);
    assert.equal(parseJournal('{"version":1,"start'), undefined);
    assert.equal(
      parseJournal(lines({ version: 2, startTime: 1, shards: 1, seed: 'x' })),
      undefined,
    );
  });

  void it('counts bytes, not characters, for the valid length', () => {
    const text = lines({ ...HEADER, seed: 'génesis' }, record(1));
    assert.equal(parseJournal(`${text}{`)?.validBytes, Buffer.byteLength(text));
  });
});

void describe(ChainStore.name, () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'chain-store-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  const header = HEADER as ChainHeader;
  const sealRecord = (seqno: number): SealRecord => record(seqno) as SealRecord;

  /** Blocks 1..last, a snapshot after every `every`th, compacted to the newest at or before `base(head)`. */
  async function write(
    dir: string,
    last: number,
    every: number,
    base: (head: number) => number,
  ): Promise<ChainStore> {
    const store = await ChainStore.create(dir, header);
    for (let s = 1; s <= last; s++) {
      store.append(sealRecord(s));
      if (s % every === 0) {
        await store.rotate(s);
        await store.writeSnapshot(s, { seqno: s });
        const to = store.snapshots.filter((x) => x <= base(s)).at(-1);
        if (to !== undefined) {
          await store.compact(to);
        }
      }
    }
    return store;
  }

  void it('snapshots start new segments; compaction deletes the snapshots and segments before its base', async () => {
    const dir = tempDir();
    const store = await write(dir, 23, 5, (head) => head - 10 + 1);
    await store.close();
    // At block 20 the base is the snapshot of block 10 (<= 20 - 10 + 1): 5 and the segments up to
    // block 10 go; block 21..23 are in the segment begun after 20.
    assert.deepEqual(readdirSync(dir).sort(), [
      'chain-11.jsonl',
      'chain-16.jsonl',
      'chain-21.jsonl',
      'snapshot-10.json',
      'snapshot-15.json',
      'snapshot-20.json',
    ]);
    const saved = await ChainStore.load(dir);
    assert.ok(saved);
    assert.deepEqual(saved.header, HEADER);
    assert.equal(saved.first, 11);
    assert.deepEqual(
      saved.records.map((r) => r.seqno),
      Array.from({ length: 13 }, (_, i) => 11 + i),
    );
    assert.deepEqual(saved.snapshots, [10, 15, 20]);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'snapshot-15.json'), 'utf8')), {
      header: HEADER,
      seqno: 15,
    });
  });

  void it('keeps the directory bounded however many blocks are written', async () => {
    const counts: number[] = [];
    for (const last of [100, 1000]) {
      const dir = tempDir();
      const store = await write(dir, last, 5, (head) => head - 10 + 1);
      await store.close();
      counts.push(readdirSync(dir).length);
      const saved = await ChainStore.load(dir);
      assert.ok(saved && saved.records.length <= 10 + 2 * 5);
    }
    assert.deepEqual(counts, [6, 6]);
  });

  void it('a torn last line ends the journal; resume cuts it off and appends after the last whole record', async () => {
    const dir = tempDir();
    const store = await write(dir, 13, 5, () => 0);
    await store.close();
    appendFileSync(join(dir, 'chain-11.jsonl'), '{"seqno":14,"genUt');
    const saved = await ChainStore.load(dir);
    assert.ok(saved);
    assert.equal(saved.records.at(-1)?.seqno, 13);
    const resumed = await ChainStore.resume(dir, saved, 13);
    resumed.append(sealRecord(14));
    await resumed.close();
    assert.deepEqual(
      (await ChainStore.load(dir))?.records.map((r) => r.seqno),
      Array.from({ length: 14 }, (_, i) => 1 + i),
    );
  });

  void it('stops at a gap between segments (lines lost by a crash) and resume deletes what follows it', async () => {
    const dir = tempDir();
    const store = await write(dir, 13, 5, () => 0);
    await store.close();
    // Block 10's line never reached the disk, the next segment's did.
    const text = readFileSync(join(dir, 'chain-6.jsonl'), 'utf8');
    writeFileSync(join(dir, 'chain-6.jsonl'), text.split('\n').slice(0, -2).join('\n') + '\n');
    const saved = await ChainStore.load(dir);
    assert.ok(saved);
    assert.equal(saved.records.at(-1)?.seqno, 9);
    assert.deepEqual(saved.unused, [11]);
    const resumed = await ChainStore.resume(dir, saved, 9);
    await resumed.close();
    assert.equal(existsSync(join(dir, 'chain-11.jsonl')), false);
  });
});
