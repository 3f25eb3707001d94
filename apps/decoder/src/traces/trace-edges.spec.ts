import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assembleBlock, type EdgeTx, SYSTEM_ADDRESS } from './trace-edges';

const A = '0:' + 'A'.repeat(64);
const B = '0:' + 'B'.repeat(64);
const C = '0:' + 'C'.repeat(64);

function tx(
  hash: string,
  lt: number,
  account: string,
  inMsg: EdgeTx['inMsg'],
  out: [string, boolean][] = [],
): EdgeTx {
  return {
    hash,
    lt: BigInt(lt),
    now: 1000 + lt,
    workchain: 0,
    account,
    inMsg,
    outMsgs: out.map(([h, external]) => ({ hash: h, external })),
  };
}

void describe('trace assembly of one block (toncenter)', () => {
  void it('links an external → wallet → two internal messages chain, the root hash as trace_id', () => {
    const block = assembleBlock(
      [
        // out of order on purpose: assembly sorts by lt
        tx('t2', 2, B, { hash: 'm1', source: A }),
        tx('t1', 1, A, { hash: 'ext', source: null }, [
          ['m1', false],
          ['m2', false],
          ['log', true],
        ]),
      ],
      new Map(),
    );
    assert.deepEqual(
      [...block.traceOf],
      [
        ['t1', 't1'],
        ['t2', 't1'],
      ],
    );
    const d = block.deltas.get('t1')!;
    assert.deepEqual(
      [
        d.isNew,
        d.externalHash,
        d.broken,
        d.nodes,
        d.edges,
        d.pendingEdges,
        d.startLt,
        d.endLt,
        d.endUtime,
      ],
      [true, 'ext', false, 2, 3, 1, 1n, 2n, 1002],
    );
  });

  void it('continues a trace from an earlier block and completes its pending edge', () => {
    const block = assembleBlock(
      [tx('t3', 7, C, { hash: 'm2', source: A })],
      new Map([['m2', 't1']]),
    );
    assert.equal(block.traceOf.get('t3'), 't1');
    const d = block.deltas.get('t1')!;
    assert.deepEqual([d.isNew, d.nodes, d.edges, d.pendingEdges, d.endLt], [false, 1, 1, -1, 7n]);
  });

  void it('starts a broken trace for an internal message from an unseen sender; system and tick-tock start clean ones', () => {
    const block = assembleBlock(
      [
        tx('orphan', 1, B, { hash: 'lost', source: A }),
        tx('sys', 2, C, { hash: 'sysmsg', source: SYSTEM_ADDRESS }),
        tx('tock', 3, C, null),
      ],
      new Map(),
    );
    assert.deepEqual(
      ['orphan', 'sys', 'tock'].map((h) => {
        const d = block.deltas.get(h)!;
        return [d.broken, d.externalHash, d.edges];
      }),
      [
        [true, 'lost', 1],
        [false, 'sysmsg', 1],
        [false, null, 0],
      ],
    );
  });
});
