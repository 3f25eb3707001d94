import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, type MessageSentEvent, TonApiError } from '@app/contracts';
import { type PoolTarget } from '@app/liteclient';
import { normalizedExternalHash } from '@app/ton';
import { Address, beginCell, type Cell, external, storeMessage } from '@ton/core';
import pino from 'pino';
import { Registry } from 'prom-client';
import { type LiteClient } from 'ton-lite-client';
import { NO_MESSAGE_EVENTS } from '../events/message-events.publisher';
import { SenderMetrics } from '../metrics/sender.metrics';
import { MessageLimitsReader } from './message-limits.reader';
import { MessageSender } from './message.sender';
import { type SentMessage } from './sent-message.listener';
import { MemorySentMessageStore } from './sent-message.store';

const DEST = Address.parseRaw(`0:${'cd'.repeat(32)}`);
const logger = pino({ level: 'silent' });

function message(seqno: number): Cell {
  return beginCell()
    .store(storeMessage(external({ to: DEST, body: beginCell().storeUint(seqno, 32).endCell() })))
    .endCell();
}

/** Liteservers that accept a message once and refuse it afterwards (a wallet's replay protection). */
function network(count: number): { targets: (n: number) => PoolTarget[]; received: Buffer[] } {
  const applied = new Set<string>();
  const received: Buffer[] = [];
  const client = {
    sendMessage: (bytes: Buffer) => {
      received.push(bytes);
      const key = bytes.toString('hex');
      if (applied.has(key)) {
        return Promise.reject(
          new Error(
            'cannot apply external message to current state : External message was not accepted',
          ),
        );
      }
      applied.add(key);
      return Promise.resolve({ status: 1 });
    },
  } as unknown as LiteClient;
  const targets = (n: number): PoolTarget[] =>
    Array.from({ length: Math.min(n, count) }, (_, server) => ({
      server,
      call: <T>(_method: string, operation: (c: LiteClient) => Promise<T>) => operation(client),
    }));
  return { targets, received };
}

function senderFor(
  targets: (n: number) => PoolTarget[],
  onSent: (m: SentMessage) => void,
  events: MessageSentEvent[] = [],
) {
  const registry = new Registry();
  const store = new MemorySentMessageStore(60_000);
  const sut = new MessageSender({
    targets,
    limits: new MessageLimitsReader(
      { execute: () => Promise.reject(new Error('no config in unit tests')) },
      logger,
    ),
    store,
    events: {
      ...NO_MESSAGE_EVENTS,
      sent: (event) => {
        events.push(event);
        return Promise.resolve();
      },
    },
    metrics: new SenderMetrics(registry),
    logger,
    fanout: 1,
    onFirstSend: [onSent],
  });
  const outcomes = async () =>
    Object.fromEntries(
      (await registry.getSingleMetric('tonapi_sender_sends_total')?.get())?.values.map((v) => [
        String(v.labels.outcome),
        v.value,
      ]) ?? [],
    );
  return { sut, outcomes };
}

describe(MessageSender.name, () => {
  it('answers toncenter’s hashes and announces the first send only', async () => {
    const net = network(1);
    const sent: SentMessage[] = [];
    const events: MessageSentEvent[] = [];
    const { sut, outcomes } = senderFor(net.targets, (m) => sent.push(m), events);
    const msg = message(1);
    const receipt = await sut.send(msg.toBoc().toString('base64'));
    assert.deepEqual(receipt, {
      hash: msg.hash().toString('base64'),
      hashNorm: normalizedExternalHash(msg).toString('base64'),
    });
    // Applied: the liteserver now refuses it, and the sender answers as the first time.
    assert.deepEqual(await sut.send(msg.toBoc().toString('base64')), receipt);
    assert.equal(net.received.length, 2);
    assert.equal(sent.length, 1);
    assert.deepEqual(
      { ...sent[0], sentAt: 0 },
      {
        hash: receipt.hash,
        hashNorm: receipt.hashNorm,
        boc: msg.toBoc({ idx: false }).toString('base64'),
        destination: DEST.toRawString().toUpperCase(),
        sentAt: 0,
      },
    );
    assert.deepEqual(
      events.map((e) => [e.hash, e.hash_norm, e.destination]),
      [[receipt.hash, receipt.hashNorm, DEST.toRawString().toUpperCase()]],
    );
    assert.deepEqual(await outcomes(), { accepted: 1, duplicate: 1 });
  });

  it('passes a refusal of a message it never sent through as toncenter words it', async () => {
    const net = network(2);
    const { sut } = senderFor(net.targets, () => undefined);
    const msg = message(2);
    await sut.send(msg.toBoc().toString('base64'));
    const other = senderFor(net.targets, () => undefined);
    await assert.rejects(
      other.sut.send(msg.toBoc().toString('base64')),
      (error: unknown) =>
        error instanceof TonApiError &&
        error.code === ErrorCode.MESSAGE_REJECTED &&
        error.message.startsWith(
          'LITE_SERVER_UNKNOWN: cannot apply external message to current state : ',
        ),
    );
    assert.deepEqual(await other.outcomes(), { rejected: 1 });
  });

  it('sends nothing for a BoC that is not an external message', async () => {
    const net = network(2);
    const { sut, outcomes } = senderFor(net.targets, () => undefined);
    await assert.rejects(
      sut.send(Buffer.from('garbage').toString('base64')),
      (error: unknown) =>
        error instanceof TonApiError &&
        error.code === ErrorCode.INVALID_ARGUMENT &&
        error.message === 'invalid boc: bad magic' &&
        error.details?.param === 'boc',
    );
    assert.equal(net.received.length, 0);
    assert.deepEqual(await outcomes(), { invalid: 1 });
  });
});
