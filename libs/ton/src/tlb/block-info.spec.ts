/** BlockInfo and ValueFlow rebuilt from the fields of mainnet blocks, compared by hash. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockInfoCell, valueFlowCell, valueFlowBalanced, type ValueFlow } from './block-info';
import { type ExtBlkRef } from './block-refs';
import { BLOCKS, loadBlock, ref, currency, readExtBlkRef } from './mainnet-block.test-util';

void describe('BlockInfo and ValueFlow builders against mainnet blocks', () => {
  for (const name of BLOCKS) {
    void it(`rebuilds BlockInfo of ${name} with the same hash`, () => {
      const root = loadBlock(name);
      const real = ref(root, 0);
      const s = real.beginParse();
      assert.equal(s.loadUint(32), 0x9bc7a987);
      const version = s.loadUint(32);
      const notMaster = s.loadBit();
      const afterMerge = s.loadBit();
      const beforeSplit = s.loadBit();
      const afterSplit = s.loadBit();
      const wantSplit = s.loadBit();
      const wantMerge = s.loadBit();
      const keyBlock = s.loadBit();
      assert.equal(s.loadBit(), false, 'vert_seqno_incr');
      const flags = s.loadUint(8);
      const seqno = s.loadUint(32);
      const vertSeqno = s.loadUint(32);
      assert.equal(s.loadUint(2), 0);
      const pfxBits = s.loadUint(6);
      const workchain = s.loadInt(32);
      const prefix = s.loadUintBig(64);
      const shard = prefix | (1n << BigInt(63 - pfxBits));
      const genUtime = s.loadUint(32);
      const startLt = s.loadUintBig(64);
      const endLt = s.loadUintBig(64);
      const genValidatorListHashShort = s.loadUint(32);
      const genCatchainSeqno = s.loadUint(32);
      const minRefMcSeqno = s.loadUint(32);
      const prevKeyBlockSeqno = s.loadUint(32);
      let genSoftware: { version: number; capabilities: bigint } | undefined;
      if (flags & 1) {
        assert.equal(s.loadUint(8), 0xc4);
        genSoftware = { version: s.loadUint(32), capabilities: s.loadUintBig(64) };
      }
      const masterRef = notMaster ? readExtBlkRef(s.loadRef().beginParse()) : undefined;
      const prevCell = s.loadRef();
      const prev: [ExtBlkRef] | [ExtBlkRef, ExtBlkRef] = afterMerge
        ? [
            readExtBlkRef(ref(prevCell, 0).beginParse()),
            readExtBlkRef(ref(prevCell, 1).beginParse()),
          ]
        : [readExtBlkRef(prevCell.beginParse())];
      const sut = blockInfoCell({
        version,
        workchain,
        shard,
        seqno,
        vertSeqno,
        afterMerge,
        beforeSplit,
        afterSplit,
        wantSplit,
        wantMerge,
        keyBlock,
        genUtime,
        startLt,
        endLt,
        genValidatorListHashShort,
        genCatchainSeqno,
        minRefMcSeqno,
        prevKeyBlockSeqno,
        genSoftware,
        masterRef,
        prev,
      });
      assert.equal(sut.hash().toString('hex'), real.hash().toString('hex'));
    });

    void it(`rebuilds ValueFlow of ${name} with the same hash, and it balances`, () => {
      const real = ref(loadBlock(name), 1);
      const s = real.beginParse();
      assert.equal(s.loadUint(32), 0xb8e48dfb);
      const r1 = s.loadRef().beginParse();
      const r2 = s.loadRef().beginParse();
      const vf: ValueFlow = {
        fromPrevBlk: currency(r1),
        toNextBlk: currency(r1),
        imported: currency(r1),
        exported: currency(r1),
        feesCollected: currency(s),
        feesImported: currency(r2),
        recovered: currency(r2),
        created: currency(r2),
        minted: currency(r2),
      };
      assert.equal(valueFlowCell(vf).hash().toString('hex'), real.hash().toString('hex'));
      assert.equal(valueFlowBalanced(vf), true);
    });
  }
});
