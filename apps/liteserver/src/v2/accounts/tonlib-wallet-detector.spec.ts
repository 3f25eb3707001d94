import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, Cell } from '@ton/core';
import {
  WalletContractV3R1,
  WalletContractV3R2,
  WalletContractV4,
  WalletContractV5R1,
} from '@ton/ton';
import { HIGHLOAD_CODES, highloadV1Data, highloadV2Data } from './highload-wallet-codes.testing';
import { detectTonlibWallet } from './tonlib-wallet-detector';

const publicKey = Buffer.alloc(32, 9);

describe('tonlib wallet states (getExtendedAddressInformation, toncenter)', () => {
  it('renders @ton/ton v3 and v4 wallets as tonlib does, with their revision', () => {
    const v3r1 = WalletContractV3R1.create({ workchain: 0, publicKey, walletId: 7 });
    assert.deepEqual(detectTonlibWallet(v3r1.init.code, v3r1.init.data), {
      state: { '@type': 'wallet.v3.accountState', wallet_id: 7, seqno: 0 },
      revision: 1,
    });
    const v3r2 = WalletContractV3R2.create({ workchain: 0, publicKey });
    assert.deepEqual(detectTonlibWallet(v3r2.init.code, v3r2.init.data), {
      state: { '@type': 'wallet.v3.accountState', wallet_id: v3r2.walletId, seqno: 0 },
      revision: 2,
    });
    const v4 = WalletContractV4.create({ workchain: -1, publicKey });
    assert.deepEqual(detectTonlibWallet(v4.init.code, v4.init.data), {
      state: { '@type': 'wallet.v4.accountState', wallet_id: v4.walletId, seqno: 0 },
      revision: 2,
    });
  });

  it('leaves v5 and highload v3 wallets to raw.accountState (tonlib does not know them)', () => {
    const v5 = WalletContractV5R1.create({ publicKey });
    assert.equal(detectTonlibWallet(v5.init.code, v5.init.data), undefined);
    const v3Data = beginCell().storeBuffer(publicKey).storeUint(0x10ad, 32).endCell();
    assert.equal(detectTonlibWallet(Cell.fromBase64(HIGHLOAD_CODES.v3), v3Data), undefined);
  });

  it('reads highload wallet data, wallet_id as an unsigned 32-bit value', () => {
    const v1Data = highloadV1Data({ seqno: 12, walletId: 0xfffffffe, publicKey });
    for (const [code, revision] of [
      [HIGHLOAD_CODES.v1r1, 1],
      [HIGHLOAD_CODES.v1r2, 2],
    ] as const) {
      assert.deepEqual(detectTonlibWallet(Cell.fromBase64(code), v1Data), {
        state: { '@type': 'wallet.highload.v1.accountState', wallet_id: 0xfffffffe, seqno: 12 },
        revision,
      });
    }
    const v2Data = highloadV2Data({ walletId: 698983191, lastCleaned: 1_700_000_000n, publicKey });
    for (const [code, revision] of [
      [HIGHLOAD_CODES.v2r1, 1],
      [HIGHLOAD_CODES.v2r2, 2],
    ] as const) {
      assert.deepEqual(detectTonlibWallet(Cell.fromBase64(code), v2Data), {
        state: { '@type': 'wallet.highload.v2.accountState', wallet_id: 698983191 },
        revision,
      });
    }
  });

  it('falls back when the data is too short to read', () => {
    const v3r2 = WalletContractV3R2.create({ workchain: 0, publicKey });
    assert.equal(
      detectTonlibWallet(v3r2.init.code, beginCell().storeUint(1, 8).endCell()),
      undefined,
    );
  });
});
