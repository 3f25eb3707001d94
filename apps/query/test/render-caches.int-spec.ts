import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AddressBookQueryRepository,
  type DataSource,
  IndexerCursorRepository,
} from '@app/database';
import { knownJson, stringifyReply } from '@app/nats';
import { GenesisAccount } from '@app/localnet';
import { AddressBookBuilder } from '../src/address-book/address-book.builder';
import { AddressBookCache } from '../src/address-book/address-book.cache';
import { pageControllers } from '../src/render-cache/page-controllers.testing';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';

/** `ds` with the first line of every statement it is sent recorded. */
function recording(ds: DataSource): { db: DataSource; statements: string[] } {
  const statements: string[] = [];
  const db = {
    query: (sql: string, params?: unknown[]): Promise<unknown> => {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      return ds.query(sql, params);
    },
  };
  return { db: db as unknown as DataSource, statements };
}

/** The statements that read transactions, messages, account states or actions. */
const bodyReads = (statements: readonly string[]): string[] =>
  statements.filter((s) => /FROM (transactions|messages|account_states|actions)\b/.test(s));

function controllers(db: DataSource, budgetBytes: number) {
  const page = pageControllers(db, budgetBytes);
  return { ...page, cache: page.transactionCache };
}

/**
 * The rendered-transaction cache of the query service over the genesis seed ingested and decoded
 * into real PostgreSQL: a page asked again answers the same JSON without reading messages or account
 * states again; nothing is kept with a budget of 0; the budget bounds what is kept.
 */
void describe('query: rendered transactions, actions and address book kept between requests (real PostgreSQL)', () => {
  let genesis: DecodedGenesis;
  let traceId: string;
  let account: string;

  before(async () => {
    genesis = await decodedGenesis('render_cache');
    const [transfer] = await genesis.ds.query<{ trace_id: string }[]>(
      `SELECT A.trace_id FROM actions A JOIN traces E ON E.trace_id = A.trace_id
       WHERE A.type = 'jetton_transfer' AND E.state = 'complete'`,
    );
    assert.ok(transfer);
    traceId = transfer.trace_id;
    account = genesis.address(GenesisAccount.walletV4r2);
  });

  after(async () => {
    await genesis.close();
  });

  const tracesReq = (
    supported_action_types = ['jetton_transfer', 'ton_transfer', 'call_contract'],
  ) => ({
    trace_id: [traceId],
    include_actions: true,
    supported_action_types,
    limit: 10,
    offset: 0,
    sort: 'desc' as const,
  });

  void it('answers a complete trace again from memory, the same JSON, without its body reads', async () => {
    const { db, statements } = recording(genesis.ds);
    const { traces, cache, actionCache } = controllers(db, 32 << 20);
    const first = await traces.list(tracesReq());
    const firstReads = bodyReads(statements);
    assert.equal(firstReads.length, 4, firstReads.join('\n'));
    const [trace] = first.traces;
    assert.ok(trace?.transactions_order !== undefined && trace.transactions_order.length > 1);
    assert.equal(cache.size, trace.transactions_order.length);
    assert.ok(trace.actions?.some((a) => a.type === 'jetton_transfer'));
    assert.ok(actionCache.bytes > 0);
    statements.length = 0;
    const second = await traces.list(tracesReq());
    assert.deepEqual(bodyReads(statements), []);
    assert.equal(JSON.stringify(second), JSON.stringify(first));
    // And equal to what a service keeping nothing answers.
    const uncached = await controllers(genesis.ds, 0).traces.list(tracesReq());
    assert.equal(JSON.stringify(uncached), JSON.stringify(first));
    // The reply as the service sends it, with the kept texts spliced in, is the same text.
    assert.ok(trace.transactions !== undefined);
    assert.ok(Object.values(trace.transactions).every((tx) => knownJson(tx) !== undefined));
    assert.equal(stringifyReply(second), JSON.stringify(uncached));
  });

  void it("answers an account's page again reading only its transaction rows", async () => {
    const { db, statements } = recording(genesis.ds);
    const { transactions } = controllers(db, 32 << 20);
    const req = { account: [account], limit: 100, offset: 0, sort: 'desc' as const };
    const first = await transactions.list(req);
    assert.ok(first.transactions.length > 1);
    assert.equal(bodyReads(statements).length, 3);
    statements.length = 0;
    const second = await transactions.list(req);
    assert.deepEqual(
      bodyReads(statements).map((s) => s.slice(0, 40)),
      ['SELECT T.* FROM transactions T WHERE T.a'],
    );
    assert.equal(JSON.stringify(second), JSON.stringify(first));
  });

  void it('keeps nothing with a budget of 0, and no more than its budget otherwise', async () => {
    const { db, statements } = recording(genesis.ds);
    const none = controllers(db, 0);
    await none.traces.list(tracesReq());
    await none.traces.list(tracesReq());
    assert.equal(bodyReads(statements).length, 8);
    assert.equal(none.cache.size, 0);
    assert.equal(none.actionCache.bytes, 0);
    // A budget one byte short of the whole trace: it never stays whole, every request reads it.
    const whole = controllers(genesis.ds, 32 << 20);
    const [trace] = (await whole.traces.list(tracesReq())).traces;
    const budget = whole.cache.bytes - 1;
    const tight = controllers(db, budget);
    statements.length = 0;
    await tight.traces.list(tracesReq());
    await tight.traces.list(tracesReq());
    assert.equal(bodyReads(statements).filter((s) => !s.includes('FROM actions')).length, 6);
    assert.ok(tight.cache.bytes <= budget, String(tight.cache.bytes));
    assert.ok(tight.cache.size < (trace?.transactions_order?.length ?? 0));
  });

  void it("filters kept actions by each request's supported types as the SQL did", async () => {
    const { db, statements } = recording(genesis.ds);
    const { traces } = controllers(db, 32 << 20);
    const uncached = controllers(genesis.ds, 0).traces;
    // Without jetton_transfer, the transfer's own action is hidden and what it hid may show.
    const older = ['ton_transfer', 'call_contract'];
    await traces.list(tracesReq());
    statements.length = 0;
    const kept = await traces.list(tracesReq(older));
    assert.deepEqual(bodyReads(statements), []);
    const [trace] = kept.traces;
    assert.ok(trace?.actions !== undefined);
    assert.ok(!trace.actions.some((a) => a.type === 'jetton_transfer'));
    assert.equal(JSON.stringify(kept), JSON.stringify(await uncached.list(tracesReq(older))));
    assert.notEqual(JSON.stringify(kept), JSON.stringify(await uncached.list(tracesReq())));
  });

  void it('keeps address book entries until the ingestor or the decoder moves its cursor', async () => {
    const { db, statements } = recording(genesis.ds);
    const builder = new AddressBookBuilder(
      new AddressBookQueryRepository(db),
      new AddressBookCache(1 << 20),
    );
    const uncached = new AddressBookBuilder(new AddressBookQueryRepository(genesis.ds));
    const [master] = await genesis.ds.query<{ account: string; code_hash: string }[]>(
      `SELECT L.account, L.code_hash FROM latest_account_states L
       JOIN jetton_masters J ON J.address = L.account`,
    );
    assert.ok(master);
    // No address, no statement at all.
    assert.deepEqual(await builder.build([]), {});
    assert.equal(statements.length, 0);
    const first = await builder.build([account]);
    assert.match(first[account]?.user_friendly ?? '', /^UQ/);
    statements.length = 0;
    const both = await builder.build([account, master.account]);
    // Only the address not kept is read.
    assert.deepEqual(
      statements.filter((s) => s.includes('latest_account_states')).length,
      1,
      statements.join('\n'),
    );
    assert.deepEqual(both, await uncached.build([account, master.account]));
    statements.length = 0;
    assert.deepEqual(await builder.build([account]), first);
    assert.deepEqual(
      statements.map((s) => s.slice(0, 40)),
      ["SELECT string_agg(name || '=' || mc_seqn"],
    );
    // A block gives the wallet a jetton master's code (not a wallet's: bounceable), committing the
    // ingestor's cursor with it as the ingestor does.
    const cursors = new IndexerCursorRepository(genesis.ds);
    const [original] = await genesis.ds.query<{ code_hash: string }[]>(
      `SELECT code_hash FROM latest_account_states WHERE account = $1`,
      [account],
    );
    assert.ok(original);
    const commit = (codeHash: string) =>
      genesis.ds.transaction(async (m) => {
        await m.query(`UPDATE latest_account_states SET code_hash = $1 WHERE account = $2`, [
          codeHash,
          account,
        ]);
        await cursors.advance('masterchain', ((await cursors.get('masterchain')) ?? 0) + 1, m);
      });
    await commit(master.code_hash);
    try {
      const changed = await builder.build([account]);
      assert.match(changed[account]?.user_friendly ?? '', /^EQ/);
      assert.deepEqual(changed, await uncached.build([account]));
    } finally {
      await commit(original.code_hash);
    }
  });
});
