import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3AccountStatesRes, V3BlocksRes, V3TransactionsRes } from '@app/contracts';
import { BOOLEAN_SPELLINGS } from '../support/v3-parity.table';
import { HASH_HEX, type ParityFixture, record, refused } from './parity-requests';

/** How values read: booleans, limit and offset, sort, the message and code-hash filters, hash forms. */
export function valueReadingCases(fixture: () => ParityFixture): void {
  void it('booleans: every spelling toncenter decodes, a conversion error otherwise', async () => {
    const { h, wallet } = fixture();
    const boc = async (spelling: string): Promise<boolean> => {
      const reply = await h.get('v3/accountStates', { address: wallet, include_boc: spelling });
      const [state] = V3AccountStatesRes.parse(reply.body).accounts;
      assert.ok(state);
      return state.code_boc !== undefined && state.code_boc !== null;
    };
    for (const spelling of BOOLEAN_SPELLINGS.true) {
      assert.equal(await boc(spelling), true, spelling);
    }
    for (const spelling of BOOLEAN_SPELLINGS.false) {
      assert.equal(await boc(spelling), false, spelling);
    }
    for (const spelling of BOOLEAN_SPELLINGS.refused) {
      refused(
        await h.get('v3/accountStates', { address: wallet, include_boc: spelling }),
        'failed to decode: schema: error converting value for "include_boc"',
      );
    }
  });

  void it('limit below 1 reads as 1 and a negative offset as 0; the default limit is 100', async () => {
    const { h } = fixture();
    const page = async (params: Record<string, string>): Promise<string[]> =>
      V3TransactionsRes.parse((await h.get('v3/transactions', params)).body).transactions.map(
        (t) => t.hash,
      );
    const all = await page({ limit: '1000' });
    assert.deepEqual(await page({ limit: '0' }), all.slice(0, 1));
    assert.deepEqual(await page({ limit: '-7' }), all.slice(0, 1));
    assert.deepEqual(await page({ limit: '3', offset: '-5' }), all.slice(0, 3));
    assert.deepEqual(await page({}), all.slice(0, 100));
  });

  void it('masterchainBlockShards: sort orders the blocks by gen_utime, as toncenter', async () => {
    const { h } = fixture();
    const blocks = async (params: Record<string, string>) =>
      V3BlocksRes.parse((await h.get('v3/masterchainBlockShards', params)).body).blocks;
    const seqno = String(h.head);
    const asc = await blocks({ seqno, sort: 'asc' });
    const desc = await blocks({ seqno, sort: 'desc' });
    const fixed = await blocks({ seqno });
    assert.ok(asc.length > 0);
    const times = (list: typeof asc) => list.map((b) => Number(b.gen_utime));
    assert.deepEqual(
      times(asc),
      [...times(asc)].sort((a, b) => a - b),
    );
    assert.deepEqual(
      times(desc),
      [...times(desc)].sort((a, b) => b - a),
    );
    assert.deepEqual(
      new Set(asc.map((b) => `${String(b.workchain)}:${b.shard}:${String(b.seqno)}`)),
      new Set(fixed.map((b) => `${String(b.workchain)}:${b.shard}:${String(b.seqno)}`)),
    );
    refused(
      await h.get('v3/masterchainBlockShards', { seqno, sort: 'up' }),
      'wrong value for sort parameter',
    );
  });

  void it('transactionsByMessage: source, destination and the externals switches filter the message', async () => {
    const { h, wallet } = fixture();
    const [root] = await h.ds.query<{ msg_hash: string; destination: string }[]>(
      `SELECT M.msg_hash, M.destination FROM messages M
       WHERE M.direction = 'in' AND M.source IS NULL AND M.destination = $1 LIMIT 1`,
      [wallet],
    );
    assert.ok(root, 'an external message to the wallet');
    const hashes = async (params: Record<string, string>): Promise<number> =>
      V3TransactionsRes.parse(
        (await h.get('v3/transactionsByMessage', { msg_hash: root.msg_hash, ...params })).body,
      ).transactions.length;
    assert.equal(await hashes({}), 1);
    assert.equal(await hashes({ source: 'null' }), 1);
    assert.equal(await hashes({ source: wallet }), 0);
    assert.equal(await hashes({ destination: wallet }), 1);
    assert.equal(await hashes({ destination: h.wallets[1] ?? '' }), 0);
    assert.equal(await hashes({ only_externals: 'true' }), 1);
    assert.equal(await hashes({ exclude_externals: 'true' }), 0);
    assert.equal(await hashes({ exclude_externals: 'false' }), 1);
  });

  void it('walletStates: code_hash filters, as in accountStates', async () => {
    const { h, wallet } = fixture();
    const [state] = await h.ds.query<{ code_hash: string }[]>(
      'SELECT code_hash FROM latest_account_states WHERE account = $1',
      [wallet],
    );
    assert.ok(state);
    const count = async (codeHash: string): Promise<number> => {
      const reply = await h.get('v3/walletStates', { address: wallet, code_hash: codeHash });
      assert.equal(reply.status, 200);
      return (record(reply.body).wallets as unknown[]).length;
    };
    assert.equal(await count(state.code_hash), 1);
    assert.equal(await count(HASH_HEX), 0);
  });

  void it("hashes in toncenter's forms only: 64 hex, 0x + 64 hex, 44 base64 or base64url", async () => {
    const { h } = fixture();
    const bytes = Buffer.from(HASH_HEX, 'hex');
    for (const form of [
      HASH_HEX,
      `0x${HASH_HEX}`,
      bytes.toString('base64'),
      `${bytes.toString('base64url')}=`,
    ]) {
      assert.equal((await h.get('v3/transactions', { hash: form })).status, 200, form);
    }
    for (const form of [`0X${HASH_HEX}`, bytes.toString('base64url'), `${HASH_HEX}ab`]) {
      refused(
        await h.get('v3/transactions', { hash: form }),
        'failed to decode: schema: error converting value for index 0 of "hash"',
      );
    }
  });
}
