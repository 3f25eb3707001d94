import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, beginCell, Cell, contractAddress, type StateInit, toNano } from '@ton/core';
import { HIGHLOAD_CODES } from '@app/liteserver';
import { startV2Harness, type V2Harness } from './support/v2-harness';
import { fromTreasury } from '../integration/support/treasury-message';
import {
  EXTRA,
  expectedActiveAccount,
  fullAccountStateHead,
  withoutExtra,
} from './support/v2-expectations';

const PUBLIC_KEY = Buffer.alloc(32, 0x5a);

/** Highload v1 data: seqno:uint32 subwallet_id:uint32 public_key:bits256. */
function highloadV1(code: string, seqno: number, subwalletId: number): StateInit {
  return {
    code: Cell.fromBase64(code),
    data: beginCell()
      .storeUint(seqno, 32)
      .storeUint(subwalletId, 32)
      .storeBuffer(PUBLIC_KEY)
      .endCell(),
  };
}

/** Highload v2 data: subwallet_id:uint32 last_cleaned:uint64 public_key:bits256 old_queries:(HashmapE 64). */
function highloadV2(code: string, subwalletId: number): StateInit {
  return {
    code: Cell.fromBase64(code),
    data: beginCell()
      .storeUint(subwalletId, 32)
      .storeUint(0, 64)
      .storeBuffer(PUBLIC_KEY)
      .storeBit(false)
      .endCell(),
  };
}

/**
 * Highload v3 data: public_key:bits256 subwallet_id:uint32 old_queries:(HashmapE) queries:(HashmapE)
 * last_clean_time:uint64 timeout:uint22.
 */
function highloadV3(subwalletId: number): StateInit {
  return {
    code: Cell.fromBase64(HIGHLOAD_CODES.v3),
    data: beginCell()
      .storeBuffer(PUBLIC_KEY)
      .storeUint(subwalletId, 32)
      .storeBit(false)
      .storeBit(false)
      .storeUint(0, 64)
      .storeUint(3600, 22)
      .endCell(),
  };
}

function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

/**
 * Highload wallets v1, v2 and v3 deployed on a fresh localnet with their real codes and
 * read back through getWalletInformation and getExtendedAddressInformation over GET, POST and
 * JSON-RPC: the detection by code hash, the fields their data holds, and tonlib's account states.
 */
describe('v2 highload wallets', () => {
  let harness: V2Harness;
  const inits = {
    v1r2: highloadV1(HIGHLOAD_CODES.v1r2, 7, 698983191),
    v2r2: highloadV2(HIGHLOAD_CODES.v2r2, 698983191),
    // 0x10ad: the subwallet id the highload v3 wrappers use by default
    v3: highloadV3(0x10ad),
  };
  const deployed = {
    v1r2: contractAddress(0, inits.v1r2),
    v2r2: contractAddress(0, inits.v2r2),
    v3: contractAddress(0, inits.v3),
  };

  async function expectEverywhere(
    method: string,
    address: Address,
    expected: (base: Record<string, unknown>) => unknown,
  ): Promise<void> {
    const info = await expectedActiveAccount(harness.localnet, address);
    const want = { ok: true, result: expected(info) };
    const params = { address: friendly(address) };
    const get = await harness.get(method, params);
    assert.equal(get.status, 200, `${method} GET`);
    assert.match(String(get.body['@extra']), EXTRA);
    assert.deepEqual(withoutExtra(get.body), want, `${method} GET`);
    const post = await harness.post(method, params);
    assert.deepEqual(withoutExtra(post.body), want, `${method} POST`);
    const rpc = await harness.jsonRpc(method, params, 3);
    assert.deepEqual(withoutExtra(rpc.body), { ...want, jsonrpc: '2.0', id: 3 }, `${method} RPC`);
  }

  before(async () => {
    harness = await startV2Harness({ seed: 'none' });
    const { chain } = harness.localnet;
    const treasury = await chain.blockchain.treasury('highload-wallets');
    for (const init of Object.values(inits)) {
      // Deployed by an internal message carrying the state init, as a funding transfer does.
      chain.submit(fromTreasury(treasury.address, contractAddress(0, init), toNano('5'), init));
    }
    await harness.localnet.producer.sealNow();
    await chain.settle();
  });

  after(async () => {
    await harness.close();
  });

  it('getWalletInformation names each highload kind; seqno only where the data has one', async () => {
    const base = (info: Record<string, unknown>) => ({
      '@type': 'ext.accounts.walletInformation',
      wallet: true,
      balance: info.balance,
      account_state: 'active',
      last_transaction_id: info.last_transaction_id,
    });
    await expectEverywhere('getWalletInformation', deployed.v1r2, (info) => ({
      ...base(info),
      wallet_type: 'highload wallet v1 r2',
      seqno: 7,
      wallet_id: 698983191,
    }));
    await expectEverywhere('getWalletInformation', deployed.v2r2, (info) => ({
      ...base(info),
      wallet_type: 'highload wallet v2 r2',
      wallet_id: 698983191,
    }));
    await expectEverywhere('getWalletInformation', deployed.v3, (info) => ({
      ...base(info),
      wallet_type: 'highload wallet v3',
      wallet_id: 0x10ad,
    }));
  });

  it("getExtendedAddressInformation: tonlib's highload v1/v2 states; v3 is a raw state", async () => {
    const common = (address: Address, info: Record<string, unknown>) =>
      fullAccountStateHead(friendly(address), info);
    await expectEverywhere('getExtendedAddressInformation', deployed.v1r2, (info) => ({
      ...common(deployed.v1r2, info),
      account_state: {
        '@type': 'wallet.highload.v1.accountState',
        wallet_id: 698983191,
        seqno: 7,
      },
      revision: 2,
    }));
    await expectEverywhere('getExtendedAddressInformation', deployed.v2r2, (info) => ({
      ...common(deployed.v2r2, info),
      account_state: { '@type': 'wallet.highload.v2.accountState', wallet_id: 698983191 },
      revision: 2,
    }));
    await expectEverywhere('getExtendedAddressInformation', deployed.v3, (info) => ({
      ...common(deployed.v3, info),
      account_state: {
        '@type': 'raw.accountState',
        code: info.code,
        data: info.data,
        frozen_hash: '',
      },
      revision: 0,
    }));
  });
});
