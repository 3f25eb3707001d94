import assert from 'node:assert/strict';
import { it } from 'node:test';
import { MasterchainInfoRes, V3BlocksRes } from '@app/contracts';
import { type IndexedWallet, ok } from './indexed-wallet';

/** masterchainInfo, blocks, masterchainBlockShardState and masterchainBlockShards. */
export function blockCases(fixture: () => IndexedWallet): void {
  void it('masterchainInfo: the first and last stored masterchain blocks', async () => {
    const { h } = fixture();
    const body = MasterchainInfoRes.parse(ok(await h.get('v3/masterchainInfo')));
    const ends = await h.ds.query<{ lo: number; hi: number; root: string }[]>(
      `SELECT min(seqno) AS lo, max(seqno) AS hi,
              (SELECT root_hash FROM blocks WHERE workchain = -1 ORDER BY seqno DESC LIMIT 1) AS root
       FROM blocks WHERE workchain = -1`,
    );
    assert.deepEqual(
      [
        body.first.seqno,
        body.last.seqno,
        body.last.root_hash,
        body.last.shard,
        body.last.workchain,
      ],
      [ends[0]?.lo, h.head, ends[0]?.root, '8000000000000000', -1],
    );
    assert.deepEqual(body.last.masterchain_block_ref, {
      workchain: -1,
      shard: '8000000000000000',
      seqno: h.head,
    });
  });

  void it('blocks, masterchainBlockShardState, masterchainBlockShards', async () => {
    const { h } = fixture();
    const blocks = V3BlocksRes.parse(
      ok(await h.get('v3/blocks', { workchain: -1, seqno: h.head })),
    ).blocks;
    assert.equal(blocks.length, 1);
    const sorted = V3BlocksRes.parse(
      ok(await h.get('v3/blocks', { workchain: 0, sort: 'asc', limit: 5 })),
    ).blocks;
    assert.equal(sorted.length, 5);
    const utimes = sorted.map((b) => Number(b.gen_utime));
    assert.deepEqual(
      utimes,
      [...utimes].sort((a, b) => a - b),
    );
    const state = V3BlocksRes.parse(
      ok(await h.get('v3/masterchainBlockShardState', { seqno: h.head })),
    ).blocks;
    assert.deepEqual(
      state.map((b) => [b.workchain, b.shard]),
      [
        [-1, '8000000000000000'],
        [0, '8000000000000000'],
      ],
    );
    const shards = V3BlocksRes.parse(
      ok(await h.get('v3/masterchainBlockShards', { seqno: h.head })),
    ).blocks;
    assert.ok(shards.some((b) => b.workchain === -1 && b.seqno === h.head));
    assert.ok(shards.every((b) => b.masterchain_block_ref.seqno === h.head));
    assert.deepEqual(await h.get('v3/masterchainBlockShardState', { seqno: 999_999 }), {
      status: 404,
      body: { error: 'blocks not found' },
    });
  });
}
