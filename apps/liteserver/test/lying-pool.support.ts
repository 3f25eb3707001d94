import assert from 'node:assert/strict';
import { LiteserverPoolService } from '@app/liteclient';
import { createMetricsRegistry, LiteserverMetrics } from '@app/observability';
import { type ProofBlockId } from '@app/ton';
import { type Registry } from 'prom-client';
import { type BlockIdExt, type Localnet } from '@app/localnet';
import { waitFor } from '@app/testing';

/** A local block id as the verifiers take it (the shard as unsigned 64 bits). */
export function proofId(id: BlockIdExt): ProofBlockId {
  return { ...id, shard: BigInt.asUintN(64, id.shard) };
}

/** Seals a key block now: what a config change makes, here the current config re-installed. */
export async function sealKeyBlock(localnet: Localnet): Promise<BlockIdExt> {
  localnet.chain.setBaseConfig(localnet.chain.blockchain.config);
  const block = await localnet.producer.sealNow();
  assert.equal(block.isKeyBlock, true);
  return block.id;
}

/**
 * A verifying pool over every liteserver of `localnet`, anchored at `anchor`, with its own registry:
 * connected to all and probed once (so the liars a probe catches are already marked). Added to
 * `pools` for the caller to close.
 */
export async function startVerifyingPool(
  localnet: Localnet,
  anchor: ProofBlockId,
  pools: LiteserverPoolService[],
  attempts = 3,
  onKeyBlock?: (id: ProofBlockId) => void,
  /** The network's zero state: liteservers are checked at connect as the services' pools do. */
  zeroState?: ProofBlockId,
): Promise<{ pool: LiteserverPoolService; registry: Registry }> {
  const registry = createMetricsRegistry({ defaultMetrics: false });
  const pool = new LiteserverPoolService(
    localnet.liteservers.map((ls) => ls.endpoint),
    {
      timeoutMs: 2000,
      attempts,
      probeIntervalMs: 3_600_000,
      anchor,
      ...(onKeyBlock ? { onKeyBlock } : {}),
      ...(zeroState ? { zeroState } : {}),
    },
    new LiteserverMetrics(registry),
    registry,
  );
  pools.push(pool);
  await pool.onModuleInit();
  await waitFor(() => pool.health().every((h) => h.connected), 'all connected', 8000);
  await pool.probe();
  return { pool, registry };
}

/** Liteservers `servers` lie (forged answers they cannot prove); the others are honest. */
export function lie(localnet: Localnet, servers: readonly number[]): void {
  localnet.liteservers.forEach((ls, i) => {
    ls.setFault({ mode: servers.includes(i) ? 'lie' : 'none' });
  });
}

/** tonapi_liteserver_unverified_total by reason. */
export async function unverifiedByReason(registry: Registry): Promise<Map<string, number>> {
  const found = registry.getSingleMetric('tonapi_liteserver_unverified_total');
  assert.ok(found, 'tonapi_liteserver_unverified_total is registered');
  const { values } = await found.get();
  return new Map(values.map((v) => [String(v.labels.reason), v.value]));
}

/** The pools' anchor: the local network's zero state (the trusted block a client is configured with). */
export function zeroStateAnchor(localnet: Localnet): ProofBlockId {
  return proofId(localnet.chain.zeroState().id);
}

/** Closes the pools a suite started, then stops its local network. */
export async function closePoolsAndLocalnet(
  pools: readonly LiteserverPoolService[],
  localnet: Localnet,
): Promise<void> {
  for (const pool of pools) {
    pool.close();
  }
  await localnet.stop();
}

/**
 * A suite's verifying pools over its local network (read when a test runs: the suite's `before` sets
 * them): `startPool` adds to `pools`, which the suite closes in its `after`; `lie` sets the liars.
 */
export function suitePools(localnet: () => Localnet, anchor: () => ProofBlockId) {
  const pools: LiteserverPoolService[] = [];
  return {
    pools,
    startPool: (attempts = 3) => startVerifyingPool(localnet(), anchor(), pools, attempts),
    lie: (servers: readonly number[]) => {
      lie(localnet(), servers);
    },
  };
}
