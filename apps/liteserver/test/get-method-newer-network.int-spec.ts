import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LiteserverPoolService } from '@app/liteclient';
import { createMetricsRegistry, EmulatorBehindNotice, LiteserverMetrics } from '@app/observability';
import { methodIdOf } from '@app/ton';
import {
  beginCell,
  external,
  internal,
  SendMode,
  serializeTuple,
  storeMessage,
  toNano,
} from '@ton/core';
import { Executor } from '@ton/sandbox';
import { WalletContractV4 } from '@ton/ton';
import { type Registry } from 'prom-client';
import { GENESIS, GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import { GetMethodRunner } from '../src/v2/methods/get-method.runner';
import {
  DEFAULT_PENDING_OPTIONS,
  emulatePendingTrace,
  FeeEstimator,
  LiteserverChainFactory,
  TraceEmulator,
} from '@app/sender';
import { queries } from './pool-metrics';

const EMPTY_STACK = serializeTuple([]).toBoc({ idx: false }).toString('base64');

/** A network whose ConfigParam 8 says version 14, one past what the bundled emulator implements. */
void describe('get-methods on a network newer than the emulator (ConfigParam 8 version 14)', () => {
  let localnet: Localnet;
  let registry: Registry;
  let lsMetrics: LiteserverMetrics;
  let pool: LiteserverPoolService;
  const warnings: object[] = [];
  let runner: GetMethodRunner;

  before(async () => {
    localnet = await startLocalnet({
      seed: 'genesis',
      mode: 'manual',
      liteservers: 1,
      globalVersion: 14,
    });
    await localnet.producer.sealNow();
    registry = createMetricsRegistry({ defaultMetrics: false });
    lsMetrics = new LiteserverMetrics(registry);
    pool = new LiteserverPoolService(
      localnet.liteservers.map((ls) => ls.endpoint),
      { timeoutMs: 2000, attempts: 1, probeIntervalMs: 3_600_000 },
      lsMetrics,
      registry,
    );
    await pool.onModuleInit();
    await pool.probe();
    const notice = new EmulatorBehindNotice(
      registry,
      {
        warn: (obj) => {
          warnings.push(obj);
        },
      },
      'get_method',
    );
    runner = new GetMethodRunner(pool, undefined, (version) => {
      notice.seen(version);
    });
  });

  after(async () => {
    pool.close();
    await localnet.stop();
  });

  void it("runs the method on the liteserver (runSmcMethod), with the chain's answer and gas 0", async () => {
    const found = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    assert.ok(found);
    const seqno = localnet.chain.head().id.seqno;
    const before = await queries(lsMetrics, { method: 'runGetMethod' });
    const res = await runner.runLegacy({
      address: found.address.toRawString(),
      methodId: methodIdOf('seqno'),
      stack: EMPTY_STACK,
      seqno,
    });
    // What the local chain's own run of the method says (the liteserver's answer).
    const truth = await localnet.chain.runGetMethod(seqno, found.address, methodIdOf('seqno'), []);
    assert.equal(res.exit_code, 0);
    assert.equal(res.exit_code, truth.exitCode);
    assert.equal(res.gas_used, 0, 'lite_api RunMethodResult carries no gas figure');
    assert.deepEqual(
      res.stack,
      truth.stack.map((item) => {
        assert.equal(item.type, 'int');
        return ['num', `0x${item.value.toString(16)}`];
      }),
    );
    assert.equal(res.block_id.seqno, seqno);
    assert.ok((await queries(lsMetrics, { method: 'runGetMethod' })) > before);
  });

  void it('reports the version in a metric, counts the answer and warns once', async () => {
    const found = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    assert.ok(found);
    await runner.runLegacy({
      address: found.address.toRawString(),
      methodId: methodIdOf('get_public_key'),
      stack: EMPTY_STACK,
    });
    const version = await registry
      .getSingleMetric('tonapi_network_global_version_unsupported')
      ?.get();
    assert.equal(version?.values[0]?.value, 14);
    const answers = await registry.getSingleMetric('tonapi_emulator_behind_answers_total')?.get();
    assert.deepEqual(
      answers?.values.map((v) => [v.labels.use, v.value]),
      [['get_method', 2]],
    );
    assert.equal(warnings.length, 1);
    assert.deepEqual(warnings[0], {
      event: 'emulator-behind',
      globalVersion: 14,
      use: 'get_method',
    });
  });

  void it('marks a fee estimate approximate (a field toncenter clients ignore), and counts it', async () => {
    const found = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    assert.ok(found);
    const seen: number[] = [];
    const estimator = new FeeEstimator(pool, (version) => {
      seen.push(version);
    });
    const fees = await estimator.estimate({
      address: found.address.toRawString(),
      body: beginCell().storeUint(0, 32).endCell().toBoc().toString('base64'),
      initCode: '',
      initData: '',
      ignoreChksig: true,
    });
    assert.equal(fees['@type'], 'query.fees');
    assert.equal(fees.approximate, true);
    assert.ok(fees.source_fees.in_fwd_fee > 0, 'still an estimate: the import fee is there');
    assert.deepEqual(seen, [14]);
  });

  void it('marks a pending trace approximate (a field toncenter clients ignore), the trace still whole', async () => {
    const found = localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    assert.ok(found?.publicKey && found.secretKey);
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: found.publicKey });
    const transfer = wallet.createTransfer({
      seqno: GENESIS.finalSeqno.v4r2,
      secretKey: found.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: wallet.address, value: toNano('0.01'), bounce: false })],
    });
    const message = beginCell()
      .store(storeMessage(external({ to: wallet.address, body: transfer })))
      .endCell();
    const executor = await Executor.create();
    const hash = message.hash().toString('base64');
    const pending = await emulatePendingTrace(
      new TraceEmulator(() => Promise.resolve(executor)),
      executor,
      {
        external: message,
        hash,
        hashNorm: hash,
        chain: await new LiteserverChainFactory(pool).atHead(),
        limits: DEFAULT_PENDING_OPTIONS.limits,
      },
    );
    assert.equal(pending.trace.approximate, true);
    // The wallet's transaction and the one its transfer to itself causes, classified as usual.
    assert.equal(pending.trace.transactions_order?.length, 2);
    assert.deepEqual(
      pending.actions.map((a) => a.type),
      ['ton_transfer'],
    );
  });
});
