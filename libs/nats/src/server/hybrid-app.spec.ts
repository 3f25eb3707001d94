import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { ErrorCode, Subjects, TonApiError } from '@app/contracts';
import {
  createLogger,
  createMetricsRegistry,
  NatsMetrics,
  ObservabilityModule,
} from '@app/observability';
import {
  Controller,
  type INestApplication,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

import { RpcClient } from '../client/rpc-client';
import { InProcessBus } from '../in-process/in-process-bus';
import { NatsRpcModule } from '../nats-rpc.module';
import { startHybridApplication } from './hybrid-app';
import { createRpcMicroserviceOptions, setupRpcMicroservice } from './microservice.options';
import { RpcHandler } from './rpc-handler.decorator';

/** Counts the lifecycle hooks Nest runs on a provider of the shared container. */
@Injectable()
class HookCounter implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  readonly calls = { init: 0, bootstrap: 0, shutdown: 0 };

  onModuleInit(): void {
    this.calls.init += 1;
  }

  onApplicationBootstrap(): void {
    this.calls.bootstrap += 1;
  }

  onApplicationShutdown(): void {
    this.calls.shutdown += 1;
  }
}

@Controller()
class NotFoundController {
  @RpcHandler(Subjects.ls.getMasterchainInfo)
  info(): never {
    throw new TonApiError(ErrorCode.NOT_FOUND, 'no such block');
  }
}

void describe('startHybridApplication (an HTTP app and its in-process RPC server, as npm start runs)', () => {
  const bus = new InProcessBus();
  const logger = createLogger({ app: 'standalone', level: 'silent' });
  let app: INestApplication;
  let closed = false;

  before(async () => {
    @Module({
      imports: [
        ObservabilityModule.forRoot({
          app: 'standalone',
          registry: createMetricsRegistry({ defaultMetrics: false }),
          logger,
        }),
        NatsRpcModule.forRoot({ bus }),
      ],
      controllers: [NotFoundController],
      providers: [HookCounter],
    })
    class HybridModule {}

    app = await NestFactory.create(HybridModule, new FastifyAdapter(), { logger: false });
    const rpc = app.connectMicroservice(
      createRpcMicroserviceOptions('liteserver', undefined, { bus }),
      { deferInitialization: true },
    );
    setupRpcMicroservice(rpc, { logger, metrics: app.get(NatsMetrics) });
    await startHybridApplication(app, rpc);
    // What `listen` does first: initialising again runs nothing.
    await app.init();
  });

  after(async () => {
    if (!closed) {
      await app.close();
    }
  });

  void it('runs the init and bootstrap hooks of the shared providers once', () => {
    assert.deepEqual(app.get(HookCounter).calls, { init: 1, bootstrap: 1, shutdown: 0 });
  });

  void it("binds the RPC handlers after the RPC filter: the handler's error code reaches the caller", async () => {
    await assert.rejects(app.get(RpcClient).request(Subjects.ls.getMasterchainInfo, {}), {
      name: 'TonApiError',
      code: ErrorCode.NOT_FOUND,
      message: 'no such block',
    });
  });

  void it('runs the shutdown hooks once when the app closes', async () => {
    const counter = app.get(HookCounter);
    await app.close();
    closed = true;
    assert.deepEqual(counter.calls, { init: 1, bootstrap: 1, shutdown: 1 });
  });
});
