import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFixture } from '@app/testing';
import { parseBlock, type ParsedTransaction } from '@app/ton';
import { Cell } from '@ton/core';
import { snakeCased } from './snake-cased';
import { toV3Description, type TransactionDescrColumns } from './transaction-descr';

/** The transactions of a mainnet block of fixtures/mainnet/blocks (fixtures/README.md). */
function blockTransactions(file: string): readonly ParsedTransaction[] {
  const root = Cell.fromBoc(readFixture('mainnet', 'blocks', file))[0]!;
  return parseBlock(root, { rootHash: root.hash(), fileHash: Buffer.alloc(32) }).transactions;
}

const block1 = blockTransactions('block-1.bin');
const block2 = blockTransactions('block-2.bin');

function tx(txs: readonly ParsedTransaction[], hash: string): ParsedTransaction {
  const t = txs.find((x) => x.hash === hash);
  assert.ok(t, hash);
  return t;
}

/** The row as PostgreSQL returns it: int8 as decimal strings, jsonb `{}` as an empty object. */
function stored(t: ParsedTransaction): TransactionDescrColumns {
  const row = snakeCased(t);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = typeof v === 'bigint' ? v.toString() : v;
  }
  out.credit_extra_currencies =
    row.credit_extra_currencies === null ? null : { ...row.credit_extra_currencies };
  return out as unknown as TransactionDescrColumns;
}

/*
 * The expected JSON follows ton-index-go's ScanTransaction and TransactionDescr
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/index/parse/scan_common.go,
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/index/models/blockchain.go) over the
 * columns ton-index-postgres writes (InsertManagerPostgres.cpp): credit_ph only when one of its
 * columns is set, every leaf omitempty, an empty extra-currency map left out.
 */
void describe("toV3Description: credit_ph and compute_ph as toncenter's v3 renders them", () => {
  void it('an external-in message to a wallet: no TrCreditPhase, so no credit_ph', () => {
    const t = tx(block1, 'xcqIDI5meveNGTrF0vFDfCvOwI0WQ29lefNJPlVrT0g=');
    assert.equal(t.inMessage?.source, null);
    const expected = {
      type: 'ord',
      aborted: false,
      destroyed: false,
      credit_first: true,
      storage_ph: { storage_fees_collected: '2', status_change: 'unchanged' },
      compute_ph: {
        skipped: false,
        success: true,
        msg_state_used: false,
        account_activated: false,
        gas_fees: '2994000',
        gas_used: '2994',
        gas_limit: '0',
        gas_credit: '10000',
        mode: 0,
        exit_code: 0,
        vm_steps: 66,
        vm_init_state_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
        vm_final_state_hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      },
      action: {
        success: true,
        valid: true,
        no_funds: false,
        status_change: 'unchanged',
        total_fwd_fees: '1000000',
        total_action_fees: '333328',
        result_code: 0,
        tot_actions: 1,
        spec_actions: 0,
        skipped_actions: 0,
        msgs_created: 1,
        action_list_hash: '+kDoZfxKwyf2uZlhif2JJ1yawF8cmSfwl5VNkg8qtpM=',
        tot_msg_size: { cells: '1', bits: '721' },
      },
    };
    assert.deepEqual(toV3Description(snakeCased(t)), expected);
    assert.deepEqual(toV3Description(stored(t)), expected);
  });

  void it('a skipped compute phase (cskip_no_state) carries reason "no_state" beside its credit', () => {
    const t = tx(block2, 'WNrLatnmTKFNNSyIh/VHWipXkKrjJnm87HInWRitcrA=');
    const expected = {
      type: 'ord',
      aborted: true,
      destroyed: false,
      credit_first: true,
      storage_ph: { storage_fees_collected: '0', status_change: 'unchanged' },
      credit_ph: { credit: '40000000000' },
      compute_ph: { skipped: true, reason: 'no_state' },
    };
    assert.deepEqual(toV3Description(snakeCased(t)), expected);
    assert.deepEqual(toV3Description(stored(t)), expected);
  });

  void it('a credit of 0 is shown ("0" is not omitted), beside cskip_no_gas as "no_gas"', () => {
    const t = tx(block2, '/aGJy0jdWCMXVRVTGVX3JHXLjjz3a9HPeQ97Ur88nkg=');
    const expected = {
      type: 'ord',
      aborted: true,
      destroyed: false,
      credit_first: false,
      storage_ph: { storage_fees_collected: '1', status_change: 'unchanged' },
      credit_ph: { credit: '0' },
      compute_ph: { skipped: true, reason: 'no_gas' },
      bounce: {
        type: 'nofunds',
        msg_size: { cells: '0', bits: '0' },
        req_fwd_fees: '1000000',
      },
    };
    assert.deepEqual(toV3Description(snakeCased(t)), expected);
    assert.deepEqual(toV3Description(stored(t)), expected);
  });

  void it('every skipped compute phase of the block has its reason, every credit phase its credit', () => {
    let skipped = 0;
    let credited = 0;
    for (const t of block2) {
      const d = toV3Description(stored(t));
      if (t.computeSkipped === true) {
        skipped += 1;
        assert.deepEqual(d.compute_ph, { skipped: true, reason: t.skippedReason }, t.hash);
      }
      if (t.credit === null) {
        assert.equal(d.credit_ph, undefined, t.hash);
      } else {
        credited += 1;
        assert.equal(d.credit_ph?.credit, t.credit.toString(), t.hash);
        assert.equal('credit_extra_currencies' in d.credit_ph, false, t.hash);
      }
    }
    assert.deepEqual([skipped, credited], [438, 448]);
  });

  void it('keeps extra currencies that the credit carries', () => {
    const t = tx(block2, 'WNrLatnmTKFNNSyIh/VHWipXkKrjJnm87HInWRitcrA=');
    const d = toV3Description({ ...stored(t), credit_extra_currencies: { '239': '5' } });
    assert.deepEqual(d.credit_ph, {
      credit: '40000000000',
      credit_extra_currencies: { '239': '5' },
    });
  });
});
