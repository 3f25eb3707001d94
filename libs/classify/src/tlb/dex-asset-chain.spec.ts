/**
 * The jetton asset of DeDust (`messages/swaps.py` and `messages/liquidity.py` `load_asset`) and of
 * swap.coffee (`messages/coffee.py` `load_coffee_asset`), ton-indexer commit eb9fbfa3: both read the
 * jetton's chain with `load_uint(8)` and build pytoniq's `Address((chain, hash))`, which keeps the
 * number as given, so a masterchain jetton (chain byte 0xff) is `255:<hash>` there, not `-1:<hash>`.
 * DeDust reads any asset kind other than 0 as a jetton.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import { loadFields, COFFEE } from '@app/ton';
import { coffeeAsset } from './coffee';
import { loadDedustAsset } from './dedust';

const HASH = Buffer.alloc(32, 0xab);
const HEX = 'AB'.repeat(32);

void describe('DEX jetton asset chain (read as uint8, as toncenter reads it)', () => {
  void it('DeDust: a masterchain jetton is 255:, a basechain one 0:, another kind still a jetton', () => {
    const master = beginCell().storeUint(1, 4).storeInt(-1, 8).storeBuffer(HASH).endCell();
    assert.deepEqual(loadDedustAsset(master.beginParse()), { isTon: false, jetton: `255:${HEX}` });
    const base = beginCell().storeUint(1, 4).storeInt(0, 8).storeBuffer(HASH).endCell();
    assert.deepEqual(loadDedustAsset(base.beginParse()), { isTon: false, jetton: `0:${HEX}` });
    const other = beginCell().storeUint(2, 4).storeInt(0, 8).storeBuffer(HASH).endCell();
    assert.deepEqual(loadDedustAsset(other.beginParse()), { isTon: false, jetton: `0:${HEX}` });
  });

  void it('swap.coffee: a masterchain jetton is 255:, read through the layout', () => {
    const asset = beginCell().storeUint(1, 2).storeInt(-1, 8).storeBuffer(HASH).endCell();
    // create_vault#c0ffee06 query_id:uint64 asset:Asset
    const body = beginCell()
      .storeUint(COFFEE.create_vault.opcode, 32)
      .storeUint(0, 64)
      .storeSlice(asset.beginParse())
      .endCell();
    assert.deepEqual(coffeeAsset(loadFields(COFFEE.create_vault, body.beginParse()).asset), {
      isTon: false,
      jetton: `255:${HEX}`,
    });
  });
});
