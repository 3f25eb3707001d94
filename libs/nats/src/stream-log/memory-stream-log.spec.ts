import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Subjects } from '@app/contracts';
import { MemoryStreamLog } from './memory-stream-log';
import { type StreamLogEntry } from './stream-log';

describe(MemoryStreamLog.name, () => {
  it('tells a follower which entries their producer checked, and hands over copies', async () => {
    const log = new MemoryStreamLog({ retentionMs: 60_000, maxEntries: 10 });
    const seen: StreamLogEntry[] = [];
    const follower = await log.follow({ kind: 'new' }, (entry) => {
      seen.push(entry);
    });
    const payload = { n: 1 };
    await log.append(Subjects.stream.trace, payload, 'a', { checked: true });
    await log.append(Subjects.stream.trace, { n: 2 }, 'b', { json: '{"n":2}' });
    await follower.close();
    assert.deepEqual(seen, [
      { seq: 1, subject: Subjects.stream.trace, payload: { n: 1 }, checked: true },
      { seq: 2, subject: Subjects.stream.trace, payload: { n: 2 } },
    ]);
    assert.notEqual(seen[0]?.payload, payload);
  });

  it('hands a follower the object itself when its producer gave it up', async () => {
    const log = new MemoryStreamLog({ retentionMs: 60_000, maxEntries: 10 });
    const delivered = new Promise<StreamLogEntry>((resolve) => {
      void log.follow({ kind: 'new' }, resolve);
    });
    const payload = { n: 1 };
    await log.append(Subjects.stream.trace, payload, 'a', {
      json: '{"n":1}',
      checked: true,
      handedOver: true,
    });
    const entry = await delivered;
    assert.equal(entry.payload, payload);
    await log.close();
  });
});
