import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { HealthIndicatorService } from '@nestjs/terminus';

import { TonHealthIndicators } from './ton-health.indicators';

void describe(TonHealthIndicators.name, () => {
  const sut = new TonHealthIndicators(new HealthIndicatorService());

  void it('nats: up with the round-trip time, down with the error message', async () => {
    const up = await sut.nats('nats', () => Promise.resolve(1.5));
    assert.equal(up.nats.status, 'up');
    assert.equal(up.nats.rttMs, 1.5);
    const down = await sut.nats('nats', () => Promise.reject(new Error('CONNECTION_REFUSED')));
    assert.equal(down.nats.status, 'down');
    assert.equal(down.nats.message, 'CONNECTION_REFUSED');
  });

  void it('postgres: down after the timeout when SELECT 1 hangs', async () => {
    // terminus' AbortSignal.timeout does not keep the event loop alive; the slow query does.
    const slowQuery = () => new Promise((resolve) => setTimeout(resolve, 300));
    const down = await sut.postgres('database', slowQuery, 50);
    assert.equal(down.database.status, 'down');
    assert.equal(down.database.message, 'timeout of 50ms exceeded');
  });

  void it('liteservers: up when all are healthy, degraded when some, down when none', async () => {
    assert.deepEqual(
      await sut.liteservers('liteservers', () =>
        Promise.resolve({ healthy: 3, total: 3, masterchainSeqno: 7 }),
      ),
      {
        liteservers: { healthy: 3, total: 3, masterchainSeqno: 7, status: 'up' },
      },
    );
    assert.deepEqual(
      await sut.liteservers('liteservers', () => Promise.resolve({ healthy: 1, total: 3 })),
      {
        liteservers: { healthy: 1, total: 3, status: 'degraded' },
      },
    );
    assert.deepEqual(
      await sut.liteservers('liteservers', () => Promise.resolve({ healthy: 0, total: 3 })),
      {
        liteservers: { healthy: 0, total: 3, status: 'down' },
      },
    );
    assert.deepEqual(
      await sut.liteservers('liteservers', () => new Promise<never>(() => undefined), 30),
      {
        liteservers: { message: 'timeout of 30ms exceeded', status: 'down' },
      },
    );
  });

  void it('liteservers of a proving pool: down until a head is proven, then by their health', async () => {
    assert.deepEqual(
      await sut.liteservers('liteservers', () =>
        Promise.resolve({ healthy: 3, total: 3, masterchainSeqno: 7, proving: true }),
      ),
      {
        liteservers: {
          healthy: 3,
          total: 3,
          masterchainSeqno: 7,
          message: 'no head proven yet',
          status: 'down',
        },
      },
    );
    assert.deepEqual(
      await sut.liteservers('liteservers', () =>
        Promise.resolve({ healthy: 2, total: 3, proving: true, provenSeqno: 7 }),
      ),
      {
        liteservers: { healthy: 2, total: 3, provenSeqno: 7, status: 'degraded' },
      },
    );
  });

  void it('eventLoop: up with the last delay while calm, down while requests are shed', () => {
    assert.deepEqual(
      sut.eventLoop('eventLoop', () => ({ delayMs: 3.6, shedding: false })),
      { eventLoop: { delayMs: 4, status: 'up' } },
    );
    assert.deepEqual(
      sut.eventLoop('eventLoop', () => ({ delayMs: 1250.2, shedding: true })),
      {
        eventLoop: {
          delayMs: 1250,
          message: 'event loop overloaded: requests are shed',
          status: 'down',
        },
      },
    );
  });
});
