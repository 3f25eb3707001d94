import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type StreamTraceInvalidated, type StreamTraceUpdate, Subjects } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import {
  createInProcessMicroserviceOptions,
  InProcessBus,
  NatsRpcModule,
  setupRpcMicroservice,
  STREAM_LOG,
  type StreamLog,
  type StreamLogEntry,
  StreamLogModule,
} from '@app/nats';
import { createLogger, ObservabilityModule } from '@app/observability';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { beginCell, external, internal, SendMode, storeMessage, toNano } from '@ton/core';
import { WalletContractV3R2, WalletContractV4 } from '@ton/ton';
import { GENESIS, GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import { QueryModule } from '@app/query';
import { SenderModule } from '../src/sender.module';
import { SenderService } from '../src/sender.service';

/** Polls `done` every 50 ms until it holds or `ms` pass. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !done()) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return done();
}

/**
 * The sender's Streaming API entries with the real pieces of a single process without NATS: the
 * sender (emulation on the localnet's head, landing watcher on PostgreSQL), the query service answering
 * address books over the in-process bus, and the in-memory StreamLog. A transfer sent while no block is
 * sealed (manual localnet) yields its pending trace update; never landing, it is invalidated once the
 * landing timeout passes.
 */
void describe('sender: pending trace updates and invalidations in the stream log', () => {
  let localnet: Localnet;
  let db: TestDatabase;
  let app: INestMicroservice;
  let log: StreamLog;
  const entries: StreamLogEntry[] = [];

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', startTime: 1_790_000_000 });
    db = await createTestDatabase({ prefix: 'stream_pending' });
    const logger = createLogger({ app: 'test', level: 'silent' });
    // A bus of this file's own: the process-wide one may carry other suites' handlers.
    const bus = new InProcessBus();

    @Module({
      imports: [
        ObservabilityModule.forRoot({ app: 'test', logger }),
        NatsRpcModule.forRoot({ bus, defaultTimeoutMs: 5_000 }),
        DatabaseModule.forRoot({ url: db.url, applicationName: 'stream-pending-test' }),
        StreamLogModule.forRoot({ retentionMs: 600_000 }),
        QueryModule.forRoot({ stream: { enabled: false } }),
        SenderModule.forRoot({
          endpoints: localnet.liteservers.map((ls) => ls.endpoint),
          liteserverTimeoutMs: 3_000,
          fanout: 1,
          dedupeTtlMs: 60_000,
          landingTimeoutMs: 3_000,
          database: true,
        }),
      ],
    })
    class TestModule {}

    app = await NestFactory.createMicroservice(TestModule, {
      ...createInProcessMicroserviceOptions('query', { bus }),
      logger: false,
    });
    setupRpcMicroservice(app, { logger });
    await app.listen();
    log = app.get<StreamLog>(STREAM_LOG);
    await log.follow({ kind: 'seq', seq: 1 }, (e) => {
      entries.push(e);
    });
  });

  after(async () => {
    await app.close();
    await db.drop();
    await localnet.stop();
  });

  void it('appends the emulated trace at finality pending, then trace_invalidated when it never lands', async () => {
    const seed = (name: string) => {
      const account = localnet.accounts.find((a) => a.name === name);
      assert.ok(account?.publicKey && account.secretKey, name);
      return account;
    };
    const v3 = seed(GenesisAccount.walletV3r2);
    const v4 = seed(GenesisAccount.walletV4r2);
    const w3 = WalletContractV3R2.create({ workchain: 0, publicKey: v3.publicKey! });
    const w4 = WalletContractV4.create({ workchain: 0, publicKey: v4.publicKey! });
    const transfer = w3.createTransfer({
      seqno: GENESIS.finalSeqno.v3r2,
      secretKey: v3.secretKey!,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: w4.address, value: toNano('0.3'), bounce: false, body: 'soon' })],
    });
    const message = beginCell()
      .store(storeMessage(external({ to: w3.address, body: transfer })))
      .endCell();
    const sent = await app.get(SenderService).send(message.toBoc().toString('base64'));
    const norm = sent.hash_norm;
    const raw3 = w3.address.toRawString().toUpperCase();
    const raw4 = w4.address.toRawString().toUpperCase();

    const isUpdate = (e: StreamLogEntry): boolean =>
      e.subject === Subjects.stream.trace &&
      (e.payload as StreamTraceUpdate).trace_external_hash_norm === norm;
    assert.equal(await until(() => entries.some(isUpdate), 20_000), true, 'pending update');
    const updateEntry = entries.find(isUpdate)!;
    const update = updateEntry.payload as StreamTraceUpdate;
    assert.equal(update.finality, 'pending');
    assert.equal(update.mc_seqno, undefined);
    const txs = Object.values(update.transactions);
    assert.deepEqual(
      txs.map((t) => [t.account, t.emulated, t.finality]).sort(),
      [
        [raw3, true, 'pending'],
        [raw4, true, 'pending'],
      ].sort(),
    );
    assert.equal(update.trace.in_msg_hash, sent.hash);
    assert.equal(update.trace.children?.length, 1);
    assert.deepEqual(
      update.actions.map((a) => [
        a.action.type,
        a.action.finality,
        [...(a.action.accounts ?? [])].sort(),
      ]),
      [['ton_transfer', 'pending', [raw3, raw4].sort()]],
    );
    assert.equal(update.actions[0]?.action.details.comment, 'soon');
    // The query service's address book (accounts unknown to this empty database: non-bounceable).
    assert.deepEqual(update.address_book, {
      [raw3]: {
        user_friendly: w3.address.toString({ bounceable: false, urlSafe: true, testOnly: false }),
        domain: null,
        interfaces: [],
      },
      [raw4]: {
        user_friendly: w4.address.toString({ bounceable: false, urlSafe: true, testOnly: false }),
        domain: null,
        interfaces: [],
      },
    });

    // No block is sealed: after the 3 s landing timeout the watcher gives up on the message.
    const isInvalidation = (e: StreamLogEntry): boolean =>
      e.subject === Subjects.stream.traceInvalidated &&
      (e.payload as StreamTraceInvalidated).trace_external_hash_norm === norm;
    assert.equal(await until(() => entries.some(isInvalidation), 15_000), true, 'invalidated');
    const invalidations = entries.filter(isInvalidation);
    assert.equal(invalidations.length, 1);
    const [invalidation] = invalidations;
    assert.ok(invalidation && invalidation.seq > updateEntry.seq);
    assert.deepEqual(
      { ...(invalidation.payload as StreamTraceInvalidated), emitted_at: 0 },
      { trace_external_hash_norm: norm, reason: 'expired', emitted_at: 0 },
    );
    assert.equal(entries.filter(isUpdate).length, 1);
  });
});
