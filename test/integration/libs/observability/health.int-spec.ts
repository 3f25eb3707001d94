import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { RpcTransportHealth } from '@app/nats';
import { TonHealthIndicators } from '@app/observability';
import { waitFor } from '@app/testing';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { PrivateNatsRun } from '../../support/private-nats.support';
import { rpcClientProcess } from '../../support/rpc-client.support';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** terminus types indicator details as `any`; read the message as unknown. */
function messageOf(detail: Record<string, unknown>): unknown {
  return detail.message;
}

void describe('TonHealthIndicators against real NATS and PostgreSQL', () => {
  const sut = new TonHealthIndicators(new HealthIndicatorService());
  let app: INestApplicationContext;
  let pg: DataSource;

  before(async () => {
    app = await NestFactory.createApplicationContext(rpcClientProcess(NATS_URL), {
      logger: false,
    });
    pg = await new DataSource({ type: 'postgres', url: PG_URL }).initialize();
  });

  after(async () => {
    await app.close();
    await pg.destroy();
  });

  void it('nats is up after a real PING/PONG round trip', async () => {
    const transport = app.get(RpcTransportHealth);
    const result = await sut.nats('nats', () => transport.roundTripMs());
    assert.equal(result.nats.status, 'up');
    assert.equal(typeof result.nats.rttMs, 'number');
  });

  void it('nats is down once the server stopped listening', async () => {
    const run = await PrivateNatsRun.start('health-nats-down-');
    const dead = await NestFactory.createApplicationContext(rpcClientProcess(run.nats.url), {
      logger: false,
    });
    const check = () => sut.nats('nats', () => dead.get(RpcTransportHealth).roundTripMs());
    try {
      assert.equal((await check()).nats.status, 'up');
      await run.nats.stop();
      await waitFor(async () => (await check()).nats.status === 'down', 'nats reported down');
      assert.equal(typeof (await check()).nats.message, 'string');
    } finally {
      await dead.close();
      await run.close();
    }
  });

  void it('postgres is up when SELECT 1 answers and down when the query fails', async () => {
    const up = await sut.postgres('database', () => pg.query('SELECT 1'));
    assert.equal(up.database.status, 'up');
    const down = await sut.postgres('database', () => pg.query('SELECT * FROM no_such_table_x'));
    assert.deepEqual(
      { status: down.database.status, message: messageOf(down.database) },
      { status: 'down', message: 'relation "no_such_table_x" does not exist' },
    );
  });
});
