import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJournal } from './chain-store';

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
