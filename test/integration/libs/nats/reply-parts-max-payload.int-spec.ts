import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { Subjects } from '@app/contracts';
import { findFreePort } from '@app/database';
import { createNatsMicroservice, RpcClient, setupRpcMicroservice } from '@app/nats';
import { createLogger, createMetricsRegistry, NatsMetrics } from '@app/observability';
import { type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { PrivateNats } from '../../support/private-services';
import { rpcClientProcess } from '../../support/rpc-client.support';
import { accountAt, Behaviour, hugeAccount, TestLiteserverModule } from './rpc-test.app';

/** A NATS server whose max_payload an operator lowered to 64 KiB (the default is 1 MiB). */
const MAX_PAYLOAD = 64 * 1024;

void describe('reply parts under a lowered NATS max_payload', () => {
  let dir: string;
  let nats: PrivateNats;
  let server: INestMicroservice;
  let client: INestApplicationContext;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reply-parts-'));
    nats = new PrivateNats(await findFreePort(), join(dir, 'store'), { maxPayload: MAX_PAYLOAD });
    await nats.start();
    server = await createNatsMicroservice('liteserver', TestLiteserverModule.forRoot('A', []), {
      natsUrl: nats.url,
      logger: false,
    });
    setupRpcMicroservice(server, {
      logger: createLogger({ app: 'test', level: 'silent' }),
      metrics: new NatsMetrics(createMetricsRegistry({ defaultMetrics: false })),
    });
    await server.listen();
    client = await NestFactory.createApplicationContext(
      rpcClientProcess(nats.url, { defaultTimeoutMs: 5000 }),
      { logger: false },
    );
  });

  after(async () => {
    await client.close();
    await server.close();
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  });

  void it('cuts a 3 MiB reply into parts the server accepts, and the caller gets it whole', async () => {
    const rpc = client.get(RpcClient);
    // 3 MiB in parts of at most 512 KiB would exceed 64 KiB: each publish would be refused.
    const { value, json } = await rpc.requestWithJson(Subjects.ls.getAddressInformation, {
      address: Behaviour.huge,
    });
    assert.deepEqual(value, hugeAccount());
    assert.equal(json, JSON.stringify(hugeAccount()));
    assert.deepEqual(
      await rpc.request(Subjects.ls.getAddressInformation, { address: Behaviour.ok }),
      accountAt(1),
    );
  });
});
