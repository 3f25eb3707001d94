import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFixture } from '@app/testing';
import { parseBlock, type ParsedTransaction } from '@app/ton';
import { Cell } from '@ton/core';
import { snakeCased } from './snake-cased';
import { parsedMessageColumns, toV3Message } from './message';
import { toV3Description } from './transaction-descr';

// Mainnet blocks (fixtures/README.md): block-1 (329 ordinary transactions), block-2 (479, 433 of them
// with a bounce phase), block-5 (masterchain, with tick-tock transactions).
const txs = ['block-1.bin', 'block-2.bin', 'block-5.bin'].flatMap((file) => {
  const root = Cell.fromBoc(readFixture('mainnet', 'blocks', file))[0]!;
  return parseBlock(root, { rootHash: root.hash(), fileHash: Buffer.alloc(32) }).transactions;
});

/** The object as PostgreSQL returns its row: int8 columns as decimal strings. */
function asStored<T extends object>(o: T): Record<keyof T, unknown> {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
  ) as Record<keyof T, unknown>;
}

describe('libs/v3-render over the transactions of mainnet blocks', () => {
  it('names the parsed fields as the transactions columns and leaves the values as they are', () => {
    const t = txs[0]!;
    const row = snakeCased(t);
    assert.equal(row.credit_first, t.creditFirst);
    assert.equal(row.compute_vm_init_state_hash, t.computeVmInitStateHash);
    assert.equal(row.action_tot_msg_size_cells, t.actionTotMsgSizeCells);
    assert.equal(row.split_info_cur_shard_pfx_len, t.splitInfoCurShardPfxLen);
    assert.equal(Object.keys(row).length, Object.keys(t).length);
    assert.ok(Object.keys(row).every((k) => /^[a-z_]+$/.test(k)));
  });

  it('renders a stored row (decimal strings) as it renders the parsed transaction (bigint)', () => {
    for (const t of txs) {
      const parsed = snakeCased(t);
      const stored = {
        ...(asStored(parsed) as unknown as typeof parsed),
        compute_vm_steps: t.computeVmSteps === null ? null : String(t.computeVmSteps),
      };
      assert.deepEqual(toV3Description(stored), toV3Description(parsed), t.hash);
      for (const m of [...(t.inMessage === null ? [] : [t.inMessage]), ...t.outMessages]) {
        const columns = parsedMessageColumns(m);
        const storedColumns = {
          ...(asStored(columns) as unknown as typeof columns),
          created_at: m.createdAt === null ? null : String(m.createdAt),
        };
        assert.deepEqual(toV3Message(storedColumns), toV3Message(columns), m.hash);
      }
    }
  });

  it("shows a phase exactly when ton-index-go's field for it is set", () => {
    const seen = new Set<string>();
    const present = (t: ParsedTransaction): Record<string, boolean> => ({
      storage_ph: t.storageStatusChange !== null,
      credit_ph:
        t.creditDueFeesCollected !== null || t.credit !== null || t.creditExtraCurrencies !== null,
      compute_ph: t.computeSkipped !== null,
      action: t.actionSuccess !== null,
      bounce: t.bounce !== null,
      split_info: t.splitInfoCurShardPfxLen !== null,
    });
    for (const t of txs) {
      const d = toV3Description(snakeCased(t));
      for (const [phase, expected] of Object.entries(present(t))) {
        assert.equal(phase in d, expected, `${t.hash} ${phase}`);
        if (expected) {
          seen.add(phase);
        }
      }
      // Leaves are omitted, never null (omitempty).
      assert.ok(!JSON.stringify(d).includes('null'), t.hash);
    }
    // Every phase but split_info (no split or merge transaction in these blocks).
    assert.deepEqual([...seen].sort(), [
      'action',
      'bounce',
      'compute_ph',
      'credit_ph',
      'storage_ph',
    ]);
  });

  it('renders 64-bit values as decimal strings and vm_steps as a number', () => {
    const t = txs.find((x) => x.computeGasFees !== null && x.computeVmSteps !== null)!;
    const compute = toV3Description(snakeCased(t)).compute_ph!;
    assert.equal(compute.gas_fees, t.computeGasFees!.toString());
    assert.equal(compute.vm_steps, t.computeVmSteps);
  });
});
