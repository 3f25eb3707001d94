import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type BlockIndexedEvent } from '@app/contracts';
import { findFreePort } from '@app/database';
import { connectNats, type NewEventsFollower } from '@app/nats';
import { type NatsConnection } from '@nats-io/transport-node';
import pino from 'pino';
import { JetStreamBlockIndexedPublisher } from '../../../apps/ingestor/src/events/jetstream-block-indexed.publisher';
import { followBlockIndexed } from '../../../apps/sender/src/landing/block-indexed.wakeups';
import { PrivateNats } from '../ingestor/private-services';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(25);
  }
}

function event(mcSeqno: number): BlockIndexedEvent {
  const hash = Buffer.alloc(32, mcSeqno).toString('base64');
  return {
    mc_seqno: mcSeqno,
    blocks: [
      {
        workchain: -1,
        shard: '-9223372036854775808',
        seqno: mcSeqno,
        root_hash: hash,
        file_hash: hash,
      },
    ],
    tx_count: 0,
  };
}

/**
 * The landing watcher's block.indexed wake-ups on a private nats-server: NATS restarted without its
 * JetStream store costs a few seconds of the watcher's 5 s poll, then the ingestor's next event wakes
 * it again (before, the follower waited for the lost stream for ever and only the poll was left).
 */
void describe('sender: block.indexed wake-ups survive NATS restarted without its store', () => {
  let dir: string;
  let nats: PrivateNats;
  let nc: NatsConnection;
  let wakeups: NewEventsFollower<BlockIndexedEvent>;
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

  /** Publishes as the ingestor does, from a connection of its own. */
  async function indexed(mcSeqno: number): Promise<void> {
    const pub = await connectNats({ servers: nats.url });
    try {
      await new JetStreamBlockIndexedPublisher(pub).publish(event(mcSeqno));
    } finally {
      await pub.close();
    }
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'block-indexed-wakeups-'));
    nats = new PrivateNats(await findFreePort(), join(dir, 'store'));
    await nats.start();
    nc = await connectNats({ servers: nats.url, maxReconnectAttempts: -1 });
    wakeups = await followBlockIndexed(
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

  void it('is woken by each block.indexed', async () => {
    await indexed(1);
    await indexed(2);
    await waitFor(() => wakes === 2, 'two wakes');
    assert.equal(logged(40, 'block.indexed follower'), 0);
  });

  void it('NATS restarted without its store: follows the new stream, and new events wake it', async () => {
    await nats.stop();
    await rm(join(dir, 'store'), { recursive: true, force: true });
    await nats.start();
    const restartedAt = Date.now();
    await waitFor(
      () => logged(30, 'block.indexed follower following again') === 1,
      'the follow after the restart',
    );
    console.log(`store wiped: following again ${String(Date.now() - restartedAt)} ms after`);
    // One wake for what the ingestor may have published meanwhile.
    assert.equal(wakes, 3);
    // The new stream's sequences begin again at 1: the follower must not wait for the old ones.
    await indexed(3);
    await waitFor(() => wakes === 4, 'the wake of block 3');
    await sleep(300);
    assert.equal(wakes, 4);
    assert.equal(logged(40, 'block.indexed follower lost'), 1);
  });
});
