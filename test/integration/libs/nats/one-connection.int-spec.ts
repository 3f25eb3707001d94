import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { Subjects } from '@app/contracts';
import { findFreePort } from '@app/database';
import {
  createServiceMicroservice,
  natsConnectionOf,
  NatsRpcModule,
  RpcClient,
  STREAM_LOG,
  type StreamLog,
  type StreamLogEntry,
  StreamLogModule,
} from '@app/nats';
import { ObservabilityModule } from '@app/observability';
import { waitFor } from '@app/testing';
import { type NatsConnection } from '@nats-io/transport-node';
import { type INestMicroservice, Module } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';

import { createMeshGateway, DEFAULT_STREAM_RETENTION_MS } from '@app/gateway';
import { PrivateNats } from '../../support/private-services';
import { captureLogs } from '../../support/private-nats.support';
import { masterchainInfo, type ServedCall, TestLiteserverModule } from './rpc-test.app';

/** One client connection as nats-server's monitoring endpoint lists it (`GET /connz?subs=1`). */
interface Connz {
  readonly num_connections: number;
  readonly connections: readonly {
    readonly name?: string;
    readonly subscriptions_list?: readonly string[];
  }[];
}

/** A pino record at error level (50) or above. */
const ERROR_LEVEL = 50;

void describe('one NATS connection per process', () => {
  let dir: string;
  let nats: PrivateNats;
  let monitorPort: number;
  const logs = captureLogs();
  const served: ServedCall[] = [];
  let service: INestMicroservice;
  let gateway: NestFastifyApplication;

  async function connz(): Promise<Connz> {
    const response = await fetch(`http://127.0.0.1:${String(monitorPort)}/connz?subs=1`);
    return (await response.json()) as Connz;
  }

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'one-connection-'));
    monitorPort = await findFreePort();
    nats = new PrivateNats(await findFreePort(), join(dir, 'store'), { monitorPort });
    await nats.start();

    // A mesh service as runMeshService builds one: an RPC server, an RPC client and a stream log
    // producer in one process.
    @Module({
      imports: [
        ObservabilityModule.forRoot({ app: 'one-connection', logger: logs.logger }),
        NatsRpcModule.forRoot({ defaultTimeoutMs: 5000 }),
        // The gateway's replay window: both processes declare the same stream.
        StreamLogModule.forRoot({ retentionMs: DEFAULT_STREAM_RETENTION_MS }),
        TestLiteserverModule.forRoot('svc', served),
      ],
    })
    class ServiceModule {}
    service = await createServiceMicroservice('liteserver', ServiceModule, {
      natsUrl: nats.url,
      logger: logs.logger,
    });
    await service.listen();
    // The gateway: an RPC client, the stream log's followers and the key change broadcasts.
    gateway = await createMeshGateway({
      natsUrl: nats.url,
      requestTimeoutMs: 5000,
      logger: logs.logger,
    });
    await gateway.init();
  });

  after(async () => {
    await nats.stop();
    await rm(dir, { recursive: true, force: true });
  });

  void it('serves requests, replies and stream entries over one connection per process', async () => {
    const followed: StreamLogEntry[] = [];
    const follower = await gateway
      .get<StreamLog>(STREAM_LOG)
      .follow({ kind: 'new' }, (entry) => void followed.push(entry));
    const seq = await service
      .get<StreamLog>(STREAM_LOG)
      .append(Subjects.stream.traceInvalidated, { hash: 'h1' }, 'one-connection-1');
    // The gateway asks the service; the service asks itself, through its own server.
    assert.deepEqual(
      await gateway.get(RpcClient).request(Subjects.ls.getMasterchainInfo, {}),
      masterchainInfo,
    );
    assert.deepEqual(
      await service.get(RpcClient).request(Subjects.ls.getMasterchainInfo, {}),
      masterchainInfo,
    );
    await waitFor(() => followed.length === 1, 'the gateway following the appended entry');
    assert.deepEqual(followed, [
      { seq, subject: Subjects.stream.traceInvalidated, payload: { hash: 'h1' } },
    ]);

    const { connections } = await connz();
    assert.deepEqual(connections.map((c) => c.name).sort(), [
      'tonapi-gateway',
      'tonapi-liteserver',
    ]);
    const serviceSubscriptions = connections.find((c) => c.name === 'tonapi-liteserver');
    // The RPC server's handlers are subscribed on the service's one connection.
    assert.ok(
      serviceSubscriptions?.subscriptions_list?.includes(Subjects.ls.getMasterchainInfo),
      JSON.stringify(serviceSubscriptions),
    );
    await follower.close();
  });

  void it('drains each connection at shutdown, without an error', async () => {
    const serviceConnection = natsConnectionOf(service);
    const gatewayConnection = natsConnectionOf(gateway);
    assert.ok(serviceConnection !== undefined && gatewayConnection !== undefined);
    const closedWith = async (nc: NatsConnection): Promise<string | undefined> =>
      (await nc.closed())?.message;

    await gateway.close();
    await service.close();
    assert.deepEqual(
      await Promise.all([closedWith(serviceConnection), closedWith(gatewayConnection)]),
      [undefined, undefined],
    );
    await waitFor(async () => (await connz()).num_connections === 0, 'no connection left');
    assert.deepEqual(logs.records(ERROR_LEVEL, ''), []);
  });
});
