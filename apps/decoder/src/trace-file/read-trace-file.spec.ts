import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFixture } from '@app/testing';
import { decodeTraceFile } from './read-trace-file';
import { decompressLz4Frames, Lz4FormatError } from './lz4-frame';

const FILE = '03XZQ1CkN3nBPi4IICznU8BWFghrneCV17qcdq33BrA=.lz4';

void describe('decodeTraceFile', () => {
  void it('maps the rows of a trace file onto the model', () => {
    const t = decodeTraceFile(readFixture('indexer-traces', 'traces', FILE));
    assert.equal(t.trace.trace_id, '03XZQ1CkN3nBPi4IICznU8BWFghrneCV17qcdq33BrA=');
    assert.equal(t.trace.start_lt, 55743243000001n);
    assert.equal(t.transactions.length, 3);
    const root = t.transactions.find((tx) => tx.hash === t.trace.trace_id);
    assert.ok(root);
    assert.equal(
      root.account,
      '0:FD8B2FC26CB0FE2D27B911FD0409D72DEDA2089C1EA7722D2910EA5354900B2D',
    );
    const [inMsg] = root.messages;
    assert.ok(inMsg);
    assert.equal(inMsg.direction, 'in');
    assert.equal(inMsg.source, null);
    assert.match(inMsg.body ?? '', /^te6cc/);
  });

  void it('rejects a corrupted frame by its checksum', () => {
    const bytes = Buffer.from(readFixture('indexer-traces', 'traces', FILE));
    const at = bytes.length - 10;
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    assert.throws(() => decompressLz4Frames(bytes), Lz4FormatError);
  });

  void it('rejects bytes that are not an LZ4 frame', () => {
    assert.throws(() => decodeTraceFile(Buffer.from('{"trace": 1}')), /not an LZ4 frame/);
  });
});
