import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { streamReplicas } from './stream-replicas';

void describe(streamReplicas.name, () => {
  void it('is 1 unless NATS_STREAM_REPLICAS says otherwise', () => {
    assert.equal(streamReplicas({}), 1);
    assert.equal(streamReplicas({ NATS_STREAM_REPLICAS: '3' }), 3);
  });

  void it('refuses a count JetStream does not take (1 to 5)', () => {
    assert.throws(() => streamReplicas({ NATS_STREAM_REPLICAS: '0' }));
    assert.throws(() => streamReplicas({ NATS_STREAM_REPLICAS: '6' }));
    assert.throws(() => streamReplicas({ NATS_STREAM_REPLICAS: 'three' }));
  });
});
