import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BlocksHeader, GetBlockHeaderReq, LookupBlockReq } from './ls-blocks';

const SHARD_ALL = '-9223372036854775808';
const HASH = Buffer.alloc(32, 7).toString('base64');

describe('ls-blocks contracts', () => {
  it('LookupBlockReq takes exactly one of seqno, lt, unixtime', () => {
    const base = { workchain: -1, shard: SHARD_ALL };
    assert.deepEqual(LookupBlockReq.parse({ ...base, lt: '123' }), { ...base, lt: '123' });
    assert.equal(LookupBlockReq.safeParse({ ...base, seqno: 0 }).success, true);
    for (const bad of [
      base,
      { ...base, seqno: 1, lt: '5' },
      { ...base, seqno: 1, unixtime: 5 },
      { ...base, lt: '-1' },
      { ...base, seqno: 1, extra: true },
    ]) {
      assert.equal(LookupBlockReq.safeParse(bad).success, false, JSON.stringify(bad));
    }
  });

  it('GetBlockHeaderReq keeps hashes as standard base64', () => {
    assert.equal(
      GetBlockHeaderReq.safeParse({ workchain: 0, shard: SHARD_ALL, seqno: 1, root_hash: HASH })
        .success,
      true,
    );
    assert.equal(
      GetBlockHeaderReq.safeParse({ workchain: 0, shard: SHARD_ALL, seqno: 1, root_hash: 'ab' })
        .success,
      false,
    );
  });

  it('BlocksHeader types int64 as strings and int32 as numbers', () => {
    const id = {
      '@type': 'ton.blockIdExt',
      workchain: -1,
      shard: SHARD_ALL,
      seqno: 2,
      root_hash: HASH,
      file_hash: HASH,
    };
    const header = {
      '@type': 'blocks.header',
      id,
      global_id: -239,
      version: 0,
      flags: 1,
      after_merge: false,
      after_split: false,
      before_split: false,
      want_merge: true,
      want_split: false,
      validator_list_hash_short: -559038737,
      catchain_seqno: 0,
      min_ref_mc_seqno: 1,
      is_key_block: false,
      prev_key_block_seqno: 0,
      start_lt: '1000',
      end_lt: '1004',
      gen_utime: 1_700_000_000,
      vert_seqno: 1,
      prev_blocks: [{ ...id, seqno: 1 }],
    };
    assert.deepEqual(BlocksHeader.parse(header), header);
    assert.equal(BlocksHeader.safeParse({ ...header, end_lt: 1004 }).success, false);
    assert.equal(BlocksHeader.safeParse({ ...header, gen_utime: '1700000000' }).success, false);
  });
});
