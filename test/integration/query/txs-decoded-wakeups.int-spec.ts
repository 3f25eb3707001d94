import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ChainEventsStream, type TxsDecodedEvent } from '@app/contracts';
import { findFreePort } from '@app/database';
import { connectNats, type NewEventsFollower } from '@app/nats';
import { jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import { JetStreamTxsDecodedPublisher } from '../../../apps/decoder/src/events/jetstream-txs-decoded.publisher';
import { followTxsDecoded } from '../../../apps/query/src/streaming/txs-decoded.wakeups';
import { PrivateNats } from '../ingestor/private-services';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(25);
  }
}

/**
 * The streaming publisher's txs.decoded wake-ups on a private nats-server: the chain events stream
 * deleted by an operator costs a few seconds of polling, then the decoder's next event wakes the
 * publisher again (before, the follower waited for the old stream for ever and only the poll was left).
 */
void describe('query: txs.decoded wake-ups survive a deleted stream', () => {
  let dir: string;
  let nats: PrivateNats;
  let nc: NatsConnection;
  let wakeups: NewEventsFollower<TxsDecodedEvent>;
  let wakes = 0;
  const logs: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: 'debug' },
    {
      write: (line: string) => {
        logs.push(JSON.parse(line) as { level: number; msg: string });
      },
    },
  );
  const logged = (level: number, prefix: string): number =>
    logs.filter((l) => l.level === level && l.msg.startsWith(prefix)).length;

  /** Publishes as the decoder does, from a connection of its own. */
  async function decoded(mcSeqno: number): Promise<void> {
    const pub = await connectNats({ servers: nats.url });
    try {
      await new JetStreamTxsDecodedPublisher(pub).publish({ mc_seqno: mcSeqno });
    } finally {
      await pub.close();
    }
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'txs-decoded-wakeups-'));
    nats = new PrivateNats(await findFreePort(), join(dir, 'store'));
    await nats.start();
    nc = await connectNats({ servers: nats.url, maxReconnectAttempts: -1 });
    wakeups = await followTxsDecoded(
      nc,
      () => {
        wakes++;
      },
      logger,
    );
  });

  after(async () => {
    await wakeups.stop();
    await nc.close();
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  });

  void it('is woken by each txs.decoded', async () => {
    await decoded(1);
    await decoded(2);
    await waitFor(() => wakes === 2, 'two wakes');
    assert.equal(logged(40, 'txs.decoded follower'), 0);
  });

  void it('the stream deleted: follows the stream created again, and new events wake it', async () => {
    await (await jetstreamManager(nc)).streams.delete(ChainEventsStream.name);
    const deletedAt = Date.now();
    await waitFor(() => logged(30, 'txs.decoded follower following again') === 1, 'the follow');
    console.log(`stream deleted: following again after ${String(Date.now() - deletedAt)} ms`);
    // One wake for what the decoder may have published meanwhile.
    assert.equal(wakes, 3);
    await decoded(3);
    await waitFor(() => wakes === 4, 'the wake of block 3');
    await sleep(300);
    assert.equal(wakes, 4);
    assert.equal(logged(40, 'txs.decoded follower lost'), 1);
    const info = await (await jetstreamManager(nc)).streams.info(ChainEventsStream.name);
    assert.deepEqual(info.config.subjects, [ChainEventsStream.subjects]);
  });
});
