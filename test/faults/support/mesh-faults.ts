import assert from 'node:assert/strict';
import { BlockIndexedEvent, ChainEventsStream, Subjects } from '@app/contracts';
import { jetstream } from '@nats-io/jetstream';
import { type NatsConnection } from '@nats-io/transport-node';
import { sleep } from './chain-driver';
import { type FaultLedger } from './fault-ledger';
import { describeFailures, now, type Sample } from './load-loop';
import { type Outage, recoveryMs } from './outage';
import { type RemoteRequest } from './remote-load';

/** The mesh fault file's targets, planned on its ledger: each name is the report's row. */
export function planMeshTargets(ledger: FaultLedger, recoveryTargetS: number) {
  const T = {
    natsDown: 'v2/v3 requests not answered 503 within 1 s while NATS is down',
    natsRecovery: 'recovery of v2/v3 after NATS restarted',
    pgDown: 'v3 requests not answered 503 within 1 s while PostgreSQL is down',
    pgV2: 'v2 errors while PostgreSQL is down',
    pgRecovery: 'recovery of v3 after PostgreSQL restarted',
    queryKilled: 'v3 requests not answered 503 within 1 s while the query app is killed',
    queryInFlight: 'v3 requests in flight at the SIGKILL not answered 504 by the deadline',
    queryRecovery: 'recovery of v3 after the killed query app restarted',
    ingested: 'ingested rows lost or duplicated (SIGKILL, NATS and PostgreSQL restarts)',
    events: 'block.indexed events lost or duplicated',
    decoded: 'decoded rows lost or duplicated (SIGKILL, NATS and PostgreSQL restarts)',
  } as const;
  const units: readonly (readonly [string, string])[] = [
    [T.natsDown, 'requests'],
    [T.natsRecovery, 's'],
    [T.pgDown, 'requests'],
    [T.pgV2, 'errors'],
    [T.pgRecovery, 's'],
    [T.queryKilled, 'requests'],
    [T.queryInFlight, 'requests'],
    [T.queryRecovery, 's'],
    [T.ingested, 'rows'],
    [T.events, 'events'],
    [T.decoded, 'rows'],
  ];
  // Recoveries are bounded in seconds; everything else counts what went wrong, so its bound is 0.
  for (const [name, unit] of units) {
    ledger.plan(name, unit, unit === 's' ? recoveryTargetS : 0);
  }
  return T;
}

/** Every `block.indexed` event in the stream (which carries other events too), as seqnos in order. */
export async function streamedSeqnos(nc: NatsConnection): Promise<number[]> {
  const consumer = await jetstream(nc).consumers.get(ChainEventsStream.name);
  const seqnos: number[] = [];
  const messages = await consumer.fetch({ max_messages: 100_000, expires: 2000 });
  for await (const m of messages) {
    if (m.subject === Subjects.evt.blockIndexed) {
      seqnos.push(BlockIndexedEvent.parse(m.json()).mc_seqno);
    }
    if (m.info.pending === 0) {
      break;
    }
  }
  return seqnos;
}

/**
 * Runs one fault: `fail` (resolves once it took effect), `outageMs` down, then `restore` (resolves
 * once the dependency is back: listening, or healthy). Answers the moments in between.
 */
export async function runFault(
  fail: () => Promise<void>,
  restore: () => Promise<void>,
  outageMs: number,
): Promise<{ begun: number; down: Outage; back: number }> {
  const begun = now();
  await fail();
  const from = now();
  await sleep(outageMs);
  const to = now();
  await restore();
  return { begun, down: { from, to }, back: now() };
}

/**
 * The load the mesh faults run under, at the gateway `base`: a head and an account read of each API
 * (the v2 ones live reads, the v3 ones from the index), the account being `wallet` (raw form).
 */
export function meshRequests(base: string, wallet: string): RemoteRequest[] {
  return [
    { label: 'v2 getMasterchainInfo', url: `${base}/api/v2/getMasterchainInfo`, expect: 'v2-ok' },
    { label: 'v3 masterchainInfo', url: `${base}/api/v3/masterchainInfo`, expect: 'v3-head' },
    {
      label: 'v2 getAddressInformation',
      url: `${base}/api/v2/getAddressInformation?address=${wallet}`,
      expect: 'v2-ok',
    },
    {
      label: 'v3 transactions',
      url: `${base}/api/v3/transactions?account=${wallet}&limit=5`,
      expect: 'v3-transactions',
    },
  ];
}

/**
 * Judges each fault's recovery and keeps its window, from the fault to the recovery: failures
 * outside every window are failures of the run.
 */
export class RecoveryJudge {
  private readonly windows: Outage[] = [];

  constructor(
    private readonly ledger: FaultLedger,
    private readonly load: { samples(): Promise<Sample[]> },
    private readonly observeMs: number,
    private readonly targetS: number,
  ) {}

  /**
   * Waits observeMs after the dependency is `back`, then measures target `name`: how long after it
   * the requests chosen by `only` all succeeded again; fails when that is over the target.
   */
  async judge(
    begun: number,
    back: number,
    name: string,
    only: (s: Sample) => boolean = () => true,
  ): Promise<void> {
    await sleep(this.observeMs);
    const samples = (await this.load.samples()).filter(only);
    const ms = recoveryMs(samples, back);
    const notRecovered = (): string =>
      `not recovered ${String(this.targetS)} s after: ${describeFailures(samples.filter((s) => s.startedAt >= back))}`;
    const result = this.ledger.measure(name, Number((ms / 1000).toFixed(3)), notRecovered);
    this.windows.push({ from: begun, to: back + (Number.isFinite(ms) ? ms : this.observeMs) });
    assert.ok(result.met, notRecovered());
  }

  /** The samples that lie outside every fault's window. */
  outsideWindows(samples: readonly Sample[]): Sample[] {
    return samples.filter(
      (s) => !this.windows.some((w) => s.endedAt >= w.from && s.startedAt <= w.to),
    );
  }
}
