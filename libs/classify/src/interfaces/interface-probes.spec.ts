import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell, type TupleItem, TupleReader } from '@ton/core';
import { type GetMethodAnswer, type GetMethodRunner } from './get-method.runner';
import { InterfaceProbes } from './interface-probes';

/** Get-methods answered from a table (address → method → stack); anything else fails (exit 11). */
class TableMethods implements GetMethodRunner {
  readonly calls: string[] = [];

  constructor(private readonly table: Record<string, Record<string, TupleItem[]>>) {}

  run(address: string, method: string): Promise<GetMethodAnswer> {
    this.calls.push(method);
    const stack = this.table[address]?.[method];
    return Promise.resolve(
      stack === undefined
        ? { exitCode: 11, stack: null }
        : { exitCode: 0, stack: new TupleReader(stack) },
    );
  }
}

const addr = (n: number): Address => new Address(0, Buffer.alloc(32, n));
const raw = (a: Address): string => a.toRawString().toUpperCase();
const SALE = raw(addr(1));
const slice = (cell: Cell): TupleItem => ({ type: 'slice', cell });
const addressSlice = (a: Address | null): TupleItem => slice(beginCell().storeAddress(a).endCell());
const int = (value: bigint): TupleItem => ({ type: 'int', value });

/** is_complete … royalty_amount, the part both sale get-methods share. */
const saleFields = (owner: Address | null): TupleItem[] => [
  int(0n),
  int(1_790_000_000n),
  addressSlice(addr(2)),
  addressSlice(addr(3)),
  addressSlice(owner),
  int(5_000_000_000n),
  addressSlice(addr(4)),
  int(250_000_000n),
  addressSlice(addr(5)),
  int(500_000_000n),
];

const expected = (owner: Address | null) => ({
  isComplete: false,
  createdAt: 1_790_000_000n,
  marketplace: raw(addr(2)),
  nft: raw(addr(3)),
  nftOwner: owner === null ? null : raw(owner),
  fullPrice: 5_000_000_000n,
  marketplaceFeeAddress: raw(addr(4)),
  marketplaceFee: 250_000_000n,
  royaltyAddress: raw(addr(5)),
  royaltyAmount: 500_000_000n,
});

void describe('InterfaceProbes.nftSale (getgems fixed-price sales v1-v4)', () => {
  it('v1-v3: get_sale_data with the FIXP magic and 11 entries', async () => {
    const methods = new TableMethods({
      [SALE]: { get_sale_data: [int(0x46495850n), ...saleFields(addr(6))] },
    });
    assert.deepEqual(await new InterfaceProbes(methods).nftSale(SALE, 1), expected(addr(6)));
    assert.deepEqual(methods.calls, ['get_sale_data']);
  });

  it('v4: no get_sale_data, get_fix_price_data_v4 with 13 entries (sold_at, sold_query_id, jetton prices after)', async () => {
    const methods = new TableMethods({
      [SALE]: {
        get_fix_price_data_v4: [...saleFields(null), int(0n), int(0n), { type: 'null' }],
      },
    });
    assert.deepEqual(await new InterfaceProbes(methods).nftSale(SALE, 1), expected(null));
    assert.deepEqual(methods.calls, ['get_sale_data', 'get_fix_price_data_v4']);
  });

  it('an auction (get_sale_data with magic "AUC" and 20 entries) is no sale', async () => {
    const auction = [int(0x415543n), ...Array.from({ length: 19 }, () => int(0n))];
    const methods = new TableMethods({ [SALE]: { get_sale_data: auction } });
    assert.equal(await new InterfaceProbes(methods).nftSale(SALE, 1), null);
  });

  it('a v4 answer of another depth is no sale', async () => {
    const methods = new TableMethods({
      [SALE]: { get_fix_price_data_v4: [...saleFields(null), int(0n)] },
    });
    assert.equal(await new InterfaceProbes(methods).nftSale(SALE, 1), null);
  });
});
