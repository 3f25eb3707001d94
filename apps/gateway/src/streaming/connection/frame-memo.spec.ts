import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FrameMemo } from './frame-memo';
import { SSE_FRAMING, WS_FRAMING } from './stream-framing';

void describe(FrameMemo.name, () => {
  void it('encodes a frame once per framing, JSON and event id', () => {
    const memo = new FrameMemo();
    const json = '{"type":"transactions"}';
    const sse = memo.notification(SSE_FRAMING, json, '7:0');
    assert.equal(sse.toString(), 'id: 7:0\nevent: event\ndata: {"type":"transactions"}\n\n');
    assert.equal(memo.notification(SSE_FRAMING, json, '7:0'), sse);
    const ws = memo.notification(WS_FRAMING, json, '7:0');
    assert.equal(ws.toString(), '{"type":"transactions","event_id":"7:0"}');
    assert.notEqual(ws, sse);
    const other = memo.notification(SSE_FRAMING, json, '7:1');
    assert.equal(other.toString(), 'id: 7:1\nevent: event\ndata: {"type":"transactions"}\n\n');
    assert.equal(
      memo.notification(SSE_FRAMING, '{"type":"actions"}', '7:0').toString(),
      'id: 7:0\nevent: event\ndata: {"type":"actions"}\n\n',
    );
  });

  void it('keeps text beyond ASCII intact (the frame is UTF-8)', () => {
    const memo = new FrameMemo();
    const frame = memo.notification(WS_FRAMING, '{"comment":"привет 💎"}', '1:0');
    assert.equal(frame.toString('utf8'), '{"comment":"привет 💎","event_id":"1:0"}');
    assert.equal(frame.length, Buffer.byteLength('{"comment":"привет 💎","event_id":"1:0"}'));
  });
});
