import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, Cell } from '@ton/core';
import {
  WalletContractV3R1,
  WalletContractV3R2,
  WalletContractV4,
  WalletContractV5R1,
} from '@ton/ton';
import { detectTonlibWallet } from './tonlib-wallet-detector';

const publicKey = Buffer.alloc(32, 9);

/**
 * The highload wallet codes tonlib ships (ton-blockchain/ton crypto/smc-envelope/SmartContractCode.cpp,
 * "highload-wallet-r1/r2", "highload-wallet-v2-r1/r2"): what tonlib compares code hashes against.
 */
const HIGHLOAD_CODES = {
  v1r1: 'te6ccgEBBgEAhgABFP8A9KQT9KDyyAsBAgEgAgMCAUgEBQC88oMI1xgg0x/TH9Mf+CMTu/Jj7UTQ0x/TH9P/0VEyuvKhUUS68qIE+QFUEFX5EPKj9ATR+AB/jhghgBD0eG+hb6EgmALTB9QwAfsAkTLiAbPmWwGkyMsfyx/L/8ntVAAE0DAAEaCZL9qJoa4WPw==',
  v1r2: 'te6ccgEBCAEAlwABFP8A9KQT9LzyyAsBAgEgAgMCAUgEBQC48oMI1xgg0x/TH9Mf+CMTu/Jj7UTQ0x/TH9P/0VEyuvKhUUS68qIE+QFUEFX5EPKj9ATR+AB/jhYhgBD0eG+lIJgC0wfUMAH7AJEy4gGz5lsBpMjLH8sfy//J7VQABNAwAgFIBgcAF7s5ztRNDTPzHXC/+AARuMl+1E0NcLH4',
  v2r1: 'te6ccgEBBwEA1gABFP8A9KQT9KDyyAsBAgEgAgMCAUgEBQHu8oMI1xgg0x/TP/gjqh9TILnyY+1E0NMf0z/T//QE0VNggED0Dm+hMfJgUXO68qIH+QFUEIf5EPKjAvQE0fgAf44YIYAQ9HhvoW+hIJgC0wfUMAH7AJEy4gGz5luDJaHIQDSAQPRDiuYxyBLLHxPLP8v/9ADJ7VQGAATQMABBoZfl2omhpj5jpn+n/mPoCaKkQQCB6BzfQmMktv8ld0fFADgggED0lm+hb6EyURCUMFMDud4gkzM2AZIyMOKz',
  v2r2: 'te6ccgEBCQEA5QABFP8A9KQT9LzyyAsBAgEgAgMCAUgEBQHq8oMI1xgg0x/TP/gjqh9TILnyY+1E0NMf0z/T//QE0VNggED0Dm+hMfJgUXO68qIH+QFUEIf5EPKjAvQE0fgAf44WIYAQ9HhvpSCYAtMH1DAB+wCRMuIBs+ZbgyWhyEA0gED0Q4rmMcgSyx8Tyz/L//QAye1UCAAE0DACASAGBwAXvZznaiaGmvmOuF/8AEG+X5dqJoaY+Y6Z/p/5j6AmipEEAgegc30JjJLb/JXdHxQANCCAQPSWb6UyURCUMFMDud4gkzM2AZIyMOKz',
} as const;

describe('tonlib wallet states (getExtendedAddressInformation, toncenter-v2.md §4.2)', () => {
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

  it('leaves v5 wallets to raw.accountState (tonlib does not know them)', () => {
    const v5 = WalletContractV5R1.create({ publicKey });
    assert.equal(detectTonlibWallet(v5.init.code, v5.init.data), undefined);
  });

  it('reads highload wallet data, wallet_id as an unsigned 32-bit value', () => {
    const v1Data = beginCell()
      .storeUint(12, 32)
      .storeUint(0xfffffffe, 32)
      .storeBuffer(publicKey)
      .endCell();
    for (const [code, revision] of [
      [HIGHLOAD_CODES.v1r1, 1],
      [HIGHLOAD_CODES.v1r2, 2],
    ] as const) {
      assert.deepEqual(detectTonlibWallet(Cell.fromBase64(code), v1Data), {
        state: { '@type': 'wallet.highload.v1.accountState', wallet_id: 0xfffffffe, seqno: 12 },
        revision,
      });
    }
    const v2Data = beginCell()
      .storeUint(698983191, 32)
      .storeUint(1_700_000_000n, 64)
      .storeBuffer(publicKey)
      .storeBit(false)
      .endCell();
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
