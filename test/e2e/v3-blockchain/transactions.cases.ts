import assert from 'node:assert/strict';
import { it } from 'node:test';
import { V3TransactionsRes } from '@app/contracts';
import { Address } from '@ton/core';
import { hexOf, type IndexedWallet, ok, record } from './indexed-wallet';

/** transactions: the stored rows, the address and hash forms accepted, the order and paging. */
export function transactionCases(fixture: () => IndexedWallet): void {
  void it('transactions by account: the rows the database holds, and what lite_api/v2 says', async () => {
    const { h, wallet, walletTxs, sendTx } = fixture();
    const body = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: wallet, limit: 100 })),
    );
    assert.deepEqual(
      body.transactions.map((t) => [t.hash, t.lt, t.now, t.total_fees, t.mc_block_seqno]),
      walletTxs.map((t) => [t.hash, t.lt, t.now, t.total_fees, t.mc_block_seqno]),
    );
    const latest = body.transactions[0];
    assert.ok(latest);
    const sent = body.transactions.find((t) => t.hash === sendTx.hash);
    assert.ok(sent);
    assert.equal(sent.account, wallet);
    assert.equal(sent.trace_id, sendTx.hash);
    assert.equal(sent.emulated, false);
    assert.equal(sent.finality, 'finalized');
    assert.equal(sent.description.type, 'ord');
    assert.equal(sent.description.compute_ph?.success, true);
    // An external transfer: the in-message is external-in, one out-message as the messages table
    // holds it (0.01 TON less the fees the wallet's send mode takes from it).
    assert.ok(sent.in_msg);
    assert.equal(sent.in_msg.source, null);
    assert.equal(sent.in_msg.destination, wallet);
    assert.equal(sent.in_msg.created_lt, null);
    assert.equal(sent.out_msgs.length, 1);
    const outRow = await h.ds.query<{ value: string; fwd_fee: string; msg_hash: string }[]>(
      `SELECT value::text AS value, fwd_fee::text AS fwd_fee, msg_hash FROM messages
       WHERE tx_hash = $1 AND direction = 'out'`,
      [sent.hash],
    );
    assert.deepEqual(
      [sent.out_msgs[0]?.hash, sent.out_msgs[0]?.value, sent.out_msgs[0]?.fwd_fee],
      [outRow[0]?.msg_hash, outRow[0]?.value, outRow[0]?.fwd_fee],
    );
    assert.match(sent.out_msgs[0]?.created_at ?? '', /^\d+$/);
    const bodyRow = await h.ds.query<{ body: string }[]>(
      `SELECT c.body FROM messages m JOIN message_contents c ON c.hash = m.body_hash
       WHERE m.tx_hash = $1 AND m.direction = 'in'`,
      [sent.hash],
    );
    assert.equal(sent.in_msg.message_content?.body, bodyRow[0]?.body);
    // A wallet v4 external body starts with its signature: no registry opcode, nothing decoded; the
    // plain transfer it sends has an empty body.
    assert.equal(sent.in_msg.decoded_opcode, null);
    assert.equal(sent.in_msg.message_content?.decoded, null);
    assert.deepEqual([sent.out_msgs[0]?.opcode, sent.out_msgs[0]?.decoded_opcode], [null, null]);
    assert.equal(sent.out_msgs[0]?.message_content?.decoded, null);
    const state = await h.ds.query<{ balance: string }[]>(
      `SELECT s.balance::text AS balance FROM account_states s
       JOIN transactions t ON t.account_state_hash_after = s.hash WHERE t.hash = $1`,
      [sent.hash],
    );
    assert.equal(sent.account_state_after.balance, state[0]?.balance);
    assert.match(sent.block_ref.shard, /^[0-9A-F]{16}$/);
    // The address book: a wallet code is non-bounceable (UQ…).
    const book = body.address_book[wallet];
    assert.equal(
      book?.user_friendly,
      Address.parseRaw(wallet).toString({ bounceable: false, urlSafe: true }),
    );
    // lite_api through v2 tells the same lt, hash and fee.
    const v2 = record(
      (
        await h.get('v2/getTransactions', {
          address: wallet,
          limit: 1,
        })
      ).body,
    );
    const v2tx = record((v2.result as unknown[])[0]);
    const txid = record(v2tx.transaction_id);
    assert.deepEqual([txid.lt, txid.hash, v2tx.fee], [latest.lt, latest.hash, latest.total_fees]);
  });

  void it('accepts addresses and hashes in every form, and comma-split arrays', async () => {
    const { h, wallet, walletTxs } = fixture();
    const a = Address.parseRaw(wallet);
    const tx = walletTxs[0];
    assert.ok(tx);
    const forms = [
      wallet.toLowerCase(),
      a.toString({ bounceable: true, urlSafe: true }),
      a.toString({ bounceable: false, urlSafe: false }),
    ];
    for (const account of forms) {
      const body = V3TransactionsRes.parse(
        ok(await h.get('v3/transactions', { account, limit: 1 })),
      );
      assert.equal(body.transactions[0]?.hash, tx.hash, account);
    }
    const hex = hexOf(tx.hash);
    const urlSafe = tx.hash.replace(/\+/g, '-').replace(/\//g, '_');
    for (const hash of [hex, `0x${hex.toUpperCase()}`, tx.hash, urlSafe]) {
      const body = V3TransactionsRes.parse(ok(await h.get('v3/transactions', { hash })));
      assert.deepEqual(
        body.transactions.map((t) => t.hash),
        [tx.hash],
        hash,
      );
    }
    const two = walletTxs.slice(0, 2).map((t) => t.hash);
    const split = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { hash: two.map(hexOf).join(','), sort: 'asc' })),
    );
    assert.deepEqual(new Set(split.transactions.map((t) => t.hash)), new Set(two));
  });

  void it('orders and pages: sort asc/desc, limit/offset, default limit 100', async () => {
    const { h, wallet, walletTxs } = fixture();
    const desc = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: wallet, limit: 100 })),
    ).transactions.map((t) => t.hash);
    const asc = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: wallet, limit: 100, sort: 'asc' })),
    ).transactions.map((t) => t.hash);
    assert.deepEqual(asc, [...desc].reverse());
    const paged: string[] = [];
    for (let offset = 0; offset < desc.length; offset += 2) {
      const page = V3TransactionsRes.parse(
        ok(await h.get('v3/transactions', { account: wallet, limit: 2, offset })),
      );
      paged.push(...page.transactions.map((t) => t.hash));
    }
    assert.deepEqual(paged, desc);
    const all = V3TransactionsRes.parse(ok(await h.get('v3/transactions')));
    const [count] = await h.ds.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM transactions',
    );
    assert.equal(all.transactions.length, Math.min(100, count?.n ?? 0));
    const lts = all.transactions.map((t) => BigInt(t.lt));
    assert.ok(
      lts.every((lt, i) => i === 0 || lt <= (lts[i - 1] ?? 0n)),
      'lt desc',
    );
    const byBlock = V3TransactionsRes.parse(
      ok(
        await h.get('v3/transactionsByMasterchainBlock', {
          seqno: walletTxs[0]?.mc_block_seqno ?? 0,
        }),
      ),
    );
    assert.ok(byBlock.transactions.some((t) => t.hash === walletTxs[0]?.hash));
    assert.deepEqual(await h.get('v3/transactions', { mc_seqno: 999_999 }), {
      status: 404,
      body: { error: 'masterchain block 999999 not found' },
    });
  });
}
