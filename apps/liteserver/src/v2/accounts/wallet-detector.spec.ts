import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFixtureJson } from '@app/testing';
import {
  beginCell,
  type Cell,
  Cell as CellClass,
  loadShardAccount,
  loadTransaction,
} from '@ton/core';
import {
  WalletContractV1R3,
  WalletContractV3R2,
  WalletContractV4,
  WalletContractV5R1,
} from '@ton/ton';
import { z } from 'zod';
import { HIGHLOAD_CODES, highloadV1Data, highloadV2Data } from './highload-wallet-codes.testing';
import { detectWallet } from './wallet-detector';

const publicKey = Buffer.alloc(32, 7);

/**
 * Highload v3 wallets of fixture block 66519406 (8 in its accounts) whose first transaction there is
 * a signed send: their wallet_id must be the subwallet_id they signed.
 */
const HL_V3_SENDERS = 5;

const ReplayFixture = z.object({
  block_boc_base64: z.string(),
  previous_accounts: z.array(
    z.object({ account: z.string(), shard_account_boc_base64: z.string() }),
  ),
});

/** Every ordinary cell of a block that parses as a Transaction (`transaction$0111`). */
function transactionsOf(block: Cell): ReturnType<typeof loadTransaction>[] {
  const seen = new Set<string>();
  const queue = [block];
  const found: ReturnType<typeof loadTransaction>[] = [];
  for (let cell = queue.pop(); cell; cell = queue.pop()) {
    const hash = cell.hash().toString('hex');
    if (seen.has(hash) || cell.isExotic) {
      continue;
    }
    seen.add(hash);
    queue.push(...cell.refs);
    if (cell.bits.length > 4 && cell.beginParse().preloadUint(4) === 0b0111) {
      try {
        found.push(loadTransaction(cell.beginParse()));
      } catch {
        // Not a transaction after all (some other cell starting with the same bits).
      }
    }
  }
  return found;
}

/**
 * The seqno and wallet_id a signed external message carries: v3/v4 `signature:bits512
 * subwallet_id:uint32 valid_until:uint32 seqno:uint32`; v5r1 `op:"sign" wallet_id:int32
 * valid_until:uint32 seqno:uint32 … signature` (signature last); highload v3 `signature:bits512
 * ^[subwallet_id:uint32 message:^Cell send_mode:uint8 query_id created_at timeout]` (no seqno).
 */
function signedFields(walletType: string, body: Cell): { seqno?: number; walletId: number } {
  const slice = body.beginParse();
  if (walletType === 'highload wallet v3') {
    slice.skip(512);
    return { walletId: slice.loadRef().beginParse().loadInt(32) };
  }
  if (walletType === 'wallet v5 r1') {
    assert.equal(slice.loadUint(32), 0x7369676e, 'v5r1 external op "sign"');
    const walletId = slice.loadInt(32);
    slice.skip(32);
    return { walletId, seqno: slice.loadUint(32) };
  }
  slice.skip(512);
  const walletId = slice.loadInt(32);
  slice.skip(32);
  return { walletId, seqno: slice.loadUint(32) };
}

describe('wallet detection by code hash (toncenter)', () => {
  it('reads seqno and wallet_id from the data @ton/ton deploys', () => {
    const v3 = WalletContractV3R2.create({ workchain: 0, publicKey, walletId: 42 });
    const detected = detectWallet(v3.init.code, v3.init.data);
    assert.deepEqual(detected?.fields, { seqno: 0, walletId: v3.walletId });
    const v4 = WalletContractV4.create({ workchain: 0, publicKey });
    assert.deepEqual(detectWallet(v4.init.code, v4.init.data)?.fields, {
      seqno: 0,
      walletId: v4.walletId,
    });
    const v1 = WalletContractV1R3.create({ workchain: 0, publicKey });
    assert.deepEqual(detectWallet(v1.init.code, v1.init.data)?.fields, { seqno: 0 });
    const v5 = WalletContractV5R1.create({ publicKey });
    const v5Fields = detectWallet(v5.init.code, v5.init.data)?.fields;
    assert.deepEqual(v5Fields, {
      seqno: 0,
      // The default v5r1 wallet_id on mainnet (global id -239, workchain 0, subwallet 0): 0x7fffff11.
      walletId: 0x7fffff11,
      isSignatureAllowed: true,
    });
  });

  it('recognises the highload wallets by their real code and reads what their data holds', () => {
    const v1Data = highloadV1Data({ seqno: 12, walletId: 0xfffffffe, publicKey });
    const v2Data = highloadV2Data({ walletId: 698983191, lastCleaned: 1_700_000_000n, publicKey });
    // public_key subwallet_id old_queries:(HashmapE) queries:(HashmapE) last_clean_time timeout
    const v3Data = beginCell()
      .storeBuffer(publicKey)
      .storeUint(0x10ad, 32)
      .storeBit(false)
      .storeBit(false)
      .storeUint(0, 64)
      .storeUint(3600, 22)
      .endCell();
    const cases = [
      [HIGHLOAD_CODES.v1r1, v1Data, 'highload wallet v1 r1', { seqno: 12, walletId: -2 }],
      [HIGHLOAD_CODES.v1r2, v1Data, 'highload wallet v1 r2', { seqno: 12, walletId: -2 }],
      [HIGHLOAD_CODES.v2r1, v2Data, 'highload wallet v2 r1', { walletId: 698983191 }],
      [HIGHLOAD_CODES.v2r2, v2Data, 'highload wallet v2 r2', { walletId: 698983191 }],
      [HIGHLOAD_CODES.v3, v3Data, 'highload wallet v3', { walletId: 0x10ad }],
    ] as const;
    for (const [code, data, walletType, fields] of cases) {
      const detected = detectWallet(CellClass.fromBase64(code), data);
      assert.equal(detected?.kind.walletType, walletType);
      // wallet_id signed as 2.1 reads the other kinds' (0xfffffffe → -2); no seqno for v2 and v3.
      assert.deepEqual(detected.fields, fields, walletType);
    }
    // A highload v2 code over data too short for its fields is not a wallet.
    assert.equal(
      detectWallet(
        CellClass.fromBase64(HIGHLOAD_CODES.v2r2),
        beginCell().storeUint(1, 32).endCell(),
      ),
      undefined,
    );
  });

  it('is not fooled by other code or by wallet code over short data', () => {
    const v4 = WalletContractV4.create({ workchain: 0, publicKey });
    assert.equal(detectWallet(v4.init.data, v4.init.data), undefined);
    assert.equal(detectWallet(v4.init.code, CellClass.EMPTY), undefined);
  });

  it('agrees with the seqno and wallet_id real mainnet wallets signed in their next message', () => {
    const fixture = ReplayFixture.parse(
      readFixtureJson('mainnet', 'replay', 'tvm_replay_fat_block_66519406.json'),
    );
    const block = CellClass.fromBase64(fixture.block_boc_base64);
    const firstTx = new Map<string, ReturnType<typeof loadTransaction>>();
    for (const tx of transactionsOf(block)) {
      const key = tx.address.toString(16).padStart(64, '0');
      const earlier = firstTx.get(key);
      if (!earlier || tx.lt < earlier.lt) {
        firstTx.set(key, tx);
      }
    }
    const checked = new Map<string, number>();
    for (const previous of fixture.previous_accounts) {
      const shardAccount = loadShardAccount(
        CellClass.fromBase64(previous.shard_account_boc_base64).beginParse(),
      );
      const state = shardAccount.account?.storage.state;
      if (state?.type !== 'active' || !state.state.code || !state.state.data) {
        continue;
      }
      const detected = detectWallet(state.state.code, state.state.data);
      const tx = firstTx.get(previous.account.split(':')[1] ?? '');
      const inMessage = tx?.inMessage;
      if (!detected || inMessage?.info.type !== 'external-in') {
        continue;
      }
      const signed = signedFields(detected.kind.walletType, inMessage.body);
      assert.equal(detected.fields.seqno, signed.seqno, previous.account);
      assert.equal(detected.fields.walletId, signed.walletId, previous.account);
      const type = detected.kind.walletType;
      checked.set(type, (checked.get(type) ?? 0) + 1);
    }
    // The block holds signed transfers of v4r2 (4), v5r1 (3) and highload v3 (HL_V3_SENDERS)
    // wallets; its v3 wallets only receive.
    assert.deepEqual(Object.fromEntries(checked), {
      'wallet v4 r2': 4,
      'wallet v5 r1': 3,
      'highload wallet v3': HL_V3_SENDERS,
    });
  });
});
