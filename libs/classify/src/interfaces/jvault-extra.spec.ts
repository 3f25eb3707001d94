import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import { jvaultExtras } from './jvault-extra';

const raw = (n: number): string => `0:${n.toString(16).padStart(64, '0').toUpperCase()}`;
const WALLET = raw(1);
const POOL = raw(2);
const LOCK = raw(3);
const boc = (c: Cell): string => c.toBoc().toString('base64');
const addr = (a: string): Address => Address.parse(a);

const walletData = boc(
  beginCell()
    .storeAddress(addr(POOL))
    .storeAddress(addr(raw(9)))
    .endCell(),
);
const poolData = boc(
  beginCell()
    .storeBit(1)
    .storeUint(7, 32)
    .storeAddress(addr(raw(4)))
    .storeAddress(addr(raw(5)))
    .storeAddress(addr(LOCK))
    .endCell(),
);

void describe('jvaultExtras (toncenter derive_accounts_from_stake_wallet / _pool)', () => {
  it('reads the stake wallet, then the pool it names: their extras and the pool and lock wallet', async () => {
    const asked: string[][] = [];
    const states = new Map([
      [WALLET, walletData],
      [POOL, poolData],
    ]);
    const r = await jvaultExtras(new Set([WALLET]), (accounts) => {
      asked.push([...accounts]);
      return Promise.resolve(new Map(accounts.map((a) => [a, states.get(a) ?? null])));
    });
    assert.deepEqual(asked, [[WALLET], [POOL]]);
    assert.deepEqual(r.extras.get(WALLET), {
      account: WALLET,
      request: 'data_boc',
      data_boc: walletData,
      pool: POOL,
    });
    assert.deepEqual(r.extras.get(POOL), {
      account: POOL,
      request: 'data_boc',
      data_boc: poolData,
      lock_wallet_address: LOCK,
    });
    assert.deepEqual([...r.accounts].sort(), [POOL, LOCK].sort());
  });

  it('a wallet without data keeps its extra and names nothing; no second round', async () => {
    let rounds = 0;
    const r = await jvaultExtras(new Set([WALLET]), () => {
      rounds++;
      return Promise.resolve(new Map([[WALLET, null]]));
    });
    assert.equal(rounds, 1);
    assert.deepEqual(r.extras.get(WALLET), {
      account: WALLET,
      request: 'data_boc',
      data_boc: null,
    });
    assert.equal(r.accounts.size, 0);
  });

  it('no stake wallets: nothing is read', async () => {
    const r = await jvaultExtras(new Set(), () => Promise.reject(new Error('not to be read')));
    assert.equal(r.extras.size, 0);
  });
});
