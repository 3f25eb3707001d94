import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { V3TransactionsRes } from '@app/contracts';
import { WalletTraffic } from '../../integration/support/ingest-traffic';
import { ingestLocalnet } from '../../integration/support/ingest-support';
import { HASH_HEX, type ParityFixture, refused } from './parity-requests';

/** Where this service answers differently from toncenter on purpose (docs/toncenter-differences.md). */
export function deliberateDifferenceCases(fixture: () => ParityFixture): void {
  void describe('deliberate differences (docs/toncenter-differences.md, ## v3)', () => {
    void it('a limit over 1000 is a 422 in toncenter words (toncenter: 500)', async () => {
      const { h } = fixture();
      refused(
        await h.get('v3/transactions', { limit: '1001' }),
        'limit is not allowed: 1001 > 1000',
      );
      refused(await h.get('v3/nft/items', { limit: '5000' }), 'limit is not allowed: 5000 > 1000');
    });

    void it('a bad sort is a 422 on every route that parses it (toncenter: 500 or ignored)', async () => {
      const { h } = fixture();
      refused(await h.get('v3/nft/items', { sort: 'sideways' }), 'wrong value for sort parameter');
      refused(
        await h.get('v3/topAccountsByBalance', { sort: 'x' }),
        'wrong value for sort parameter',
      );
    });

    void it('nft/items index without collection_address is a 422 (toncenter: 500)', async () => {
      const { h } = fixture();
      refused(
        await h.get('v3/nft/items', { index: '1' }),
        'index parameter is not allowed without the collection_address',
      );
    });

    void it('a missing required parameter is a 422 in toncenter words (toncenter: 401)', async () => {
      const { h, wallet } = fixture();
      refused(await h.get('v3/walletInformation', {}), 'address of account is required');
      refused(await h.get('v3/addressInformation', {}), 'address of account is required');
      refused(await h.post('v3/runGetMethod', { method: 'seqno' }), 'address is required');
      refused(await h.post('v3/runGetMethod', { address: wallet }), 'method is required');
      refused(await h.post('v3/message', {}), 'boc is required');
    });

    void it('adjacentTransactions without hash is a 422 (toncenter: 404 adjacent transactions not found)', async () => {
      const { h } = fixture();
      refused(await h.get('v3/adjacentTransactions', {}), 'hash is required');
    });

    void it('a seqno that is no int32 is a 422 (toncenter reads it as 0)', async () => {
      const { h } = fixture();
      for (const name of [
        'masterchainBlockShardState',
        'masterchainBlockShards',
        'transactionsByMasterchainBlock',
      ]) {
        refused(
          await h.get(`v3/${name}`, { seqno: 'abc' }),
          'failed to decode: schema: error converting value for "seqno"',
        );
      }
    });

    void it('a utime outside 0…2^32−1 is a 422; up to 2^32−1 answers (toncenter: any float)', async () => {
      const { h } = fixture();
      assert.equal((await h.get('v3/transactions', { start_utime: '4294967295' })).status, 200);
      assert.equal((await h.get('v3/transactions', { end_utime: '2147483648' })).status, 200);
      for (const v of ['4294967296', '-1', '1e10']) {
        refused(
          await h.get('v3/transactions', { end_utime: v }),
          'failed to decode: schema: error converting value for "end_utime"',
        );
      }
    });

    void it('a 44-character base64 hash of 33 bytes is a 422 (toncenter takes it, matching nothing)', async () => {
      const { h } = fixture();
      refused(
        await h.get('v3/transactions', { hash: 'A'.repeat(44) }),
        'failed to decode: schema: error converting value for index 0 of "hash"',
      );
    });

    void it('transactionsByMessage applies exclude_externals and only_externals (toncenter parses them only)', async () => {
      const { h } = fixture();
      const reply = await h.get('v3/transactionsByMessage', {
        msg_hash: HASH_HEX,
        only_externals: 'true',
        exclude_externals: 'true',
      });
      assert.equal(reply.status, 200);
    });

    void it('walletStates takes include_boc and does not apply it (its wallet fields need the data)', async () => {
      const { h, wallet } = fixture();
      const get = async (includeBoc: string): Promise<unknown> =>
        (await h.get('v3/walletStates', { address: wallet, include_boc: includeBoc })).body;
      assert.deepEqual(await get('false'), await get('true'));
    });

    void it('pendingTransactions with nothing pending is an empty list (toncenter: 404)', async () => {
      const { h, wallet } = fixture();
      assert.deepEqual(await h.get('v3/pendingTransactions', { account: wallet }), {
        status: 200,
        body: { transactions: [], address_book: {} },
      });
    });

    void it('a transaction whose trace is not assembled yet is confirmed, not finalized', async () => {
      const { h, wallet } = fixture();
      // New traffic, ingested and not decoded: its rows have no trace id yet.
      const traffic = await WalletTraffic.fund(h.localnet, 2, 'parity');
      await traffic.round();
      await ingestLocalnet(h.localnet, h.ds);
      const account = traffic.addresses[0] ?? '';
      const rows = await h.ds.query<{ hash: string; trace_id: string | null }[]>(
        'SELECT hash, trace_id FROM transactions WHERE account = $1',
        [account],
      );
      assert.ok(rows.length > 0 && rows.every((r) => r.trace_id === null), 'not decoded');
      const served = V3TransactionsRes.parse(
        (await h.get('v3/transactions', { account, limit: '1000' })).body,
      ).transactions;
      assert.deepEqual(
        served.map((t) => [t.hash, t.finality, t.trace_id]).sort(),
        rows.map((r) => [r.hash, 'confirmed', undefined]).sort(),
      );
      // Indexed rows with their trace stay finalized.
      const decoded = V3TransactionsRes.parse(
        (await h.get('v3/transactions', { account: wallet, limit: '5' })).body,
      ).transactions;
      assert.ok(decoded.length > 0);
      assert.ok(decoded.every((t) => t.finality === 'finalized' && t.trace_id !== undefined));
    });
  });
}
