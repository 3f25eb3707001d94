import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { prefixSubject, Subjects } from '@app/contracts';
import { connectNats } from '@app/nats';
import { natsUrl, uniqueName } from '@app/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import { Registry } from 'prom-client';
import { JetStreamTxsDecodedPublisher } from '../src/events/jetstream-txs-decoded.publisher';
import { TxsDecodedNotifier } from '../src/events/txs-decoded.notifier';
import { DecoderMetrics } from '../src/pipeline/decoder.metrics';

/**
 * `ton.evt.v1.txs.decoded` on a real JetStream (a stream and subject of this run's own): one stored
 * event per masterchain block whatever the retries, and a NATS that is gone costs a counted failure,
 * never an exception in the decoder.
 */
void describe('decoder: txs.decoded events on JetStream', () => {
  const run = uniqueName('txs');
  const stream = `TEST_TXS_${run}`;
  const subject = prefixSubject(run, Subjects.evt.txsDecoded);
  let nc: NatsConnection;

  before(async () => {
    nc = await connectNats({ servers: natsUrl() });
  });

  after(async () => {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => false);
    await nc.close();
  });

  void it('stores each block’s event once (Nats-Msg-Id txs.decoded:<seqno>)', async () => {
    const sut = new JetStreamTxsDecodedPublisher(nc, run, stream);
    await sut.publish({ mc_seqno: 41 });
    await sut.publish({ mc_seqno: 41 });
    await sut.publish({ mc_seqno: 42 });
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream);
    assert.deepEqual(info.config.subjects, [subject.replace(/txs\.decoded$/, '>')]);
    assert.equal(info.state.messages, 2);
    const [first, second] = await Promise.all([
      jsm.streams.getMessage(stream, { seq: 1 }),
      jsm.streams.getMessage(stream, { seq: 2 }),
    ]);
    assert.ok(first && second);
    assert.equal(first.subject, subject);
    assert.deepEqual(first.json(), { mc_seqno: 41 });
    assert.equal(first.header.get('Nats-Msg-Id'), 'txs.decoded:41');
    assert.deepEqual(second.json(), { mc_seqno: 42 });
  });

  void it('counts a publish to a closed connection as a failure without throwing', async () => {
    const closed = await connectNats({ servers: natsUrl() });
    await closed.close();
    const registry = new Registry();
    const metrics = new DecoderMetrics(registry);
    const sut = new TxsDecodedNotifier(
      new JetStreamTxsDecodedPublisher(closed, run, stream),
      metrics.eventFailures,
      pino({ level: 'silent' }),
    );
    sut.notify(43);
    await sut.idle();
    const failures = await registry
      .getSingleMetric('tonapi_decoder_event_publish_failures_total')
      ?.get();
    assert.equal(failures?.values[0]?.value, 1);
  });
});
