import { classifyFailure } from './liteserver-errors';
import { type NetworkIdentity } from './trust/network-identity';
import { type PoolEntry } from './pool-entry';

const MASTERCHAIN_SHARD = '-9223372036854775808';

/** Applies the pool's per-query deadline to one probe call. */
type Deadline = <T>(promise: Promise<T>) => Promise<T>;

/**
 * Asks `entry` for its head (after checking, with `identity`, that it serves this network): an
 * answer makes it responsive and clears its suspicion, any failure takes it out until the next probe.
 */
export async function probeHead(
  entry: PoolEntry,
  identity: NetworkIdentity | undefined,
  deadline: Deadline,
): Promise<void> {
  if (!entry.engine.isReady()) {
    entry.responsive = false;
    return;
  }
  try {
    if (
      identity &&
      !(await deadline(identity.admits(entry.index, entry.engine, entry.rawClient.engine)))
    ) {
      entry.responsive = false;
      return;
    }
    const info = await deadline(entry.rawClient.getMasterchainInfo());
    entry.lastSeqno = info.last.seqno;
    entry.responsive = true;
    entry.suspect = false;
  } catch {
    // Any failure of the probe (timeout, not ready, dropped) takes it out until the next one.
    entry.responsive = false;
  }
}

/** Asks `entry` whether it still has masterchain block `seqno`, and records it as archival if so. */
export async function probeArchival(
  entry: PoolEntry,
  seqno: number,
  deadline: Deadline,
): Promise<void> {
  try {
    // lookupBlock(-1, shard_all, seqno) as tonlib-multiclient does: a pruned node answers "not in db".
    await deadline(
      entry.rawClient.lookupBlockByID({ workchain: -1, shard: MASTERCHAIN_SHARD, seqno }),
    );
    entry.archival = true;
    entry.archivalCheckedAt = Date.now();
  } catch (error) {
    // Only a deliberate "not found" says the block is gone; a timeout says nothing about it.
    if (classifyFailure(error) === 'answer') {
      entry.archival = false;
      entry.archivalCheckedAt = Date.now();
    }
  }
}
