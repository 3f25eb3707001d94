/** Validator sets (ConfigParam 34 of mainnet, rebuilt by hash) and the TL layouts of block signatures. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { Cell, Dictionary } from '@ton/core';
import { readFixture } from '@app/testing';
import {
  blockSignatureMessage,
  nodeIdShort,
  type ValidatorDescr,
  validatorSetCell,
} from './validator-set';
import { augLeaves } from './mainnet-block.test-util';

void describe('validator set builder against mainnet config', () => {
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

function createHashHex(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}
