import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import { ErrorCode, Subjects, TonApiError } from '@app/contracts';
import {
  DEFAULT_REPLY_CHUNK_BYTES,
  InProcessBus,
  INTERNAL_ERROR_MESSAGE,
  RPC_CLIENT_PROXY,
  RpcClient,
  RpcTransportHealth,
  setupRpcMicroservice,
} from '@app/nats';
import { createMetricsRegistry, NatsMetrics, runWithRequestId } from '@app/observability';
import { type INestApplicationContext, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';

import {
  accountAt,
  Behaviour,
  hugeAccount,
  masterchainInfo,
  type ServedCall,
  TestLiteserverModule,
} from './rpc-test.app';
import {
  asText,
  capturingLogger,
  clientObservability,
  modes,
  requestOnTheWire,
} from './rpc-transport.support';
import { PrivateNatsRun } from '../../support/private-nats.support';
import { rpcClientProcess } from '../../support/rpc-client.support';

for (const mode of modes) {
  void describe(`RpcClient over ${mode.name}`, () => {
    // A unique prefix per run keeps parallel runs on the shared NATS server apart.
    const prefix = `t${randomBytes(6).toString('hex')}`;
    const bus = new InProcessBus();
    const served: ServedCall[] = [];
    const { logger, lines: logLines } = capturingLogger('test', 'debug');
    const registry = createMetricsRegistry({ defaultMetrics: false });
    const metrics = new NatsMetrics(registry);
    const clientRegistry = createMetricsRegistry({ defaultMetrics: false });
    const { logger: clientLogger, lines: clientLogLines } = capturingLogger('test-client', 'info');
    const servers: INestMicroservice[] = [];
    let clientApp: INestApplicationContext;
    let sut: RpcClient;

    async function startServer(name: string): Promise<INestMicroservice> {
      const ms = await mode.createServer(TestLiteserverModule.forRoot(name, served), prefix, bus);
      setupRpcMicroservice(ms, { logger, metrics });
      await ms.listen();
      servers.push(ms);
      return ms;
    }

    before(async () => {
      await startServer('A');
      await startServer('B');
      clientApp = await NestFactory.createApplicationContext(
        rpcClientProcess(mode.natsUrl, { subjectPrefix: prefix, bus, defaultTimeoutMs: 2000 }, [
          clientObservability(clientRegistry, clientLogger),
        ]),
        { logger: false },
      );
      sut = clientApp.get(RpcClient);
    });

    after(async () => {
      await clientApp.close();
      for (const ms of servers) {
        await ms.close();
      }
    });

    void it('answers getMasterchainInfo with the validated reply', async () => {
      assert.deepEqual(await sut.request(Subjects.ls.getMasterchainInfo, {}), masterchainInfo);
    });

    void it('passes validated parameters and returns the typed account state', async () => {
      const res = await sut.request(Subjects.ls.getAddressInformation, {
        address: Behaviour.ok,
        seqno: 777,
      });
      assert.deepEqual(res, accountAt(777));
      assert.equal(res.block_id.seqno, 777);
    });

    void it('propagates the request id of the caller context into the handler context', async () => {
      const requestId = `req-${prefix}-1`;
      await runWithRequestId(requestId, () =>
        sut.request(Subjects.ls.getAddressInformation, { address: Behaviour.ok, seqno: 4242 }),
      );
      const call = served.find((c) => c.seqno === 4242);
      assert.equal(call?.requestId, requestId);
      await sut.request(
        Subjects.ls.getAddressInformation,
        { address: Behaviour.ok, seqno: 4243 },
        {
          requestId: 'explicit-id',
        },
      );
      assert.equal(served.find((c) => c.seqno === 4243)?.requestId, 'explicit-id');
    });

    void it('rejects an invalid request before sending (INVALID_ARGUMENT)', async () => {
      const before = served.length;
      await assert.rejects(
        sut.request(Subjects.ls.getAddressInformation, {
          address: 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
        }),
        (err: unknown) =>
          err instanceof TonApiError &&
          err.code === ErrorCode.INVALID_ARGUMENT &&
          err.message ===
            "invalid ton.ls.v1.getAddressInformation request: address: expected a raw address 'wc:hex'",
      );
      assert.equal(served.length, before);
    });

    void it('validates requests on the server side too and revives the coded error', async () => {
      const proxy = clientApp.get<ClientProxy>(RPC_CLIENT_PROXY);
      const err: unknown = await firstValueFrom(
        proxy.send(`${prefix}.${Subjects.ls.getAddressInformation}`, { address: 'nope', seqno: 0 }),
      ).catch((e: unknown) => e);
      assert.deepEqual(err, {
        code: 'INVALID_ARGUMENT',
        message:
          "address: expected a raw address 'wc:hex'; seqno: Too small: expected number to be >0",
        details: {
          issues: [
            { path: ['address'], message: "expected a raw address 'wc:hex'" },
            { path: ['seqno'], message: 'Too small: expected number to be >0' },
          ],
        },
        retryable: false,
      });
    });

    void it('revives a coded error with its code, details and a censored message', async () => {
      await assert.rejects(
        sut.request(Subjects.ls.getAddressInformation, { address: Behaviour.codedError }),
        (err: unknown) => {
          assert.ok(err instanceof TonApiError);
          assert.deepEqual(err.toPayload(), {
            code: 'LITESERVER_TIMEOUT',
            message: 'liteserver <hidden> timed out',
            details: { server: 0 },
            retryable: true,
          });
          return true;
        },
      );
    });

    void it('turns an unknown error into INTERNAL, logged with stack and request id', async () => {
      const requestId = `req-${prefix}-crash`;
      const err: unknown = await runWithRequestId(requestId, () =>
        sut.request(Subjects.ls.getAddressInformation, { address: Behaviour.crash }),
      ).catch((e: unknown) => e);
      assert.ok(err instanceof TonApiError);
      assert.equal(err.code, ErrorCode.INTERNAL);
      assert.equal(err.message, INTERNAL_ERROR_MESSAGE);
      assert.equal(err.retryable, false);
      const errorId = err.details?.errorId;
      assert.equal(typeof errorId, 'string');
      const line = logLines.find((l) => l.errorId === errorId);
      assert.ok(line, 'the crash is logged');
      assert.equal(line.requestId, requestId);
      assert.equal(line.level, 'error');
      assert.equal(line.subject, `${prefix}.${Subjects.ls.getAddressInformation}`);
      const logged = line.err as { message: string; stack: string };
      assert.equal(logged.message, 'boom while talking to 10.1.2.3:4924');
      assert.match(logged.stack, /rpc-test\.app/);
    });

    void it('reports a reply that violates the contract (bigint, missing field) as INTERNAL', async () => {
      for (const address of [Behaviour.bigint, Behaviour.missingField]) {
        await assert.rejects(
          sut.request(Subjects.ls.getAddressInformation, { address }),
          (err: unknown) => err instanceof TonApiError && err.code === ErrorCode.INTERNAL,
        );
      }
    });

    void it('answers a reply larger than a NATS message whole (sent in chunks over NATS)', async () => {
      const res = await sut.request(Subjects.ls.getAddressInformation, {
        address: Behaviour.huge,
      });
      assert.ok(Buffer.byteLength(JSON.stringify(res)) > 3 * 1024 * 1024);
      assert.deepEqual(res, hugeAccount());
      // The client is fine afterwards: the next small reply is its own.
      assert.deepEqual(
        await sut.request(Subjects.ls.getAddressInformation, { address: Behaviour.ok }),
        accountAt(1),
      );
    });

    void it('hands over the reply text as the server wrote it, once validated', async () => {
      const { value, json } = await sut.requestWithJson(Subjects.ls.getAddressInformation, {
        address: Behaviour.huge,
      });
      assert.deepEqual(value, hugeAccount());
      assert.equal(json, JSON.stringify(hugeAccount()));
    });

    void it('forwards a reply as its text and checks it after: a violation is logged and counted', async () => {
      const good = await sut.forward(Subjects.ls.getAddressInformation, { address: Behaviour.ok });
      // Over NATS the bytes it crossed in, in process its text: the same JSON either way.
      assert.deepEqual(
        [asText(good.json), good.value, await good.checked],
        [JSON.stringify(accountAt(1)), undefined, true],
      );
      const requestId = `req-${prefix}-violation`;
      const bad = await runWithRequestId(requestId, () =>
        sut.forward(Subjects.ls.getAddressInformation, { address: Behaviour.missingField }),
      );
      const { suspended: _omitted, ...withoutSuspended } = accountAt(1);
      assert.equal(asText(bad.json), JSON.stringify(withoutSuspended));
      assert.equal(await bad.checked, false);
      const line = clientLogLines.find((l) => l.requestId === requestId);
      assert.deepEqual(
        [line?.level, line?.msg, line?.subject, line?.problem],
        [
          'error',
          'a forwarded reply broke its contract',
          Subjects.ls.getAddressInformation,
          'suspended: Invalid input: expected boolean, received undefined',
        ],
      );
      assert.match(
        await clientRegistry.getSingleMetricAsString('tonapi_nats_reply_contract_violations_total'),
        /^tonapi_nats_reply_contract_violations_total\{subject="ton\.ls\.v1\.getAddressInformation"\} 1$/m,
      );
    });

    if (mode.name === 'nats') {
      void it('sends a large reply as raw JSON parts marked index/count, without an envelope', async () => {
        const parts = await requestOnTheWire(
          prefix,
          Subjects.ls.getAddressInformation,
          { address: Behaviour.huge },
          'wire-1',
        );
        // 3.1 MiB of JSON in parts of at most 512 KiB: seven messages, the last one disposing.
        assert.deepEqual(
          parts.map((p) => [p.part, p.id, p.disposed]),
          Array.from({ length: 7 }, (_, i) => [`${String(i)}/7`, 'wire-1', i === 6 ? 'true' : '']),
        );
        assert.ok(parts.every((p) => p.bytes.length <= DEFAULT_REPLY_CHUNK_BYTES));
        assert.equal(
          Buffer.concat(parts.map((p) => p.bytes)).toString('utf8'),
          JSON.stringify(hugeAccount()),
        );
      });
    }

    void it('times out as UPSTREAM_TIMEOUT', async () => {
      await assert.rejects(
        sut.request(
          Subjects.ls.getAddressInformation,
          { address: Behaviour.slow },
          { timeoutMs: 100 },
        ),
        (err: unknown) =>
          err instanceof TonApiError &&
          err.code === ErrorCode.UPSTREAM_TIMEOUT &&
          err.retryable &&
          err.message === 'no reply to ton.ls.v1.getAddressInformation within 100 ms',
      );
    });

    void it('shares requests between the two servers of the queue group, each served once', async () => {
      const start = served.length;
      const seqnos = Array.from({ length: 20 }, (_, i) => 10_000 + i);
      await Promise.all(
        seqnos.map((seqno) =>
          sut.request(Subjects.ls.getAddressInformation, { address: Behaviour.ok, seqno }),
        ),
      );
      const calls = served.slice(start);
      assert.deepEqual(
        calls.map((c) => c.seqno).sort((a, b) => (a ?? 0) - (b ?? 0)),
        seqnos,
      );
      const byA = calls.filter((c) => c.server === 'A').length;
      const byB = calls.filter((c) => c.server === 'B').length;
      assert.equal(byA + byB, 20);
      assert.ok(byA > 0 && byB > 0, `A served ${byA}, B served ${byB}`);
      if (mode.name === 'in-process') {
        assert.deepEqual([byA, byB], [10, 10]);
      }
    });

    void it('answers SERVICE_UNAVAILABLE when nobody listens', async () => {
      const lonely = await NestFactory.createApplicationContext(
        rpcClientProcess(mode.natsUrl, {
          subjectPrefix: `${prefix}-nobody`,
          bus,
          defaultTimeoutMs: 2000,
        }),
        { logger: false },
      );
      try {
        await assert.rejects(
          lonely.get(RpcClient).request(Subjects.ls.getMasterchainInfo, {}),
          (err: unknown) =>
            err instanceof TonApiError && err.code === ErrorCode.SERVICE_UNAVAILABLE,
        );
      } finally {
        await lonely.close();
      }
    });

    if (mode.name === 'nats') {
      void it('answers SERVICE_UNAVAILABLE when the NATS server cannot be reached', async () => {
        const run = await PrivateNatsRun.start('rpc-offline-');
        const offline = await NestFactory.createApplicationContext(rpcClientProcess(run.nats.url), {
          logger: false,
        });
        await run.nats.stop();
        try {
          await assert.rejects(
            offline.get(RpcClient).request(Subjects.ls.getMasterchainInfo, {}),
            (err: unknown) =>
              err instanceof TonApiError &&
              err.code === ErrorCode.SERVICE_UNAVAILABLE &&
              err.retryable,
          );
        } finally {
          await offline.close();
          await run.close();
        }
      });
    }

    void it('reports transport health', async () => {
      const health = clientApp.get(RpcTransportHealth);
      assert.equal(health.mode, mode.name);
      const rtt = await health.roundTripMs();
      assert.ok(rtt >= 0 && rtt < 1000);
    });

    void it('recorded handler durations by subject and outcome', async () => {
      const text = await registry.getSingleMetricAsString('tonapi_nats_handler_duration_seconds');
      const counts = text
        .split('\n')
        .filter((l) => l.startsWith('tonapi_nats_handler_duration_seconds_count'));
      for (const expected of [
        'tonapi_nats_handler_duration_seconds_count{subject="ton.ls.v1.getAddressInformation",outcome="LITESERVER_TIMEOUT"} 1',
        'tonapi_nats_handler_duration_seconds_count{subject="ton.ls.v1.getAddressInformation",outcome="INVALID_ARGUMENT"} 1',
        'tonapi_nats_handler_duration_seconds_count{subject="ton.ls.v1.getMasterchainInfo",outcome="ok"} 1',
      ]) {
        assert.ok(counts.includes(expected), `${expected} in\n${counts.join('\n')}`);
      }
    });
  });
}
