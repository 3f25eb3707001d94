import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Cell } from '@ton/core';
import {
  WalletContractV1R1,
  WalletContractV1R2,
  WalletContractV1R3,
  WalletContractV2R1,
  WalletContractV2R2,
  WalletContractV3R1,
  WalletContractV3R2,
  WalletContractV4,
  WalletContractV5R1,
} from '@ton/ton';
import { WALLET_CODE_HASHES, WALLET_TYPES, walletInterface } from './wallet-code-hashes';

const publicKey = Buffer.alloc(32, 1);
const hex = (h: string): string => Buffer.from(h, 'hex').toString('base64');
const codeHash = (wallet: { init: { code: Cell } }): string =>
  wallet.init.code.hash().toString('base64');

/** @ton/ton's wallet contracts, whose code cells are the ones deployed on chain. */
const CODES: readonly (readonly [string, string])[] = [
  [codeHash(WalletContractV1R1.create({ workchain: 0, publicKey })), 'wallet_v1r1'],
  [codeHash(WalletContractV1R2.create({ workchain: 0, publicKey })), 'wallet_v1r2'],
  [codeHash(WalletContractV1R3.create({ workchain: 0, publicKey })), 'wallet_v1r3'],
  [codeHash(WalletContractV2R1.create({ workchain: 0, publicKey })), 'wallet_v2r1'],
  [codeHash(WalletContractV2R2.create({ workchain: 0, publicKey })), 'wallet_v2r2'],
  [codeHash(WalletContractV3R1.create({ workchain: 0, publicKey })), 'wallet_v3r1'],
  [codeHash(WalletContractV3R2.create({ workchain: 0, publicKey })), 'wallet_v3r2'],
  [codeHash(WalletContractV4.create({ workchain: 0, publicKey })), 'wallet_v4r2'],
  [codeHash(WalletContractV5R1.create({ publicKey })), 'wallet_v5r1'],
];

void describe('wallet code hashes', () => {
  void it("names the interface of every @ton/ton wallet code as toncenter's address_book does", () => {
    assert.deepEqual(
      CODES.map(([hash]) => walletInterface(hash)),
      CODES.map(([, name]) => name),
    );
  });

  void it('knows the 11 codes of toncenter, v4r1 and v5 beta included, and no other', () => {
    assert.equal(WALLET_CODE_HASHES.size, 11);
    // v5 beta (deprecated in @ton/ton): the code hash toncenter lists.
    assert.equal(
      walletInterface(hex('f3d7ca53493deedac28b381986a849403cbac3d2c584779af081065af0ac4b93')),
      'wallet_v5_beta',
    );
    assert.equal(
      walletInterface(hex('64dd54805522c5be8a9db59cea0105ccf0d08786ca79beb8cb79e880a8d7322d')),
      'wallet_v4r1',
    );
    assert.equal(WALLET_TYPES.get(CODES[7]![0]), 'wallet v4 r2');
    assert.equal(walletInterface(Buffer.alloc(32).toString('base64')), undefined);
    assert.equal(walletInterface(null), undefined);
  });
});
