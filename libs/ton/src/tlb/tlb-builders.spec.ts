/**
 * The TL-B builders checked against mainnet: BlockInfo, ValueFlow, ShardAccountBlocks, the message
 * descriptors' extras, ShardDescr, shard_fees and ConfigParam 34 rebuilt from real blocks and config
 * with the same hashes; and the TL layouts of block signatures.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { type Builder, beginCell, Cell, Dictionary, loadTransaction } from '@ton/core';
import { readFixture } from '@app/testing';
import { type AugSpec, AugTrie } from './aug-trie';
import { accountBlockSpec, type BlockTransaction } from './account-block';
import { blockInfoCell, loadBlockInfo, loadBlockInfoLinks } from './block-info';
import { importFeesOf, inMsgCell, inMsgDescrSpec, loadInMsg } from './in-msg';
import { exportedValueOf, loadOutMsg, outMsgDescrSpec, storeOutMsg } from './out-msg';
import { buildShardFees, storeShardDescr } from './shard-hashes';
import {
  blockSignatureMessage,
  nodeIdShort,
  type ValidatorDescr,
  validatorSetCell,
} from './validator-set';
import { valueFlowCell, valueFlowBalanced, type ValueFlow } from './value-flow';
import {
  BLOCKS,
  loadBlock,
  ref,
  grams,
  currency,
  augLeaves,
  rest,
} from './mainnet-block.test-util';

void describe('TL-B builders against mainnet blocks', () => {
  for (const name of BLOCKS) {
    void it(`rebuilds BlockInfo of ${name} with the same hash`, () => {
      const root = loadBlock(name);
      const real = ref(root, 0);
      const info = loadBlockInfo(real);
      assert.equal(info.vertSeqnoIncr, false, 'vert_seqno_incr');
      const sut = blockInfoCell({ ...info, ...loadBlockInfoLinks(real, info) });
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

    void it(`rebuilds ShardAccountBlocks of ${name} from its transactions`, () => {
      const real = ref(ref(loadBlock(name), 3), 2);
      const s = real.beginParse();
      if (!s.loadBit()) {
        return;
      }
      const leaves = augLeaves(ref(real, 0), 256);
      const blocks = leaves.map(({ key, s: leaf }) => {
        grams(leaf);
        assert.equal(leaf.loadUint(4), 5);
        assert.equal(leaf.loadUintBig(256), key);
        const txRoot = leaf.asCell();
        const txs = augLeaves(txRoot, 64).map(({ s: tl }): BlockTransaction => {
          grams(tl);
          const cell = tl.loadRef();
          const tx = loadTransaction(cell.beginParse());
          return {
            lt: tx.lt,
            cell,
            totalFees: tx.totalFees.coins,
            oldHash: tx.stateUpdate.oldHash,
            newHash: tx.stateUpdate.newHash,
          };
        });
        txs.sort((a, b) => (a.lt < b.lt ? -1 : 1));
        return { accountId: key, transactions: txs };
      });
      let trie = AugTrie.empty(256, accountBlockSpec);
      for (const ab of blocks) {
        trie = trie.set(ab.accountId, ab);
      }
      const b = beginCell();
      trie.storeE(b);
      // The account's HASH_UPDATE spans its first and last transactions, as the real block's does.
      assert.equal(b.endCell().hash().toString('hex'), real.hash().toString('hex'));
    });

    void it(`recomputes the InMsgDescr extras of ${name} (ImportFees rules)`, () => {
      const real = ref(ref(loadBlock(name), 3), 0);
      if (!real.beginParse().loadBit()) {
        return;
      }
      const leaves = augLeaves(ref(real, 0), 256);
      let checked = 0;
      const spec: AugSpec<
        { raw: (b: Builder) => void; extra: { feesCollected: bigint; valueImported: bigint } },
        { feesCollected: bigint; valueImported: bigint }
      > = {
        storeValue: (v, b) => {
          v.raw(b);
        },
        leafExtra: (v) => v.extra,
        combine: (l, r) => inMsgDescrSpec.combine(l, r),
        storeExtra: (e, b) => {
          inMsgDescrSpec.storeExtra(e, b);
        },
        empty: inMsgDescrSpec.empty,
      };
      const entries = leaves.map(({ key, s: leaf }) => {
        const realExtra = { feesCollected: leaf.loadCoins(), valueImported: grams(leaf) };
        const parsed = loadInMsg(leaf.clone());
        const raw = rest(leaf);
        if (parsed) {
          assert.deepEqual(importFeesOf(parsed), realExtra);
          // The library reader loses nothing: storing what it read gives back the leaf's value.
          assert.equal(
            inMsgCell(parsed).hash().toString('hex'),
            cellOf(raw).hash().toString('hex'),
          );
          checked++;
        }
        return [key, { raw, extra: realExtra }] as [
          bigint,
          { raw: (b: Builder) => void; extra: typeof realExtra },
        ];
      });
      const b = beginCell();
      AugTrie.from(256, spec, entries).storeE(b);
      assert.equal(b.endCell().hash().toString('hex'), real.hash().toString('hex'));
      assert.ok(checked > 0);
    });
  }

  void it('rebuilds a ShardDescr (shard_descr_new#a) of mainnet mc block 17734191', () => {
    const mcExtra = ref(ref(loadBlock('block-5.bin'), 3), 3);
    const leafCell = ref(ref(mcExtra, 0), 0);
    const s = leafCell.beginParse();
    assert.equal(s.loadBit(), false);
    assert.equal(s.loadUint(4), 0xa);
    const seqno = s.loadUint(32);
    const regMcSeqno = s.loadUint(32);
    const startLt = s.loadUintBig(64);
    const endLt = s.loadUintBig(64);
    const rootHash = s.loadBuffer(32);
    const fileHash = s.loadBuffer(32);
    const [beforeSplit, beforeMerge, wantSplit, wantMerge, nxCcUpdated] = [
      s.loadBit(),
      s.loadBit(),
      s.loadBit(),
      s.loadBit(),
      s.loadBit(),
    ];
    assert.equal(s.loadUint(3), 0);
    const nextCatchainSeqno = s.loadUint(32);
    const shard = s.loadUintBig(64);
    const minRefMcSeqno = s.loadUint(32);
    const genUtime = s.loadUint(32);
    assert.equal(s.loadBit(), false);
    const fees = s.loadRef().beginParse();
    const sut = beginCell()
      .storeBit(0)
      .store(
        storeShardDescr({
          shard,
          seqno,
          regMcSeqno,
          startLt,
          endLt,
          rootHash,
          fileHash,
          beforeSplit,
          beforeMerge,
          wantSplit,
          wantMerge,
          nxCcUpdated,
          nextCatchainSeqno,
          minRefMcSeqno,
          genUtime,
          feesCollected: grams(fees),
          fundsCreated: grams(fees),
        }),
      )
      .endCell();
    assert.equal(sut.hash().toString('hex'), leafCell.hash().toString('hex'));
    assert.equal(seqno, 22738548);
  });
});

void describe('TL-B builders against mainnet blocks (descriptors, signatures, fees, validators)', () => {
  for (const name of BLOCKS) {
    void it(`recomputes the OutMsgDescr extras of ${name}`, () => {
      const real = ref(ref(loadBlock(name), 3), 1);
      if (!real.beginParse().loadBit()) {
        return;
      }
      let checked = 0;
      for (const { s: leaf } of augLeaves(ref(real, 0), 256)) {
        const extra = grams(leaf);
        const parsed = loadOutMsg(leaf.clone());
        if (parsed) {
          assert.equal(exportedValueOf(parsed), extra);
          const stored = beginCell();
          storeOutMsg(parsed, stored);
          // The library reader loses nothing: storing what it read gives back the leaf's value.
          assert.equal(
            stored.endCell().hash().toString('hex'),
            cellOf(rest(leaf)).hash().toString('hex'),
          );
          checked++;
        }
      }
      assert.ok(checked > 0);
      assert.equal(outMsgDescrSpec.empty, 0n);
    });
  }

  void it('rebuilds the shard_fees (HashmapAugE 96 ShardFeeCreated) of mainnet mc block 17734191', () => {
    const mcExtra = ref(ref(loadBlock('block-5.bin'), 3), 3);
    const s = mcExtra.beginParse();
    assert.equal(s.loadUint(16), 0xcca5);
    s.loadBit();
    s.loadMaybeRef(); // shard_hashes
    // shard_fees: HashmapAugE 96 ShardFeeCreated ShardFeeCreated
    const hasFees = s.loadBit();
    const feesRoot = hasFees ? s.loadRef() : undefined;
    const entries = feesRoot
      ? augLeaves(feesRoot, 96).map(
          ({ key, s: leaf }): [bigint, { fees: bigint; create: bigint }] => {
            grams(leaf);
            grams(leaf);
            return [key, { fees: grams(leaf), create: grams(leaf) }];
          },
        )
      : [];
    const fees = beginCell();
    buildShardFees(entries).storeE(fees);
    // The roots must match: labels, leaves and the fork extras recomputed from the leaves.
    assert.equal(fees.endCell().refs[0]?.hash().toString('hex'), feesRoot?.hash().toString('hex'));
    assert.ok(entries.length > 0);
    // This block carries no prev_blk_signatures (its misc cell holds only recover_create_msg).
    const misc = s.loadRef().beginParse();
    assert.equal(misc.loadBit(), false);
    assert.equal(misc.loadBit(), true);
  });

  void it('rebuilds mainnet ConfigParam 34 (validators_ext#12) with the same hash', () => {
    const [root] = Cell.fromBoc(readFixture('mainnet', 'config', 'blockchain_config_mainnet.boc'));
    assert.ok(root);
    const config = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), root);
    const p34 = config.get(34);
    assert.ok(p34);
    const s = p34.beginParse();
    assert.equal(s.loadUint(8), 0x12);
    const since = s.loadUint(32);
    const until = s.loadUint(32);
    const total = s.loadUint(16);
    const main = s.loadUint(16);
    s.loadUintBig(64);
    const listRoot = s.loadMaybeRef();
    assert.ok(listRoot);
    const validators = augLeaves(listRoot, 16).map(({ s: v }): ValidatorDescr => {
      assert.equal(v.loadUint(8), 0x73);
      assert.equal(v.loadUint(32), 0x8e81278a);
      return { publicKey: v.loadBuffer(32), weight: v.loadUintBig(64), adnlAddr: v.loadBuffer(32) };
    });
    assert.equal(validators.length, total);
    assert.equal(total, 397);
    const sut = validatorSetCell(validators, since, until, main);
    assert.equal(sut.hash().toString('hex'), p34.hash().toString('hex'));
  });
});

void describe('block signatures', () => {
  void it('node id short and signed bytes follow the TL layouts', () => {
    const pub = Buffer.alloc(32, 1);
    assert.equal(
      nodeIdShort(pub).toString('hex'),
      createHashHex(Buffer.concat([Buffer.from([0xc6, 0xb4, 0x13, 0x48]), pub])),
    );
    const msg = blockSignatureMessage(Buffer.alloc(32, 2), Buffer.alloc(32, 3));
    assert.equal(msg.length, 68);
    assert.equal(msg.subarray(0, 4).toString('hex'), '706e0bc5');
  });
});

function cellOf(write: (b: Builder) => void): Cell {
  const b = beginCell();
  write(b);
  return b.endCell();
}

function createHashHex(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}
