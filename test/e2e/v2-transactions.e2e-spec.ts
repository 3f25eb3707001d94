import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Address, Cell, loadTransaction, type Transaction } from '@ton/core';
import { TonClient } from '@ton/ton';
import TonWeb from 'tonweb';
import { type StoredTransaction } from '../../apps/localnet/src/chain/chain-reader';
import { GENESIS, GenesisAccount } from '../../apps/localnet/src/seeds';
import { startV2Harness, type V2Harness } from './support/v2-harness';
import { EXTRA, blockIdJson, withoutExtra } from './support/v2-expectations';

const MC_SHARD = '-9223372036854775808';

function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true, testOnly: false });
}

function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

function list(value: unknown): Record<string, unknown>[] {
  assert.ok(Array.isArray(value), 'an array');
  return value.map(record);
}

/** The result of a successful reply. */
function ok(reply: { status: number; body: Record<string, unknown> }): unknown {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  assert.equal(reply.body.ok, true);
  assert.match(String(reply.body['@extra']), EXTRA);
  return reply.body.result;
}

/** Data bits of the root cell as bytes (zero-padded), the oracle of `message` for raw bodies. */
function rootDataBase64(cell: Cell): string {
  const bits = cell.bits;
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) {
    if (bits.at(i)) {
      out[i >> 3] = (out[i >> 3] ?? 0) | (0x80 >> (i & 7));
    }
  }
  return out.toString('base64');
}

describe('v2 transactions (getTransactions, getBlockTransactions(Ext), tryLocate*)', () => {
  let harness: V2Harness;
  let v3: Address;
  let v4: Address;
  let v5: Address;

  function account(name: string): Address {
    const found = harness.localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found.address;
  }

  /** The account's history as the chain stores it, newest first (the oracle). */
  async function history(address: Address): Promise<StoredTransaction[]> {
    const contract = await harness.localnet.chain.blockchain.getContract(address);
    const out: StoredTransaction[] = [];
    let lt = contract.lastTransactionLt;
    while (lt !== 0n) {
      const found = harness.localnet.chain.transaction(address, lt);
      assert.ok(found, `transaction ${lt}`);
      out.push(found.tx);
      lt = found.tx.prevTransLt;
    }
    return out;
  }

  function parsed(tx: StoredTransaction): Transaction {
    return loadTransaction(tx.cell.beginParse());
  }

  /** The fields every item must carry for `tx`, read independently with @ton/core. */
  function assertItem(
    item: Record<string, unknown>,
    tx: StoredTransaction,
    address: Address,
  ): void {
    const t = parsed(tx);
    assert.equal(item['@type'], 'ext.transaction');
    assert.deepEqual(item.address, {
      '@type': 'accountAddress',
      account_address: friendly(address),
    });
    assert.equal(
      item.account,
      `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`,
    );
    assert.equal(item.utime, tx.now);
    assert.deepEqual(item.transaction_id, {
      '@type': 'internal.transactionId',
      lt: tx.lt.toString(),
      hash: tx.hash.toString('base64'),
    });
    // `data` is the transaction BoC whose root hash is transaction_id.hash.
    assert.ok(Cell.fromBase64(String(item.data)).hash().equals(tx.hash));
    const outFwd = [...t.outMessages.values()].reduce(
      (sum, m) => sum + (m.info.type === 'internal' ? m.info.forwardFee : 0n),
      0n,
    );
    const storage =
      t.description.type === 'generic'
        ? (t.description.storagePhase?.storageFeesCollected ?? 0n)
        : 0n;
    assert.equal(item.fee, (t.totalFees.coins + outFwd).toString());
    assert.equal(item.storage_fee, storage.toString());
    assert.equal(item.other_fee, (t.totalFees.coins + outFwd - storage).toString());
    assert.equal('in_msg' in item, t.inMessage !== null && t.inMessage !== undefined);
    assert.equal(list(item.out_msgs).length, t.outMessages.size);
  }

  before(async () => {
    harness = await startV2Harness();
    v3 = account(GenesisAccount.walletV3r2);
    v4 = account(GenesisAccount.walletV4r2);
    v5 = account(GenesisAccount.walletV5r1);
  });

  after(async () => {
    await harness.close();
  });

  it('getTransactions answers the last 10 transactions exactly, newest first', async () => {
    const chain = await history(v4);
    assert.ok(chain.length > 3, 'the genesis traffic gives v4r2 a history');
    const items = list(ok(await harness.get('getTransactions', { address: friendly(v4) })));
    assert.equal(items.length, Math.min(10, chain.length));
    items.forEach((item, i) => {
      const tx = chain[i];
      assert.ok(tx);
      assertItem(item, tx, v4);
    });
  });

  it('renders a text comment: msg.dataText, message, flattened addresses, value', async () => {
    const items = list(
      ok(await harness.get('getTransactions', { address: v4.toRawString(), limit: 100 })),
    );
    const withComment = items.filter(
      (i) => 'in_msg' in i && record(i.in_msg).message === GENESIS.comments.v3r2ToV4r2,
    );
    assert.equal(withComment.length, 1);
    const tx = withComment[0];
    assert.ok(tx);
    const lt = BigInt(String(record(tx.transaction_id).lt));
    const stored = harness.localnet.chain.transaction(v4, lt);
    assert.ok(stored);
    const inMsg = parsed(stored.tx).inMessage;
    assert.ok(inMsg?.info.type === 'internal');
    assert.ok(inMsg.info.dest.equals(v4));
    const text = Buffer.from(GENESIS.comments.v3r2ToV4r2, 'utf8').toString('base64');
    assert.deepEqual(tx.in_msg, {
      '@type': 'ext.message',
      hash: stored.tx.cell.refs[0]?.refs[0]?.hash().toString('base64'),
      source: friendly(v3),
      destination: friendly(v4),
      value: GENESIS.tonTransfers.v3r2ToV4r2.toString(),
      extra_currencies: [],
      fwd_fee: inMsg.info.forwardFee.toString(),
      ihr_fee: '0',
      created_lt: inMsg.info.createdLt.toString(),
      body_hash: inMsg.body.hash().toString('base64'),
      msg_data: { '@type': 'msg.dataText', text },
      message: GENESIS.comments.v3r2ToV4r2,
    });
  });

  it('renders an external raw body: source "", msg.dataRaw, message = base64 of data bits + "\\n"', async () => {
    const chain = await history(v4);
    const external = chain.find((t) => parsed(t).inMessage?.info.type === 'external-in');
    assert.ok(external);
    const items = list(
      ok(
        await harness.get('getTransactions', {
          address: friendly(v4),
          lt: external.lt.toString(),
          hash: external.hash.toString('base64'),
          limit: 1,
        }),
      ),
    );
    assert.equal(items.length, 1);
    const item = items[0];
    assert.ok(item);
    assertItem(item, external, v4);
    const inMsg = record(item.in_msg);
    const body = parsed(external).inMessage?.body;
    assert.ok(body);
    assert.equal(inMsg.source, '');
    assert.equal(inMsg.value, '0');
    assert.equal(inMsg.created_lt, '0');
    assert.equal(inMsg.fwd_fee, '0');
    assert.deepEqual(inMsg.msg_data, {
      '@type': 'msg.dataRaw',
      body: body.toBoc({ idx: false, crc32: true }).toString('base64'),
      init_state: '',
    });
    assert.equal(inMsg.message, `${rootDataBase64(body)}\n`);
    // The wallet's outgoing transfers are flattened too.
    for (const out of list(item.out_msgs)) {
      assert.equal(out.source, friendly(v4));
      assert.match(String(out.destination), /^[EU]Q[A-Za-z0-9_-]{46}$/);
    }
  });

  it('pages from lt + hash (hex or base64, start included) down to to_lt, over GET, POST and JSON-RPC', async () => {
    const chain = await history(v4);
    const start = chain[1];
    const stop = chain[3];
    assert.ok(start && stop);
    const expectedLts = [chain[1], chain[2]].map((t) => t?.lt.toString());
    const lts = (result: unknown) => list(result).map((i) => String(record(i.transaction_id).lt));
    const params = {
      address: friendly(v4),
      lt: start.lt.toString(),
      hash: start.hash.toString('hex'),
      to_lt: stop.lt.toString(),
      limit: 5,
    };
    const get = ok(await harness.get('getTransactions', params));
    assert.deepEqual(lts(get), expectedLts);
    const post = await harness.post('getTransactions', {
      ...params,
      hash: start.hash.toString('base64'),
      limit: 5,
    });
    assert.deepEqual(withoutExtra(post.body), { ok: true, result: get });
    const rpc = await harness.jsonRpc(
      'getTransactions',
      { ...params, lt: Number(start.lt), hash: start.hash.toString('base64url') },
      7,
    );
    assert.equal(rpc.status, 200);
    assert.deepEqual(withoutExtra(rpc.body), { ok: true, result: get, jsonrpc: '2.0', id: 7 });
    // limit cuts the walk; the account's first transaction ends it.
    const one = ok(await harness.get('getTransactions', { ...params, to_lt: 0, limit: 1 }));
    assert.deepEqual(lts(one), [start.lt.toString()]);
    const all = ok(await harness.get('getTransactions', { address: friendly(v4), limit: 1000 }));
    assert.deepEqual(
      lts(all),
      chain.map((t) => t.lt.toString()),
    );
  });

  it('getTransactionsStd answers tonlib raw.transactions with previous_transaction_id', async () => {
    const chain = await history(v4);
    const result = record(
      ok(await harness.post('getTransactionsStd', { address: v4.toRawString(), limit: 2 })),
    );
    assert.equal(result['@type'], 'raw.transactions');
    const txs = list(result.transactions);
    assert.deepEqual(
      txs.map((t) => record(t.transaction_id).hash),
      chain.slice(0, 2).map((t) => t.hash.toString('base64')),
    );
    for (const tx of txs) {
      assert.equal(tx['@type'], 'raw.transaction');
      assert.equal('account' in tx, false);
    }
    const next = chain[2];
    assert.ok(next);
    assert.deepEqual(result.previous_transaction_id, {
      '@type': 'internal.transactionId',
      lt: next.lt.toString(),
      hash: next.hash.toString('base64'),
    });
  });

  it('answers an empty array for an account without transactions', async () => {
    const nobody = new Address(0, Buffer.alloc(32, 0x42));
    const reply = await harness.get('getTransactions', {
      address: friendly(nobody),
      archival: true,
    });
    assert.deepEqual(ok(reply), []);
  });

  it('rejects bad input with 422 and toncenter 2.1 wording', async () => {
    const address = friendly(v4);
    const cases: [Record<string, string | number>, string][] = [
      [{ address, limit: 0 }, 'failed to validate request: limit should be positive'],
      [{ address, limit: 1001 }, 'failed to validate request: limit should be less or equal 1000'],
      [{ address, limit: 'x' }, 'failed to parse get request: failed to parse limit'],
      [{ address, lt: 5 }, 'failed to validate request: lt and hash should be used together'],
      [
        { address, hash: Buffer.alloc(32).toString('hex') },
        'failed to validate request: lt and hash should be used together',
      ],
      [{ address, lt: 5, hash: 'abc' }, "invalid hash: 'abc'"],
      [{ address, lt: -1, hash: 'abc' }, 'failed to validate request: lt should be non-negative'],
      [{ address: 'nope' }, "failed to parse get request: Failed to parse ton_addr: 'nope'"],
      [{}, 'failed to validate request: empty address'],
    ];
    for (const [params, error] of cases) {
      const reply = await harness.get('getTransactions', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
    }
    const unknown = await harness.post('getTransactions', { address, foo: 1 });
    assert.equal(unknown.status, 422);
  });

  /** The basechain block with the most transactions (the oracle for block listings). */
  function busiestBlock() {
    const head = harness.localnet.chain.head();
    let best = harness.localnet.chain.shardTopsAt(head.id.seqno)[0];
    assert.ok(best);
    for (let seqno = 1; seqno <= best.id.seqno; seqno++) {
      const block = harness.localnet.chain.block(0, best.id.shard, seqno);
      if (block && block.transactions.length > best.transactions.length) {
        best = block;
      }
    }
    assert.ok(best.transactions.length >= 3, 'a block with several transactions');
    return best;
  }

  function shortIds(block: ReturnType<typeof busiestBlock>): Record<string, unknown>[] {
    return [...block.transactions]
      .sort((a, b) => Buffer.compare(a.address.hash, b.address.hash) || (a.lt < b.lt ? -1 : 1))
      .map((t) => ({
        '@type': 'blocks.shortTxId',
        mode: 135,
        account: t.address.toRawString(),
        lt: t.lt.toString(),
        hash: t.hash.toString('base64'),
      }));
  }

  it('getBlockTransactions lists a block exactly and pages with after_lt/after_hash', async () => {
    const block = busiestBlock();
    const params = { workchain: 0, shard: MC_SHARD, seqno: block.id.seqno };
    const expected = shortIds(block);
    const all = ok(await harness.get('getBlockTransactions', params));
    assert.deepEqual(all, {
      '@type': 'blocks.transactions',
      id: blockIdJson(block.id),
      req_count: 40,
      incomplete: false,
      transactions: expected,
    });
    const first = record(ok(await harness.post('getBlockTransactions', { ...params, count: 1 })));
    assert.equal(first.incomplete, true);
    assert.equal(first.req_count, 1);
    assert.deepEqual(first.transactions, expected.slice(0, 1));
    const cursor = expected[0];
    assert.ok(cursor);
    const rest = record(
      ok(
        await harness.jsonRpc('getBlockTransactions', {
          ...params,
          root_hash: block.id.rootHash.toString('base64'),
          file_hash: block.id.fileHash.toString('hex'),
          after_lt: cursor.lt,
          after_hash: String(cursor.account),
          count: 100,
        }),
      ),
    );
    assert.equal(rest.incomplete, false);
    assert.deepEqual(rest.transactions, expected.slice(1));
    // The masterchain block of the head: tick-tock-free localnet blocks still list their transactions.
    const head = harness.localnet.chain.head();
    const mc = record(
      ok(
        await harness.get('getBlockTransactions', {
          workchain: -1,
          shard: MC_SHARD,
          seqno: head.id.seqno,
        }),
      ),
    );
    assert.deepEqual(mc.id, blockIdJson(head.id));
    assert.deepEqual(mc.transactions, shortIds(head));
  });

  it('getBlockTransactions rejects bad input with 422', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ shard: MC_SHARD, seqno: 1 }, 'failed to parse get request: workchain required'],
      [
        { workchain: 0, shard: MC_SHARD, seqno: 1, count: 0 },
        'failed to validate request: count should be positive',
      ],
      [
        { workchain: 0, shard: MC_SHARD, seqno: 1, count: 10001 },
        'failed to validate request: count should be less or equal 10000',
      ],
      [
        { workchain: 0, shard: MC_SHARD, seqno: 1, after_lt: 5 },
        'failed to validate request: after_lt and after_hash should be used together',
      ],
      [
        { workchain: 0, shard: 'x', seqno: 1 },
        'failed to parse get request: failed to parse shard',
      ],
    ];
    for (const [params, error] of cases) {
      const reply = await harness.get('getBlockTransactions', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
    }
  });

  it('getBlockTransactionsExt answers full raw.transaction objects with the uppercase account', async () => {
    const block = busiestBlock();
    const result = record(
      ok(
        await harness.get('getBlockTransactionsExt', {
          workchain: 0,
          shard: MC_SHARD,
          seqno: block.id.seqno,
        }),
      ),
    );
    assert.equal(result['@type'], 'blocks.transactionsExt');
    assert.deepEqual(result.id, blockIdJson(block.id));
    assert.equal(result.incomplete, false);
    const expected = shortIds(block);
    const txs = list(result.transactions);
    assert.equal(txs.length, expected.length);
    txs.forEach((tx, i) => {
      const id = expected[i];
      assert.ok(id);
      const address = Address.parseRaw(String(id.account));
      assert.equal(tx['@type'], 'raw.transaction');
      assert.equal(tx.account, `0:${address.hash.toString('hex').toUpperCase()}`);
      assert.deepEqual(tx.address, {
        '@type': 'accountAddress',
        account_address: friendly(address),
      });
      assert.deepEqual(tx.transaction_id, {
        '@type': 'internal.transactionId',
        lt: id.lt,
        hash: id.hash,
      });
      assert.equal(Cell.fromBase64(String(tx.data)).hash().toString('base64'), id.hash);
      if ('in_msg' in tx) {
        const inMsg = record(tx.in_msg);
        assert.equal(inMsg['@type'], 'raw.message');
        assert.deepEqual(record(inMsg.destination), {
          '@type': 'accountAddress',
          account_address: friendly(address),
        });
        assert.equal('message' in inMsg, false);
      }
    });
  });

  /** The comment v5r1 → v3r2 ("thanks for the NFT"): both ends of one internal message. */
  async function thanksMessage(): Promise<{
    source: StoredTransaction;
    result: StoredTransaction;
    createdLt: bigint;
  }> {
    for (const tx of await history(v3)) {
      const inMsg = parsed(tx).inMessage;
      if (inMsg?.info.type !== 'internal') {
        continue;
      }
      const body = inMsg.body.beginParse();
      if (
        body.remainingBits > 32 &&
        body.loadUint(32) === 0 &&
        body.loadStringTail() === GENESIS.comments.v5r1ThanksV3r2
      ) {
        const createdLt = inMsg.info.createdLt;
        const source = (await history(v5)).find((s) =>
          [...parsed(s).outMessages.values()].some(
            (m) => m.info.type === 'internal' && m.info.createdLt === createdLt,
          ),
        );
        assert.ok(source);
        return { source, result: tx, createdLt };
      }
    }
    throw new Error('the genesis thanks comment is not on the chain');
  }

  it('tryLocateResultTx / tryLocateTx / tryLocateSourceTx find both ends of a message; 404 otherwise', async () => {
    const { source, result, createdLt } = await thanksMessage();
    const params = {
      source: friendly(v5),
      destination: v3.toRawString(),
      created_lt: createdLt.toString(),
    };
    for (const method of ['tryLocateResultTx', 'tryLocateTx']) {
      const found = record(ok(await harness.get(method, params)));
      assertItem(found, result, v3);
      assert.equal(record(found.in_msg).message, GENESIS.comments.v5r1ThanksV3r2);
    }
    const src = record(ok(await harness.post('tryLocateSourceTx', params)));
    assertItem(src, source, v5);
    const missing = await harness.jsonRpc('tryLocateResultTx', { ...params, created_lt: '1' });
    assert.equal(missing.status, 404);
    assert.deepEqual(withoutExtra(missing.body), {
      ok: false,
      error: 'transaction was not found',
      code: 404,
      jsonrpc: '2.0',
      id: 1,
    });
    const bad = await harness.get('tryLocateSourceTx', {
      destination: friendly(v3),
      created_lt: 1,
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.error, 'failed to validate request: empty source address');
  });

  it('@ton/ton TonClient reads histories, shard transactions and located transactions unmodified', async () => {
    const client = new TonClient({ endpoint: `${harness.baseUrl}/api/v2/jsonRPC` });
    const chain = await history(v4);
    const txs = await client.getTransactions(v4, { limit: 4 });
    assert.deepEqual(
      txs.map((t) => [t.lt, t.hash().toString('base64')]),
      chain.slice(0, 4).map((t) => [t.lt, t.hash.toString('base64')]),
    );
    // Paging: TonClient sends limit+1 from (lt, hex hash) and drops the start.
    const start = chain[1];
    assert.ok(start);
    const page = await client.getTransactions(v4, {
      limit: 2,
      lt: start.lt.toString(),
      hash: start.hash.toString('base64'),
    });
    assert.deepEqual(
      page.map((t) => t.lt),
      chain.slice(2, 4).map((t) => t.lt),
    );
    const one = await client.getTransaction(v4, start.lt.toString(), start.hash.toString('base64'));
    assert.equal(one?.lt, start.lt);
    const block = busiestBlock();
    const shardTxs = await client.getShardTransactions(0, block.id.seqno, MC_SHARD);
    assert.deepEqual(
      shardTxs.map((t) => [t.account.toRawString(), t.lt, t.hash]),
      shortIds(block).map((t) => [t.account, t.lt, t.hash]),
    );
    const { source, result, createdLt } = await thanksMessage();
    const located = await client.tryLocateResultTx(v5, v3, createdLt.toString());
    assert.equal(located.hash().toString('base64'), result.hash.toString('base64'));
    const emitted = await client.tryLocateSourceTx(v5, v3, createdLt.toString());
    assert.equal(emitted.hash().toString('base64'), source.hash.toString('base64'));
  });

  it('tonweb HttpProvider reads transactions and block transactions unmodified', async () => {
    const provider = new TonWeb.HttpProvider(`${harness.baseUrl}/api/v2/jsonRPC`);
    const chain = await history(v4);
    const txs: unknown = await provider.getTransactions(friendly(v4), 3);
    assert.deepEqual(
      list(txs).map((t) => record(t.transaction_id).hash),
      chain.slice(0, 3).map((t) => t.hash.toString('base64')),
    );
    const block = busiestBlock();
    const listed: unknown = await provider.getBlockTransactions(0, MC_SHARD, block.id.seqno);
    assert.deepEqual(record(listed).transactions, shortIds(block));
  });
});
