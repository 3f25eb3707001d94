/**
 * A DeDust-like pool on a local network (apps/localnet's FunC pool and factory, their code hash and
 * address given to the decoder as DeDust's): ingested, detected by its get-methods at its block,
 * checked against the factory there, stored in dex_pools and read back for classification. A copy of
 * the pool code the factory does not derive is no pool.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, internal, type StateInit, toNano } from '@ton/core';
import { ClassifyInputRepository } from '@app/database';
import {
  addReservesBody,
  contractCode,
  dedustFactoryInit,
  dedustPoolInit,
  type DedustPoolTerms,
} from '@app/localnet';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import { SignedWallet } from '../../../test/integration/support/signed-wallet';

const raw = (a: Address): string => a.toRawString().toUpperCase();
const RESERVE_TON = toNano('12.5');
const RESERVE_JETTON = 777_000_000n;

void describe('decoder: a DeDust pool (real localnet, liteserver get-methods, real PostgreSQL)', () => {
  let g: DecodedGenesis;
  let pool: { init: StateInit; address: Address };
  let forged: { init: StateInit; address: Address };
  let jetton: string;
  let poolCodeHash: string;

  /** The account's last transaction lt and its final code and data hashes, as ingested. */
  const lastState = async (
    account: string,
  ): Promise<{ lt: string; code_hash: string; data_hash: string }> => {
    const rows: { lt: string; code_hash: string; data_hash: string }[] = await g.ds.query(
      `SELECT t.lt::text AS lt, s.code_hash, s.data_hash FROM transactions t
       JOIN account_states s ON s.hash = t.account_state_hash_after
       WHERE t.account = $1 ORDER BY t.lt DESC LIMIT 1`,
      [account],
    );
    assert.equal(rows.length, 1, account);
    return rows[0]!;
  };

  before(async () => {
    const factory = await dedustFactoryInit(3, 1000);
    poolCodeHash = (await contractCode('dedust-pool')).hash().toString('base64');
    g = await decodedGenesis('decoder_dedust_pool', {
      dedust: { codeHashes: new Set([poolCodeHash]), factory: raw(factory.address) },
      beforeIngest: async (_ds, localnet) => {
        const { chain } = localnet;
        const treasury = (await chain.blockchain.treasury('dedust-treasury')).address;
        const lp = SignedWallet.funded(chain, treasury, 'dedust-lp', toNano('100'));
        await chain.settle();
        const master = SignedWallet.funded(chain, treasury, 'dedust-jetton', toNano('1'));
        jetton = master.raw;
        const terms: DedustPoolTerms = {
          stable: false,
          asset1: null,
          asset2: master.address,
          feeNumerator: 3,
          feeDenominator: 1000,
        };
        pool = await dedustPoolInit(terms);
        forged = await dedustPoolInit(terms, [5n, 5n]);
        await lp.send(
          [factory, pool, forged].map(({ init, address }) =>
            internal({ to: address, value: toNano('1'), init, body: addReservesBody(0n, 0n) }),
          ),
        );
        await chain.settle();
        await lp.send([
          internal({
            to: pool.address,
            value: toNano('0.1'),
            body: addReservesBody(RESERVE_TON, RESERVE_JETTON),
          }),
        ]);
        await chain.settle();
      },
    });
  });

  after(async () => {
    await g.close();
  });

  void it('stores the pool the factory derives, as its get-methods answered after its last transaction', async () => {
    const state = await lastState(raw(pool.address));
    assert.equal(state.code_hash, poolCodeHash);
    const rows: unknown[] = await g.ds.query(
      `SELECT address, dex, asset_1, asset_2, reserve_1::text, reserve_2::text, pool_type, fee,
              last_transaction_lt::text, code_hash, data_hash FROM dex_pools`,
    );
    assert.deepEqual(rows, [
      {
        address: raw(pool.address),
        dex: 'dedust',
        asset_1: null,
        asset_2: jetton,
        reserve_1: RESERVE_TON.toString(),
        reserve_2: RESERVE_JETTON.toString(),
        pool_type: 'volatile',
        fee: 0.003,
        last_transaction_lt: state.lt,
        code_hash: state.code_hash,
        data_hash: state.data_hash,
      },
    ]);
  });

  void it('gives the classifier the pool and its assets, and no pool for the copy', async () => {
    const found = await new ClassifyInputRepository().interfaces(g.ds.manager, [
      raw(pool.address),
      raw(forged.address),
    ]);
    assert.deepEqual(found.dexPools, [
      {
        address: raw(pool.address),
        asset_1: null,
        asset_2: jetton,
        last_transaction_lt: (await lastState(raw(pool.address))).lt,
      },
    ]);
  });
});
