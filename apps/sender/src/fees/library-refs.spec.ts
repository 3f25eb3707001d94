import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFixtureJson } from '@app/testing';
import { beginCell, Cell, Dictionary, type DictionaryValue, loadShardAccount } from '@ton/core';
import { z } from 'zod';
import { libraryRefsOf } from './library-refs';

const FatBlock = z.object({
  // One BoC: the masterchain's `libraries:(HashmapE 256 LibDescr)`, keyed by library hash.
  config: z.object({ libraries_boc_base64: z.tuple([z.string()]) }),
  previous_accounts: z.array(z.object({ shard_account_boc_base64: z.string() })),
});

describe('libraryRefsOf', () => {
  it('finds a nested library reference once, and nothing in ordinary cells', () => {
    const hash = Buffer.alloc(32, 0xab);
    const ref = beginCell().storeUint(2, 8).storeBuffer(hash).endCell({ exotic: true });
    const code = beginCell()
      .storeUint(1, 8)
      .storeRef(beginCell().storeRef(ref).endCell())
      .storeRef(ref)
      .endCell();
    assert.deepEqual(libraryRefsOf([code, undefined, code]), [hash]);
    assert.deepEqual(libraryRefsOf([beginCell().storeBuffer(hash).endCell()]), []);
  });

  it('finds the libraries mainnet accounts run, all present in the masterchain libraries', () => {
    const fixture = FatBlock.parse(
      readFixtureJson('mainnet', 'replay', 'tvm_replay_fat_block_66519406.json'),
    );
    // `shared_lib_descr$00 lib:^Cell publishers:(Hashmap 256 True) = LibDescr;` — the ref is the root.
    const libDescr: DictionaryValue<Cell> = {
      serialize: () => assert.fail('read only'),
      parse: (slice) => {
        assert.equal(slice.loadUint(2), 0);
        return slice.loadRef();
      },
    };
    const published = Dictionary.loadDirect(
      Dictionary.Keys.Buffer(32),
      libDescr,
      Cell.fromBase64(fixture.config.libraries_boc_base64[0]),
    );
    const codes = fixture.previous_accounts.map((a) => {
      const state = loadShardAccount(Cell.fromBase64(a.shard_account_boc_base64).beginParse())
        .account?.storage.state;
      return state?.type === 'active' ? (state.state.code ?? undefined) : undefined;
    });
    const found = libraryRefsOf(codes);
    assert.ok(found.length > 0, 'some accounts run library code');
    for (const hash of found) {
      const lib = published.get(hash);
      assert.ok(lib, hash.toString('hex'));
      assert.deepEqual(lib.hash(), hash);
    }
  });
});
