import assert from 'node:assert/strict';

import { after, before, describe, it } from 'node:test';
import { createLogger } from '@app/observability';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LiteServerNode, liteServerSeed, type Localnet, startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { FaultLedger } from './support/fault-ledger';
import {
  describeFailures,
  failures,
  LoadLoop,
  now,
  percentileMs,
  type Sample,
} from './support/load-loop';
import { HeadTimeline, type StaleHeads, v2ReadRequests } from './support/v2-reads';
import { SHARED_LOOP_PROTECTION } from '../e2e/support/standalone-options';

/** startLiteServers' default key material: node i's key is derived from it and i. */
const LOCALNET_KEY_SEED = 'ton-access localnet liteserver';
/** The localnet shares this process's event loop with the service: generous on a loaded machine. */
const LITESERVER_TIMEOUT_MS = 3000;
const PHASE_MS = 4000;
/** After a fault is cleared: one probe (1 s) re-admits the liteserver before the next fault. */
const SETTLE_MS = 1500;
const LAG_BLOCKS = 10;
/** Falling 10 blocks behind takes 10 block intervals (4 s), then 3 s that far behind. */
const LAG_PHASE_MS = 7000;

const ledger = new FaultLedger(
  __filename,
  'A liteserver stops, stalls, lags or fails under v2 load',
);
const SCENARIOS = {
  stop: 'v2 read errors with one liteserver stopped',
  stall: 'v2 read errors with one liteserver stalled',
  lag: `v2 read errors with one liteserver falling ${String(LAG_BLOCKS)} blocks behind`,
  error: 'v2 read errors with one liteserver answering errors',
  staleHeads: `head reads answered from the liteserver falling ${String(LAG_BLOCKS)} blocks behind`,
} as const;
for (const name of [SCENARIOS.stop, SCENARIOS.stall, SCENARIOS.lag, SCENARIOS.error]) {
  ledger.plan(name, 'errors', 0);
}
ledger.plan(SCENARIOS.staleHeads, 'answers', 0);

/**
 * Faults: "A liteserver stops, stalls, lags 10 blocks, or returns errors during load: v2
 * error rate stays 0 for reads with at least one healthy liteserver; lagging servers are not used for
 * head reads." The whole service in one process (in-process transport) in front of three local
 * liteservers on a chain sealing a block every 400 ms; concurrent clients read getMasterchainInfo,
 * getAddressInformation and runGetMethod the whole time while one liteserver at a time misbehaves.
 */
void describe('v2 reads while a liteserver stops, stalls, lags or fails', () => {
  let localnet: Localnet;
  let app: NestFastifyApplication;
  let timeline: HeadTimeline;
  let load: LoadLoop;
  /** The stopped liteserver's successor, started on its port. */
  let replacement: LiteServerNode | undefined;
  const stale: StaleHeads = { count: 0, worst: 0 };

  /**
   * One phase of the load with a fault in place (`inject` … `clear`), then time for the pool to
   * re-admit the liteserver; answers the requests that were in flight while the fault was.
   */
  async function phase(
    inject: () => void,
    clear: () => Promise<void> | void,
    ms = PHASE_MS,
  ): Promise<Sample[]> {
    const from = now();
    inject();
    await new Promise((r) => setTimeout(r, ms));
    const to = now();
    await clear();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return load.overlapping(from, to);
  }

  function measureErrors(name: string, samples: readonly Sample[]): void {
    const errors = failures(samples).length;
    ledger.note(
      `${name}: ${String(samples.length)} requests, p50 ${percentileMs(samples, 50).toFixed(1)} ms, p99 ${percentileMs(samples, 99).toFixed(1)} ms`,
    );
    const result = ledger.measure(name, errors);
    // Two requests per client at least met the fault, or the phase proved nothing.
    assert.ok(samples.length >= 12, `only ${String(samples.length)} requests met the fault`);
    assert.ok(result.met, describeFailures(samples));
  }

  before(async () => {
    localnet = await startLocalnet({
      seed: 'genesis',
      liteservers: 3,
      mode: 'timer',
      blockIntervalMs: 400,
    });
    // The lag fault serves a chain LAG_BLOCKS behind: the head must be past it first.
    while (localnet.chain.head().id.seqno <= LAG_BLOCKS + 2) {
      await new Promise((r) => setTimeout(r, 200));
    }
    app = await createStandaloneApp({
      natsRequestTimeoutMs: 10_000,
      endpoints: localnet.liteservers.map((ls) => ls.endpoint),
      liteserverTimeoutMs: LITESERVER_TIMEOUT_MS,
      protection: SHARED_LOOP_PROTECTION,
      logger: createLogger({ app: 'faults', level: 'silent' }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    timeline = new HeadTimeline(localnet);
    const requests = await v2ReadRequests(await app.getUrl(), localnet, timeline, stale);
    load = new LoadLoop(requests, 6, 10_000);
    load.start();
    // Warm: connections made, the config and libraries of runGetMethod cached.
    await load.warm(30, 60_000);
  });

  after(async () => {
    await load.stop();
    timeline.close();
    await app.close();
    await replacement?.close();
    await localnet.stop();
    ledger.flush();
  });

  void it('answers every read exactly while a liteserver is stopped (its port closed)', async () => {
    const victim = localnet.liteservers[0];
    assert.ok(victim);
    const { port, host } = victim.endpoint;
    const samples = await phase(
      () => void victim.close(),
      async () => {
        // Restarted on the same port with the same key, as an operator's restart would be.
        replacement = new LiteServerNode(localnet.chain, {
          seed: liteServerSeed(LOCALNET_KEY_SEED, 0),
          host,
          port,
        });
        await replacement.start();
      },
    );
    measureErrors(SCENARIOS.stop, samples);
  });

  void it('answers every read exactly while a liteserver accepts queries and never answers', async () => {
    const victim = localnet.liteservers[1];
    assert.ok(victim);
    const samples = await phase(
      () => {
        victim.setFault({ mode: 'stall' });
      },
      () => {
        victim.setFault({ mode: 'none' });
      },
    );
    measureErrors(SCENARIOS.stall, samples);
  });

  void it(`answers every read from the head while a liteserver falls ${String(LAG_BLOCKS)} blocks behind`, async () => {
    const victim = localnet.liteservers[2];
    assert.ok(victim);
    const staleBefore = stale.count;
    // As a real liteserver falls behind: it stops at its head while the chain goes on, until it is
    // LAG_BLOCKS behind, then follows that far back. It never forgets a block it has served (an
    // instant 10-block jump back would take blocks from under the queries in flight on it).
    let lag = 0;
    let stopRamp: (() => void) | undefined;
    const samples = await phase(
      () => {
        victim.setFault({ mode: 'lag', lagBlocks: 0 });
        stopRamp = localnet.chain.onBlock((block) => {
          if (block.id.workchain === -1 && lag < LAG_BLOCKS) {
            lag += 1;
            victim.setFault({ mode: 'lag', lagBlocks: lag });
          }
        });
      },
      () => {
        stopRamp?.();
        victim.setFault({ mode: 'none' });
      },
      LAG_PHASE_MS,
    );
    ledger.note(`the lagging liteserver reached ${String(lag)} blocks behind`);
    assert.equal(lag, LAG_BLOCKS, 'the phase ended before the liteserver was far enough behind');
    const staleAnswers = ledger.measure(SCENARIOS.staleHeads, stale.count - staleBefore);
    measureErrors(SCENARIOS.lag, samples);
    assert.ok(
      staleAnswers.met,
      `${String(staleAnswers.value)} head reads came from the lagging liteserver (worst ${String(stale.worst)} blocks behind)`,
    );
  });

  void it('answers every read exactly while a liteserver answers every query with an error', async () => {
    const victim = localnet.liteservers[1];
    assert.ok(victim);
    const samples = await phase(
      () => {
        victim.setFault({ mode: 'error', errorCode: 651 });
      },
      () => {
        victim.setFault({ mode: 'none' });
      },
    );
    measureErrors(SCENARIOS.error, samples);
  });

  void it('never failed a read over the whole run, faults and recoveries included', async () => {
    const all = await load.stop();
    ledger.note(
      `whole run: ${String(all.length)} requests, p50 ${percentileMs(all, 50).toFixed(1)} ms, p99 ${percentileMs(all, 99).toFixed(1)} ms, max ${percentileMs(all, 100).toFixed(0)} ms`,
    );
    assert.deepEqual(failures(all), [], describeFailures(all));
  });
});
