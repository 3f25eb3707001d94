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
  WalletContractV5Beta,
  WalletContractV5R1,
} from '@ton/ton';
import { WALLET_CODES } from './wallet-codes';

const publicKey = Buffer.alloc(32, 7);

/** @ton/ton's wallet contracts, whose code cells are the ones deployed on chain. */
const TON_TON_WALLETS: readonly (readonly [string, Cell])[] = [
  ['wallet v1 r1', WalletContractV1R1.create({ workchain: 0, publicKey }).init.code],
  ['wallet v1 r2', WalletContractV1R2.create({ workchain: 0, publicKey }).init.code],
  ['wallet v1 r3', WalletContractV1R3.create({ workchain: 0, publicKey }).init.code],
  ['wallet v2 r1', WalletContractV2R1.create({ workchain: 0, publicKey }).init.code],
  ['wallet v2 r2', WalletContractV2R2.create({ workchain: 0, publicKey }).init.code],
  ['wallet v3 r1', WalletContractV3R1.create({ workchain: 0, publicKey }).init.code],
  ['wallet v3 r2', WalletContractV3R2.create({ workchain: 0, publicKey }).init.code],
  ['wallet v4 r2', WalletContractV4.create({ workchain: 0, publicKey }).init.code],
  // Deprecated in @ton/ton, but deployed wallets still run this code and toncenter recognises it.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  ['wallet v5 beta', WalletContractV5Beta.create({ publicKey }).init.code],
  ['wallet v5 r1', WalletContractV5R1.create({ publicKey }).init.code],
];

void describe('standard wallet codes (toncenter)', () => {
  void it("matches the code of every @ton/ton wallet to toncenter's wallet_type", () => {
    const byHash = new Map(WALLET_CODES.map((w) => [w.hashHex, w.walletType]));
    for (const [walletType, code] of TON_TON_WALLETS) {
      assert.equal(byHash.get(code.hash().toString('hex')), walletType);
    }
  });

  void it('lists the 11 codes once each, v4r1 (not in @ton/ton) among them', () => {
    assert.equal(new Set(WALLET_CODES.map((w) => w.hashHex)).size, 11);
    assert.deepEqual(
      WALLET_CODES.map((w) => w.walletType),
      [
        'wallet v1 r1',
        'wallet v1 r2',
        'wallet v1 r3',
        'wallet v2 r1',
        'wallet v2 r2',
        'wallet v3 r1',
        'wallet v3 r2',
        'wallet v4 r1',
        'wallet v4 r2',
        'wallet v5 beta',
        'wallet v5 r1',
      ],
    );
  });
});
