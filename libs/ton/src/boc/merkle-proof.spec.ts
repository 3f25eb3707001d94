import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { beginCell, Cell, Dictionary } from '@ton/core';
import { readFixture } from '@app/testing';
import { CellSet } from './cell-set';
import { hashmapPath, int32Key } from './dict-path';
import { buildMerkleProof, pruneTree } from './merkle-proof';
import { serializeBocMultiRoot } from './multi-root-boc';
import { prunedBranch } from './pruned-branch';

function mainnetConfig(): Cell {
  const [root] = Cell.fromBoc(readFixture('mainnet', 'config', 'blockchain_config_mainnet.boc'));
  assert.ok(root);
  return root;
}

void describe('prunedBranch', () => {
  void it('stores the level-0 hash and depth of a level-0 cell', () => {
    const leaf = beginCell().storeUint(7, 8).endCell();
    const cell = beginCell().storeUint(1, 1).storeRef(leaf).endCell();
    const sut = prunedBranch(cell);
    assert.equal(sut.isExotic, true);
    assert.equal(sut.mask.value, 1);
    assert.equal(sut.bits.length, 8 + 8 + 256 + 16);
    assert.deepEqual(sut.hash(0), cell.hash());
    assert.equal(sut.depth(0), cell.depth());
    assert.equal(sut.depth(0), 1);
  });
});

void describe('CellSet', () => {
  void it('addSubtree adds the children of a root that is already in the set', () => {
    const config = mainnetConfig();
    const sut = CellSet.of(config).addSubtree(config);
    assert.equal(sut.size, 2929);
  });
});

void describe('buildMerkleProof', () => {
  void it('keeps a config param path and its virtual hash equals the original root hash', () => {
    const config = mainnetConfig();
    const path = hashmapPath(config, int32Key(34), 32);
    assert.ok(path.value);
    const p34 = path.value.loadRef();
    const keep = new CellSet().addAll(path.cells).addSubtree(p34);
    const sut = buildMerkleProof(config, keep);
    assert.equal(sut.isExotic, true);
    const inner = sut.refs[0];
    assert.ok(inner);
    assert.deepEqual(inner.hash(0), config.hash());
    assert.equal(sut.beginParse(true).skip(8).loadBuffer(32).equals(config.hash()), true);
    // The pruned dictionary still yields p34 (parseDict skips pruned branches) and nothing else.
    const dict = Dictionary.loadDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell(), inner);
    assert.deepEqual(dict.keys(), [34]);
    assert.deepEqual(dict.get(34)?.hash(), p34.hash());
  });

  void it('prunes inside a kept MERKLE_UPDATE one level deeper, keeping the root hash', () => {
    // like a real block's state_update: both sides are trees with pruned branches (level mask 1)
    const config = mainnetConfig();
    const oldState = pruneTree(config, CellSet.of(config));
    const newState = beginCell().storeUint(5, 16).storeRef(oldState).endCell();
    assert.equal(oldState.mask.value, 1);
    const update = beginCell()
      .storeUint(4, 8)
      .storeBuffer(oldState.hash(0))
      .storeBuffer(newState.hash(0))
      .storeUint(oldState.depth(0), 16)
      .storeUint(newState.depth(0), 16)
      .storeRef(oldState)
      .storeRef(newState)
      .endCell({ exotic: true });
    const info = beginCell().storeUint(0x9bc7a987, 32).endCell();
    const block = beginCell().storeUint(0x11ef55aa, 32).storeRef(info).storeRef(update).endCell();
    const sut = buildMerkleProof(block, CellSet.of(block, info, update));
    const proofBlock = sut.refs[0]!;
    assert.deepEqual(proofBlock.hash(0), block.hash());
    const proofUpdate = proofBlock.refs[1]!;
    // pruned at Merkle depth 1 on top of level 1: mask 3, as the C++ liteserver's header proofs have
    assert.equal(proofUpdate.refs[0]!.mask.value, 3);
    assert.equal(proofUpdate.refs[0]!.bits.length, 560);
    // @ton/core reads the proof back
    assert.deepEqual(Cell.fromBoc(serializeBocMultiRoot([sut]))[0]!.hash(), sut.hash());
    // the update still names both state hashes, readable by a verifier
    assert.deepEqual(
      proofUpdate
        .beginParse(true)
        .skip(8 + 256)
        .loadBuffer(32),
      newState.hash(0),
    );
  });

  void it('re-proves a proof that already holds pruned branches (level-1 cells)', () => {
    const json = JSON.parse(
      readFixture('mainnet', 'replay', 'tvm_replay_fat_block_66519406.json').toString('utf8'),
    ) as { previous_state_proofs: { proof_boc_base64: string; root_hash: string }[] };
    const entry = json.previous_state_proofs[0];
    assert.ok(entry);
    const [proof] = Cell.fromBoc(Buffer.from(entry.proof_boc_base64, 'base64'));
    const state = proof?.refs[0];
    assert.ok(state);
    assert.equal(state.hash(0).toString('hex'), entry.root_hash);
    const sut = buildMerkleProof(state, CellSet.of(state));
    const inner = sut.refs[0];
    assert.ok(inner);
    assert.equal(inner.hash(0).toString('hex'), entry.root_hash);
    assert.equal(
      inner.refs.every((r) => r.isExotic),
      true,
    );
  });
});

void describe('serializeBocMultiRoot', () => {
  void it('writes a bag @ton/core reads back with every root and hash', () => {
    const config = mainnetConfig();
    const shared = beginCell().storeUint(0xabcdef, 24).endCell();
    const a = beginCell().storeUint(1, 3).storeRef(shared).endCell();
    const b = beginCell().storeUint(2, 5).storeRef(shared).storeRef(a).endCell();
    const proof = buildMerkleProof(config, CellSet.of(config));
    const roots = [b, a, proof, config];
    const boc = serializeBocMultiRoot(roots);
    const sut = Cell.fromBoc(boc);
    assert.equal(sut.length, 4);
    sut.forEach((c, i) => {
      assert.deepEqual(c.hash(), roots[i]?.hash());
    });
    // shared cells are stored once: config (2,929 cells) + a, b, shared + proof root, its copy of the
    // config root and that root's two pruned children
    assert.equal(boc.readUInt16BE(6), 2929 + 3 + 4);
  });

  void it('equals @ton/core toBoc (no index, no crc) for a single root', () => {
    const config = mainnetConfig();
    assert.deepEqual(serializeBocMultiRoot([config]), config.toBoc({ idx: false, crc32: false }));
  });
});
