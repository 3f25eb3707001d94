import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  MasterchainInfoRes,
  V3BlocksRes,
  V3MessagesRes,
  V3TracesRes,
  V3ActionsRes,
  V3TransactionsRes,
} from '@app/contracts';
import { Address, beginCell, Cell } from '@ton/core';
import { startV3Harness, type JsonReply, type V3Harness } from './support/v3-harness';

function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

function ok(reply: JsonReply): Record<string, unknown> {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return record(reply.body);
}

function hexOf(b64: string): string {
  return Buffer.from(b64, 'base64').toString('hex');
}

interface TxRow {
  hash: string;
  lt: string;
  now: number;
  account: string;
  total_fees: string;
  mc_block_seqno: number;
  trace_id: string;
}

void describe('v3 API over an indexed, decoded localnet (single process, real PostgreSQL)', () => {
  let h: V3Harness;
  let wallet: string;
  let walletTxs: TxRow[];
  /** The wallet's latest outgoing transfer: a trace root with an external in-message. */
  let sendTx: TxRow;

  before(async () => {
    h = await startV3Harness();
    wallet = h.wallets[0] ?? '';
    walletTxs = await h.ds.query<TxRow[]>(
      `SELECT hash, lt::text AS lt, now, account, total_fees::text AS total_fees, mc_block_seqno, trace_id
       FROM transactions T WHERE account = $1 ORDER BY T.lt DESC`, // the bigint, not the text alias
      [wallet],
    );
    assert.ok(walletTxs.length >= 4, `${String(walletTxs.length)} wallet transactions`);
    const root = walletTxs.find((t) => t.trace_id === t.hash);
    assert.ok(root);
    sendTx = root;
  });

  after(async () => {
    await h.close();
  });

  void it('masterchainInfo: the first and last stored masterchain blocks', async () => {
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

  void it('transactions by account: the rows the database holds, and what lite_api/v2 says', async () => {
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

  void it('messages, transactionsByMessage and adjacentTransactions follow one transfer', async () => {
    const tx = V3TransactionsRes.parse(ok(await h.get('v3/transactions', { hash: sendTx.hash })))
      .transactions[0];
    const out = tx?.out_msgs[0];
    assert.ok(tx && out);
    const messages = V3MessagesRes.parse(ok(await h.get('v3/messages', { msg_hash: out.hash })));
    assert.equal(messages.messages.length, 1);
    const merged = messages.messages[0];
    assert.equal(merged?.out_msg_tx_hash, tx.hash);
    assert.ok(merged.in_msg_tx_hash !== undefined);
    const receivers = V3TransactionsRes.parse(
      ok(await h.get('v3/transactionsByMessage', { msg_hash: out.hash, direction: 'in' })),
    );
    assert.deepEqual(
      receivers.transactions.map((t) => t.hash),
      [merged.in_msg_tx_hash],
    );
    const children = V3TransactionsRes.parse(
      ok(await h.get('v3/adjacentTransactions', { hash: tx.hash, direction: 'out' })),
    );
    assert.deepEqual(
      children.transactions.map((t) => t.hash),
      [merged.in_msg_tx_hash],
    );
    const parent = V3TransactionsRes.parse(
      ok(
        await h.get('v3/adjacentTransactions', {
          hash: merged.in_msg_tx_hash ?? '',
          direction: 'in',
        }),
      ),
    );
    assert.deepEqual(
      parent.transactions.map((t) => t.hash),
      [tx.hash],
    );
    const externals = V3MessagesRes.parse(
      ok(await h.get('v3/messages', { source: 'null', destination: wallet, limit: 100 })),
    );
    assert.ok(externals.messages.length >= 2);
    assert.ok(externals.messages.every((m) => m.source === null && m.created_lt === null));
  });

  void it('traces with include_actions: the tree, the transactions map and the ton_transfer', async () => {
    const tx = sendTx;
    const body = V3TracesRes.parse(
      ok(await h.get('v3/traces', { tx_hash: tx.hash, include_actions: true })),
    );
    assert.equal(body.traces.length, 1);
    const trace = body.traces[0];
    assert.ok(trace);
    assert.equal(trace.trace_id, tx.trace_id);
    assert.equal(trace.trace_info.trace_state, 'complete');
    assert.equal(trace.trace_info.transactions, 2);
    assert.equal(trace.transactions_order?.[0], tx.trace_id);
    const receiver = trace.transactions_order[1] ?? '';
    assert.deepEqual(Object.keys(trace.transactions ?? {}).sort(), [tx.trace_id, receiver].sort());
    const sent = trace.transactions?.[tx.trace_id]?.out_msgs[0];
    assert.deepEqual(trace.trace, {
      tx_hash: tx.trace_id,
      in_msg_hash: trace.external_hash,
      children: [{ tx_hash: receiver, in_msg_hash: sent?.hash, children: [] }],
    });
    const transfer = trace.actions?.find((a) => a.type === 'ton_transfer');
    assert.ok(transfer, JSON.stringify(trace.actions));
    assert.deepEqual(transfer.details, {
      source: wallet,
      destination: sent?.destination,
      value: sent?.value,
      value_extra_currencies: {},
      comment: null,
      encrypted: false,
    });
    assert.deepEqual(transfer.transactions.sort(), [tx.trace_id, receiver].sort());
    assert.ok(body.address_book[wallet]);
    // Without include_actions there is no actions key.
    const bare = V3TracesRes.parse(ok(await h.get('v3/traces', { trace_id: tx.trace_id })));
    assert.equal(bare.traces[0]?.actions, undefined);
  });

  void it('answers the same JSON when the query module is reached over NATS (forwarded replies)', async () => {
    const mesh = await h.overNats();
    try {
      const calls: [string, Record<string, string | number | boolean>][] = [
        ['v3/transactions', { account: wallet, limit: 100 }],
        ['v3/traces', { account: wallet, include_actions: true, limit: 100 }],
        ['v3/actions', { account: wallet }],
        ['v3/messages', { destination: wallet, limit: 5 }],
        ['v3/masterchainInfo', {}],
        // An error reply is not forwarded: the same 422 body either way.
        ['v3/transactions', { account: 'nope' }],
      ];
      const statuses: number[] = [];
      for (const [path, params] of calls) {
        const [single, overNats] = await Promise.all([h.get(path, params), mesh.get(path, params)]);
        assert.deepEqual(overNats, single, `${path} ${JSON.stringify(params)}`);
        statuses.push(overNats.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 422]);
      // Not vacuous: the wallet's whole history crossed NATS.
      const txs = V3TransactionsRes.parse(
        ok(await mesh.get('v3/transactions', { account: wallet, limit: 100 })),
      );
      assert.equal(txs.transactions.length, walletTxs.length);
    } finally {
      await mesh.close();
    }
  });

  void it('actions by account and by trace', async () => {
    const body = V3ActionsRes.parse(
      ok(await h.get('v3/actions', { account: wallet, include_accounts: true, limit: 100 })),
    );
    const transfers = body.actions.filter((a) => a.type === 'ton_transfer');
    assert.ok(transfers.length >= 2, JSON.stringify(body.actions.map((a) => a.type)));
    assert.ok(transfers.every((a) => a.accounts?.includes(wallet)));
    const lts = body.actions.map((a) => BigInt(a.trace_end_lt));
    assert.ok(
      lts.every((lt, i) => i === 0 || lt <= (lts[i - 1] ?? 0n)),
      'trace_end_lt desc',
    );
    const byTrace = V3ActionsRes.parse(
      ok(
        await h.get('v3/actions', {
          trace_id: sendTx.hash,
          include_transactions: true,
        }),
      ),
    );
    assert.ok(byTrace.actions.length >= 1);
    assert.ok(byTrace.actions.every((a) => a.trace_id === sendTx.hash));
    assert.ok(
      byTrace.actions.every((a) => (a.transactions_full?.length ?? 0) === a.transactions.length),
    );
    const onlyDeploys = V3ActionsRes.parse(
      ok(await h.get('v3/actions', { account: wallet, action_type: 'contract_deploy' })),
    );
    assert.deepEqual(
      onlyDeploys.actions.map((a) => a.type),
      ['contract_deploy'],
    );
  });

  void it('bad input: 422 naming the parameter, {"error": …} only', async () => {
    const cases: [string, Record<string, string | number>, string][] = [
      ['v3/transactions', { account: 'not-an-address' }, '"account"'],
      ['v3/transactions', { hash: 'abc' }, '"hash"'],
      ['v3/transactions', { limit: 1001 }, 'limit'],
      ['v3/transactions', { limit: 'ten' }, '"limit"'],
      ['v3/transactions', { acount: wallet, strict: 'true' }, '"acount"'],
      ['v3/transactions', { sort: 'up' }, 'sort'],
      ['v3/transactions', { start_lt: '-1' }, '"start_lt"'],
      ['v3/blocks', { shard: 'xyz' }, '"shard"'],
      ['v3/messages', { direction: 'sideways' }, 'direction'],
      ['v3/messages', { opcode: '0x123456789' }, '"opcode"'],
      ['v3/traces', { account: wallet, tx_hash: walletTxs[0]?.hash ?? '' }, 'only one of'],
      ['v3/traces', { include_actions: 'maybe' }, '"include_actions"'],
      ['v3/actions', { action_type: 'ton transfer' }, 'action_type'],
      ['v3/transactionsByMessage', {}, 'msg_hash'],
      ['v3/masterchainInfo', { foo: 1, strict: 'true' }, '"foo"'],
    ];
    for (const [path, params, needle] of cases) {
      const reply = await h.get(path, params);
      assert.equal(
        reply.status,
        422,
        `${path} ${JSON.stringify(params)}: ${JSON.stringify(reply.body)}`,
      );
      const body = record(reply.body);
      assert.deepEqual(Object.keys(body), ['error']);
      assert.ok(String(body.error).includes(needle), `${String(body.error)} names ${needle}`);
    }
    assert.deepEqual(await h.get('v3/noSuchEndpoint'), {
      status: 404,
      body: { error: 'Not Found' },
    });
    // An unknown address or hash is an empty list, not an error.
    const empty = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: `0:${'AB'.repeat(32)}` })),
    );
    assert.deepEqual(empty, { transactions: [], address_book: {} });
  });

  void it("init_state.decoded: a wallet's deploying external carries its StateInit's fields", async () => {
    const all = V3TransactionsRes.parse(
      ok(await h.get('v3/transactions', { account: wallet, limit: 100, sort: 'asc' })),
    ).transactions;
    const deploy = all.find((t) => t.in_msg?.init_state !== null && t.in_msg?.source === null);
    const init = deploy?.in_msg?.init_state;
    assert.ok(init?.body, 'the first external deploys the wallet');
    const [code, data] = Cell.fromBase64(init.body).refs;
    assert.ok(code && data);
    const boc = (c: Cell): string => c.toBoc({ idx: false, crc32: true }).toString('base64');
    assert.deepEqual(init.decoded, {
      '@type': 'state_init',
      split_depth: null,
      special: null,
      code: boc(code),
      data: boc(data),
      library: null,
    });
  });

  void it('decode: opcode names and bodies through the TL-B registry, GET and POST alike', async () => {
    const boc = (c: Cell): string => c.toBoc({ idx: false, crc32: true }).toString('base64');
    const dest = `0:${'11'.repeat(32)}`;
    const comment = beginCell().storeUint(0, 32).storeStringTail('thanks').endCell();
    const transfer = beginCell()
      .storeUint(0x0f8a7ea5, 32)
      .storeUint(9, 64)
      .storeCoins(1_000_000_000n)
      .storeAddress(Address.parseRaw(dest))
      .storeAddress(Address.parseRaw(wallet))
      .storeMaybeRef(null)
      .storeCoins(1n)
      .storeMaybeRef(comment)
      .endCell();
    const excess = beginCell()
      .storeUint(0xd53276db, 32)
      .storeUint(2n ** 64n - 1n, 64)
      .endCell();
    const unknown = beginCell().storeUint(0x12345678, 32).endCell();
    const opcodes = ['0x0f8a7ea5', '178d4519', '7362D09C', '3576854235', '-1', '0xdeadbeef'];
    const bodies = [
      boc(transfer),
      transfer.toBoc().toString('hex'),
      boc(excess).replace(/\+/g, '-').replace(/\//g, '_'),
      boc(comment),
      boc(unknown),
    ];
    const expected = {
      opcodes: [
        'jetton_transfer',
        'jetton_internal_transfer',
        'jetton_notify',
        'excess',
        'bounce',
        'unknown',
      ],
      bodies: [
        {
          '@type': 'jetton_transfer',
          query_id: '9',
          amount: '1000000000',
          destination: dest,
          response_destination: wallet,
          custom_payload: null,
          forward_ton_amount: '1',
          forward_payload: { '@type': 'text_comment', text: 'thanks' },
        },
        {
          '@type': 'jetton_transfer',
          query_id: '9',
          amount: '1000000000',
          destination: dest,
          response_destination: wallet,
          custom_payload: null,
          forward_ton_amount: '1',
          forward_payload: { '@type': 'text_comment', text: 'thanks' },
        },
        { '@type': 'excess', query_id: '18446744073709551615' },
        { '@type': 'text_comment', text: 'thanks' },
        { error: 'unknown: opcode 0x12345678' },
      ],
    };
    assert.deepEqual(await h.get('v3/decode', { opcodes, bodies }), {
      status: 200,
      body: expected,
    });
    assert.deepEqual(await h.post('v3/decode', { opcodes, bodies }), {
      status: 200,
      body: expected,
    });
    assert.deepEqual(await h.post('v3/decode', {}), {
      status: 200,
      body: { opcodes: [], bodies: [] },
    });
    const bad: [JsonReply, string][] = [
      [await h.get('v3/decode', { opcodes: '0x123456789' }), 'opcodes: index 0'],
      [await h.get('v3/decode', { opcodes: ['1', 'zz'] }), 'opcodes: index 1'],
      [await h.get('v3/decode', { bodies: '!!!' }), 'bodies: index 0'],
      [await h.get('v3/decode', { bodies: 'AAAA' }), 'bodies: index 0'],
      [await h.get('v3/decode', { body: boc(excess), strict: 'true' }), '"body"'],
      [await h.post('v3/decode', { opcodes: [1] }), 'opcodes'],
      [await h.post('v3/decode', { opcodes: Array<string>(1001).fill('0') }), 'opcodes'],
      [await h.post('v3/decode', { bodies: Array<string>(1001).fill(boc(excess)) }), 'bodies'],
      [await h.post('v3/decode?strict=true', { opcodes: [], extra: 1 }), '"extra"'],
      [await h.post('v3/decode', ['0x1']), 'body'],
    ];
    for (const [reply, needle] of bad) {
      assert.equal(reply.status, 422, JSON.stringify(reply.body));
      const body = record(reply.body);
      assert.deepEqual(Object.keys(body), ['error']);
      assert.ok(String(body.error).includes(needle), `${String(body.error)} names ${needle}`);
    }
  });
});
