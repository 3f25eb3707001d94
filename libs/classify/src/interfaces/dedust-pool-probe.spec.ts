import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell, type TupleItem, TupleReader } from '@ton/core';
import { type GetMethodAnswer, type GetMethodRunner } from './get-method.runner';
import { DEDUST_MAINNET, type DedustPools, probeDedustPool } from './dedust-pool-probe';

const raw = (a: Address): string => a.toRawString().toUpperCase();
const POOL = new Address(0, Buffer.alloc(32, 0x11));
const OTHER = new Address(0, Buffer.alloc(32, 0x22));
const FACTORY = new Address(0, Buffer.alloc(32, 0xfa));
const JETTON = new Address(0, Buffer.alloc(32, 0x33));
const POOL_CODE = Buffer.alloc(32, 0x44).toString('base64');
const POOLS: DedustPools = { codeHashes: new Set([POOL_CODE]), factory: raw(FACTORY) };

const int = (value: bigint): TupleItem => ({ type: 'int', value });
const slice = (cell: Cell): TupleItem => ({ type: 'slice', cell });
const TON = beginCell().storeUint(0, 4).endCell();
const jetton = (a: Address): Cell =>
  beginCell().storeUint(1, 4).storeInt(a.workChain, 8).storeBuffer(a.hash).endCell();
const addressSlice = (a: Address): TupleItem => slice(beginCell().storeAddress(a).endCell());
/** Stack entries as comparable text (cells by their hash). */
const shown = (items: readonly TupleItem[] | undefined): string[] =>
  (items ?? []).map((i) =>
    i.type === 'int'
      ? `int ${i.value}`
      : i.type === 'slice'
        ? `slice ${i.cell.hash().toString('hex')}`
        : i.type,
  );

interface Call {
  readonly address: string;
  readonly method: string;
  readonly args: TupleItem[];
}

/** Get-methods answered from a table per account; a missing method fails as TVM does (exit 11). */
class PoolMethods implements GetMethodRunner {
  readonly calls: Call[] = [];

  constructor(readonly answers: Record<string, Record<string, TupleItem[]>>) {}

  run(address: string, method: string, args: TupleItem[]): Promise<GetMethodAnswer> {
    this.calls.push({ address, method, args });
    const answer = this.answers[address]?.[method];
    return Promise.resolve(
      answer === undefined
        ? { exitCode: 11, stack: null }
        : { exitCode: 0, stack: new TupleReader(answer) },
    );
  }
}

/** A TON/jetton volatile pool whose factory derives `derived` for its assets. */
function pool(
  assets: TupleItem[] = [slice(TON), slice(jetton(JETTON))],
  derived: Address = POOL,
): PoolMethods {
  return new PoolMethods({
    [raw(POOL)]: {
      get_assets: assets,
      is_stable: [int(0n)],
      get_reserves: [int(1_500_000_000n), int(42_000n)],
      get_trade_fee: [int(25n), int(10_000n)],
    },
    [raw(FACTORY)]: { get_pool_address: [addressSlice(derived)] },
  });
}

void describe('probeDedustPool (toncenter DedustPoolDetector)', () => {
  void it('reads the assets, reserves, curve and fee once the factory derives the pool', async () => {
    const methods = pool();
    assert.deepEqual(await probeDedustPool(methods, raw(POOL), POOL_CODE, 7, POOLS), {
      asset1: null,
      asset2: raw(JETTON),
      reserve1: 1_500_000_000n,
      reserve2: 42_000n,
      isStable: false,
      fee: 0.0025,
    });
    const factoryCall = methods.calls.at(-1);
    assert.equal(factoryCall?.address, raw(FACTORY));
    assert.equal(factoryCall.method, 'get_pool_address');
    assert.deepEqual(shown(factoryCall.args), shown([int(0n), slice(TON), slice(jetton(JETTON))]));
  });

  void it('asks the factory for a stable pool with pool type 1', async () => {
    const methods = pool();
    const own = methods.answers[raw(POOL)];
    assert.ok(own !== undefined);
    own.is_stable = [int(-1n)];
    own.get_trade_fee = [int(0n), int(10_000n)];
    const state = await probeDedustPool(methods, raw(POOL), POOL_CODE, 7, POOLS);
    assert.equal(state?.isStable, true);
    assert.equal(state.fee, 0);
    assert.deepEqual(shown(methods.calls.at(-1)?.args.slice(0, 1)), ['int 1']);
  });

  void it('reads two jetton assets, a masterchain one included', async () => {
    const master = new Address(-1, Buffer.alloc(32, 0x55));
    const methods = pool([slice(jetton(JETTON)), slice(jetton(master))]);
    const state = await probeDedustPool(methods, raw(POOL), POOL_CODE, 7, POOLS);
    assert.equal(state?.asset1, raw(JETTON));
    assert.equal(state.asset2, `-1:${'55'.repeat(32).toUpperCase()}`);
  });

  void it('is no pool when an asset is of another kind (extra currency, tag 2)', async () => {
    const extra = beginCell().storeUint(2, 4).storeUint(7, 32).endCell();
    const methods = pool([slice(TON), slice(extra)]);
    assert.equal(await probeDedustPool(methods, raw(POOL), POOL_CODE, 7, POOLS), null);
    assert.deepEqual(
      methods.calls.map((c) => c.method),
      ['get_assets'],
    );
  });

  void it('is no pool when an asset slice is too short or the stack has another shape', async () => {
    const short = beginCell().storeUint(1, 4).storeUint(0, 8).endCell();
    assert.equal(
      await probeDedustPool(pool([slice(TON), slice(short)]), raw(POOL), POOL_CODE, 7, POOLS),
      null,
    );
    assert.equal(await probeDedustPool(pool([slice(TON)]), raw(POOL), POOL_CODE, 7, POOLS), null);
    assert.equal(
      await probeDedustPool(pool([int(0n), int(1n)]), raw(POOL), POOL_CODE, 7, POOLS),
      null,
    );
  });

  void it('runs nothing for a code that is not a DeDust pool code', async () => {
    const methods = pool();
    const other = Buffer.alloc(32, 0x45).toString('base64');
    assert.equal(await probeDedustPool(methods, raw(POOL), other, 7, POOLS), null);
    assert.deepEqual(methods.calls, []);
  });

  void it('is no pool when the factory derives another address for its assets', async () => {
    const methods = pool(undefined, OTHER);
    assert.equal(await probeDedustPool(methods, raw(POOL), POOL_CODE, 7, POOLS), null);
  });

  void it('is no pool when a get-method fails', async () => {
    const methods = pool();
    delete methods.answers[raw(POOL)]?.get_reserves;
    assert.equal(await probeDedustPool(methods, raw(POOL), POOL_CODE, 7, POOLS), null);
  });

  void it("defaults to mainnet's three pool codes and its factory", () => {
    assert.deepEqual(
      [...DEDUST_MAINNET.codeHashes].map((h) => Buffer.from(h, 'base64').toString('hex')),
      [
        '1275095b6da3911292406f4f4386f9e780099b854c6dee9ee2895ddce70927c1',
        '778f0d3fe6482c50888970df5e787f40f3a4ab282170c035a5920877058c99d3',
        'c0f9d14fbc8e14f0d72cba2214165eee35836ab174130912baf9dbfa43ead562',
      ],
    );
    assert.equal(
      DEDUST_MAINNET.factory,
      '0:5F0564FB5F604783DB57031CE1CF668A88D4D4D6DA6DE4DB222B4B920D6FD800',
    );
  });
});
