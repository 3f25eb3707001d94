import assert from 'node:assert/strict';

import {
  ChainEventsStream,
  MessageLandedEvent,
  MessageSentEvent,
  Subjects,
  type MessageLandedEvent as Landed,
  type MessageSentEvent as Sent,
} from '@app/contracts';
import { connectNats, type DurableEvents, ensureStream, followNewEvents } from '@app/nats';
import { createLogger } from '@app/observability';
import { createTestDatabase, natsUrl } from '@app/testing';
import { type Address, type Cell } from '@ton/core';
import { type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';
import { type Localnet, startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { SHARED_LOOP_PROTECTION } from '../support/standalone-options';

export interface Reply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export function boc(cell: Cell): string {
  return cell.toBoc({ idx: false }).toString('base64');
}

export function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

/** Polls `probe` until it returns a value (or the deadline passes). */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error('condition not met in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every event of `subject` published from now on, collected as it arrives. */
export async function collect<T>(
  nc: NatsConnection,
  subject: string,
  schema: z.ZodType<T>,
): Promise<{ seen: T[]; stop(): Promise<void> }> {
  const seen: T[] = [];
  const events: DurableEvents<T> = await followNewEvents(
    nc,
    { stream: ChainEventsStream.name, filterSubject: subject },
    schema,
  );
  const running = (async () => {
    for await (const event of events) {
      seen.push(event.payload);
    }
  })();
  return {
    seen,
    stop: async () => {
      await events.close();
      await running;
    },
  };
}

/** The whole service in one process on the real NATS server and a fresh PostgreSQL, and its events. */
export interface SenderMesh {
  readonly localnet: Localnet;
  readonly baseUrl: string;
  /** Every message-sent event published since the boot. */
  readonly sentEvents: { seen: Sent[]; stop(): Promise<void> };
  /** Every message-landed event published since the boot. */
  readonly landedEvents: { seen: Landed[]; stop(): Promise<void> };
  close(): Promise<void>;
}

/**
 * A manual-mode localnet with three liteservers, and in front of it the service with the live
 * ingestor following the chain; `run` keeps this run's NATS subjects apart.
 */
export async function startSenderMesh(run: string): Promise<SenderMesh> {
  const localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', liteservers: 3 });
  const db = await createTestDatabase({ prefix: 'sender_e2e' });
  const nc = await connectNats({ servers: natsUrl() });
  await ensureStream(nc, {
    name: ChainEventsStream.name,
    subjects: [ChainEventsStream.subjects],
  });
  const sentEvents = await collect(nc, Subjects.evt.messageSent, MessageSentEvent);
  const landedEvents = await collect(nc, Subjects.evt.messageLanded, MessageLandedEvent);
  const app = await createStandaloneApp({
    natsUrl: natsUrl(),
    subjectPrefix: `test-${run}`,
    natsRequestTimeoutMs: 10_000,
    endpoints: localnet.liteservers.map((ls) => ls.endpoint),
    liteserverTimeoutMs: 2000,
    databaseUrl: db.url,
    ingest: { follow: true, startSeqno: 1, window: 4, readyLag: 30 },
    decode: false,
    protection: SHARED_LOOP_PROTECTION,
    logger: createLogger({ app: 'test', level: 'silent' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = await app.getUrl();
  return {
    localnet,
    baseUrl,
    sentEvents,
    landedEvents,
    close: async () => {
      await sentEvents.stop();
      await landedEvents.stop();
      await app.close();
      await nc.drain();
      await db.drop();
      await localnet.stop();
    },
  };
}

/** HTTP calls to the service and what its metrics and the index say. */
export function meshClient(baseUrl: () => string) {
  async function call(path: string, init?: RequestInit): Promise<Reply> {
    const response = await fetch(`${baseUrl()}${path}`, init);
    const body: unknown = await response.json();
    assert.ok(typeof body === 'object' && body !== null && !Array.isArray(body));
    return { status: response.status, body: Object.fromEntries(Object.entries(body)) };
  }

  function post(path: string, json: unknown): Promise<Reply> {
    return call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  }

  /** The liteServer.sendMessage calls the sender made so far (all liteservers, all results). */
  async function liteserverSends(): Promise<number> {
    const text = await (await fetch(`${baseUrl()}/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('tonapi_sender_liteserver_send_seconds_count'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  }

  async function indexedTransaction(hash: string): Promise<Record<string, unknown>> {
    return eventually(async () => {
      const reply = await call(
        `/api/v3/transactionsByMessage?msg_hash=${encodeURIComponent(hash)}&direction=in`,
      );
      const list = z
        .object({ transactions: z.array(z.record(z.string(), z.unknown())) })
        .parse(reply.body).transactions;
      return list[0];
    });
  }

  return { call, post, liteserverSends, indexedTransaction };
}
