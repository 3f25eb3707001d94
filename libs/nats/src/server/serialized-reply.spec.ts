import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { replyParts } from '../chunking/reply-chunks';
import { packetJson } from '../in-process/in-process.server';
import { replyJson, SerializedReply } from './serialized-reply';

void describe('SerializedReply on the wire', () => {
  const reply = new SerializedReply('{"lt":"47000001000003","ok":true}');

  void it('is written as its own text, not stringified again', () => {
    assert.equal(replyJson(reply), '{"lt":"47000001000003","ok":true}');
    assert.equal(replyJson({ a: 1 }), '{"a":1}');
    assert.equal(replyJson(undefined), undefined);
  });

  void it('makes the same in-process packet as a plain reply', () => {
    const plain = { lt: '47000001000003', ok: true };
    for (const rest of [{ isDisposed: true }, { isDisposed: false }, {}]) {
      assert.deepEqual(
        JSON.parse(packetJson({ response: reply, ...rest }, 'id-1')),
        JSON.parse(packetJson({ response: plain, ...rest }, 'id-1')),
      );
    }
    // No id and no other member: the response alone.
    assert.equal(
      packetJson({ response: reply }, undefined),
      '{"response":{"lt":"47000001000003","ok":true}}',
    );
  });

  void it('still refuses a plain reply JSON cannot carry', () => {
    assert.throws(() => packetJson({ response: { balance: 1n } }, 'id-2'), TypeError);
  });

  void it('is cut into parts from its text when large', () => {
    const big = new SerializedReply(JSON.stringify({ text: 'x'.repeat(100) }));
    const json = replyJson(big) ?? '';
    assert.equal(json, big.json);
    const parts = replyParts(json, 40);
    assert.equal(parts.length, 3);
    assert.equal(Buffer.concat(parts).toString('utf8'), big.json);
  });
});
