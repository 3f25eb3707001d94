import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type TupleItem, TupleReader } from '@ton/core';
import { type GetMethodAnswer, type GetMethodRunner, InterfaceProbes } from '@app/classify';
import { type EntityManager } from '@app/database';
import { CodeInterfaces } from './code-interfaces';
import { InterfaceDetector } from './interface-detector';

const raw = (a: Address): string => a.toRawString().toUpperCase();
const POOL = new Address(0, Buffer.alloc(32, 0x11));
const FACTORY = new Address(0, Buffer.alloc(32, 0xfa));
const JETTON = new Address(0, Buffer.alloc(32, 0x33));
const POOL_CODE = Buffer.alloc(32, 0x44).toString('base64');
const OTHER_CODE = Buffer.alloc(32, 0x45).toString('base64');
const int = (value: bigint): TupleItem => ({ type: 'int', value });
const slice = (b: ReturnType<typeof beginCell>): TupleItem => ({
  type: 'slice',
  cell: b.endCell(),
});

/** A DeDust pool and its factory answering from a table; every call is recorded. */
class PoolChain implements GetMethodRunner {
  readonly calls: string[] = [];
  private readonly answers: Record<string, Record<string, TupleItem[]>> = {
    [raw(POOL)]: {
      get_assets: [
        slice(beginCell().storeUint(0, 4)),
        slice(beginCell().storeUint(1, 4).storeInt(0, 8).storeBuffer(JETTON.hash)),
      ],
      is_stable: [int(0n)],
      get_reserves: [int(10n), int(20n)],
      get_trade_fee: [int(1n), int(4n)],
    },
    [raw(FACTORY)]: { get_pool_address: [slice(beginCell().storeAddress(POOL))] },
  };

  run(address: string, method: string): Promise<GetMethodAnswer> {
    this.calls.push(method);
    const answer = this.answers[address]?.[method];
    return Promise.resolve(
      answer === undefined
        ? { exitCode: 11, stack: null }
        : { exitCode: 0, stack: new TupleReader(answer) },
    );
  }
}

/** Codes already in contract_interfaces: detection reads no table for them. */
function cached(entries: [string, string[]][]): CodeInterfaces {
  const codes = new CodeInterfaces();
  for (const [hash, interfaces] of entries) {
    codes.set(hash, interfaces);
  }
  return codes;
}

const NO_TABLE = {} as EntityManager;

void describe('InterfaceDetector: DeDust pools', () => {
  const detector = (chain: PoolChain) =>
    new InterfaceDetector(
      new InterfaceProbes(chain, undefined, {
        codeHashes: new Set([POOL_CODE]),
        factory: raw(FACTORY),
      }),
    );

  void it('detects a pool whose code was cached without dedust_pool (before the probe existed)', async () => {
    const chain = new PoolChain();
    const touched = [{ address: raw(POOL), lastLt: 9n, codeHash: POOL_CODE, dataHash: 'D' }];
    const out = await detector(chain).detect(NO_TABLE, 5, touched, cached([[POOL_CODE, []]]));
    assert.deepEqual(out.dexPools, [
      {
        address: raw(POOL),
        lastTransactionLt: 9n,
        codeHash: POOL_CODE,
        dataHash: 'D',
        dex: 'dedust',
        asset_1: null,
        asset_2: raw(JETTON),
        reserve_1: 10n,
        reserve_2: 20n,
        poolType: 'volatile',
        fee: 0.25,
      },
    ]);
    assert.deepEqual(out.newCodes, new Map());
  });

  void it('runs no get-method for a cached code that is no DeDust pool code', async () => {
    const chain = new PoolChain();
    const touched = [{ address: raw(POOL), lastLt: 9n, codeHash: OTHER_CODE, dataHash: null }];
    const out = await detector(chain).detect(NO_TABLE, 5, touched, cached([[OTHER_CODE, []]]));
    assert.deepEqual(out.dexPools, []);
    assert.deepEqual(chain.calls, []);
  });
});
