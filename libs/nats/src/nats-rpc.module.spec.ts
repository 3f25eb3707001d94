import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { type GetMasterchainInfoRes, Subjects } from '@app/contracts';
import {
  createLogger,
  createMetricsRegistry,
  NatsMetrics,
  ObservabilityModule,
  TonHealthIndicators,
} from '@app/observability';
import {
  Controller,
  type INestApplicationContext,
  type INestMicroservice,
  Module,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Registry } from 'prom-client';

import { RpcClient } from './client/rpc-client';
import { RpcTransportHealth } from './client/rpc-transport.health';
import { InProcessBus } from './in-process/in-process-bus';
import { NatsRpcModule } from './nats-rpc.module';
import { createRpcMicroserviceOptions, setupRpcMicroservice } from './server/microservice.options';
import { RpcHandler } from './server/rpc-handler.decorator';

const HASH = 'F6OpKZKqvqeFp6CQmFomXNMfMj2EnaUSOXN+Mh+wVWk=';
const block = {
  '@type': 'ton.blockIdExt',
  workchain: -1,
  shard: '-9223372036854775808',
  seqno: 1,
  root_hash: HASH,
  file_hash: HASH,
} as const;
const info: GetMasterchainInfoRes = {
  '@type': 'blocks.masterchainInfo',
  last: block,
  state_root_hash: HASH,
  init: { ...block, shard: '0', seqno: 0 },
};

@Controller()
class InfoController {
  @RpcHandler(Subjects.ls.getMasterchainInfo)
  info(): GetMasterchainInfoRes {
    return info;
  }
}

@Module({ controllers: [InfoController] })
class InfoModule {}

void describe('NatsRpcModule with ObservabilityModule (single process, in-process transport)', () => {
  const bus = new InProcessBus();
  const registry: Registry = createMetricsRegistry({ defaultMetrics: false });
  const logger = createLogger({ app: 'standalone', level: 'silent' });
  let app: INestApplicationContext;
  let server: INestMicroservice;

  before(async () => {
    // The same module set a standalone launcher composes: one registry, one bus, no NATS_URL.
    @Module({
      imports: [
        ObservabilityModule.forRoot({ app: 'standalone', registry, logger }),
        NatsRpcModule.forRoot({ bus }),
        InfoModule,
      ],
    })
    class StandaloneModule {}

    app = await NestFactory.createApplicationContext(StandaloneModule, { logger: false });
    server = await NestFactory.createMicroservice(StandaloneModule, {
      ...createRpcMicroserviceOptions('liteserver', undefined, { bus }),
      logger: false,
    });
    setupRpcMicroservice(server, { logger, metrics: server.get(NatsMetrics) });
    await server.listen();
  });

  after(async () => {
    await app.close();
    await server.close();
  });

  void it('serves requests in-process and records client metrics through the injected NatsMetrics', async () => {
    const sut = app.get(RpcClient);
    assert.deepEqual(await sut.request(Subjects.ls.getMasterchainInfo, {}), info);
    assert.equal(app.get(RpcTransportHealth).mode, 'in-process');
    const text = await registry.getSingleMetricAsString('tonapi_nats_request_duration_seconds');
    assert.ok(
      text.includes(
        'tonapi_nats_request_duration_seconds_count{subject="ton.ls.v1.getMasterchainInfo",outcome="ok"} 1',
      ),
      text,
    );
    assert.ok(app.get(TonHealthIndicators) instanceof TonHealthIndicators);
  });
});
