import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { V3AccountStatesRes, V3BlocksRes, V3TransactionsRes } from '@app/contracts';
import { beginCell } from '@ton/core';
import { V3_ENDPOINTS } from '../../apps/gateway/src/v3/v3-endpoints.registry';
import { WalletTraffic } from '../integration/ingestor/ingest-traffic';
import { ingestLocalnet } from '../integration/ingestor/ingest-support';
import { startV3Harness, type JsonReply, type V3Harness } from './support/v3-harness';
import {
  BOOLEAN_SPELLINGS,
  type ParamKind,
  PARITY_POST_BODIES,
  PARITY_ROUTES,
  type ParityRoute,
  SETTINGS_ALIASES,
} from './support/v3-parity.table';

const HASH_HEX = 'ab'.repeat(32);
const EMPTY_BOC = beginCell().endCell().toBoc({ idx: false, crc32: true }).toString('base64');

function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

function errorOf(reply: JsonReply): string {
  const body = record(reply.body);
  assert.deepEqual(Object.keys(body), ['error'], JSON.stringify(body));
  return String(body.error);
}

/** A 422 with exactly toncenter's (or this service's documented) text. */
function refused(reply: JsonReply, text: string): void {
  assert.equal(reply.status, 422, JSON.stringify(reply.body));
  assert.equal(errorOf(reply), text);
}

void describe("v3 parity with toncenter's request structs (over an indexed localnet)", () => {
  let h: V3Harness;
  let wallet: string;

  /** One GET with the X-Ignored-Params header of its answer. */
  async function raw(
    path: string,
    params: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown; ignored: string | null }> {
    const query = new URLSearchParams(Object.entries(params)).toString();
    const response = await fetch(`${h.baseUrl}/api/${path}?${query}`, { headers });
    return {
      status: response.status,
      body: await response.json(),
      ignored: response.headers.get('x-ignored-params'),
    };
  }

  function sample(kind: ParamKind, param: string): string {
    switch (kind) {
      case 'address':
      case 'addresses':
      case 'nullable_address':
        return wallet;
      case 'hash':
      case 'hashes':
        return HASH_HEX;
      case 'int32':
      case 'uint32':
      case 'uint64':
        return '1';
      case 'shard':
        return '8000000000000000';
      case 'opcode':
        return '0x0f8a7ea5';
      case 'bool':
        return 'true';
      case 'sort':
        return 'asc';
      case 'direction':
        return 'in';
      case 'transfer_direction':
        return 'both';
      case 'action_types':
        return 'ton_transfer';
      case 'index':
        return '0';
      case 'domain':
        return 'foundation.ton';
      case 'strings':
        return param === 'bodies' ? EMPTY_BOC : '0x0f8a7ea5';
    }
  }

  function values(params: Readonly<Record<string, ParamKind>>): Record<string, string> {
    return Object.fromEntries(Object.entries(params).map(([k, kind]) => [k, sample(kind, k)]));
  }

  /** The request of `route` with `param` set: its base (less what `param` excludes) and needs. */
  function requestWith(route: ParityRoute, param: string, kind: ParamKind): Record<string, string> {
    const excluded = route.exclusive?.includes(param) === true ? route.exclusive : [];
    const base = Object.fromEntries(
      Object.entries(values(route.base ?? {})).filter(([k]) => !excluded.includes(k)),
    );
    return { ...base, ...values(route.needs?.[param] ?? {}), [param]: sample(kind, param) };
  }

  before(async () => {
    h = await startV3Harness();
    wallet = h.wallets[0] ?? '';
  });

  after(async () => {
    await h.close();
  });

  void it('the registry declares exactly the parameters toncenter parses, route by route', () => {
    const declared = (name: string): string[] =>
      Object.keys(V3_ENDPOINTS.get(name)?.query.shape ?? {}).sort();
    for (const [name, route] of Object.entries(PARITY_ROUTES)) {
      assert.deepEqual(declared(name), Object.keys(route.params).sort(), name);
    }
    for (const [name, fields] of Object.entries(PARITY_POST_BODIES)) {
      assert.deepEqual(declared(name), [...fields].sort(), name);
    }
    // Every route served is in the table (balanceChanges is served too, below).
    const tabled = new Set([...Object.keys(PARITY_ROUTES), ...Object.keys(PARITY_POST_BODIES)]);
    assert.deepEqual(
      [...V3_ENDPOINTS.keys()].filter((n) => !tabled.has(n)),
      [],
    );
  });

  for (const [name, route] of Object.entries(PARITY_ROUTES)) {
    void it(`${name}: every parameter toncenter parses is accepted, none reported as ignored`, async () => {
      const problems: string[] = [];
      for (const [param, kind] of Object.entries(route.params)) {
        const reply = await raw(`v3/${name}`, requestWith(route, param, kind));
        if (![200, 404].includes(reply.status) || reply.ignored !== null) {
          problems.push(
            `${param}: ${String(reply.status)} ${JSON.stringify(reply.body).slice(0, 200)} ignored=${String(reply.ignored)}`,
          );
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  void it('unknown keys are ignored and listed in X-Ignored-Params; the answer is the same', async () => {
    for (const [name, route] of Object.entries(PARITY_ROUTES)) {
      const base = values(route.base ?? {});
      const plain = await raw(`v3/${name}`, base);
      const extra = await raw(`v3/${name}`, { ...base, colection_address: wallet, toString: '1' });
      assert.equal(plain.ignored, null, name);
      assert.equal(extra.ignored, 'colection_address,toString', name);
      assert.equal(extra.status, plain.status, name);
      if (name !== 'masterchainInfo') {
        assert.deepEqual(extra.body, plain.body, name);
      }
    }
    // On POST the query string carries settings only: a body field of the same name is still read.
    const run = await fetch(`${h.baseUrl}/api/v3/runGetMethod?address=junk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: wallet, method: 'seqno' }),
    });
    assert.deepEqual(
      [run.status, run.headers.get('x-ignored-params')],
      [200, 'address'],
      await run.text(),
    );
    // The request settings are no parameters of a route, and never reported.
    const settings = Object.fromEntries(
      SETTINGS_ALIASES.map((k) => [k, k === 'strict' ? 'false' : k === 'x_timeout' ? '3000' : '1']),
    );
    const withSettings = await raw('v3/transactions', { account: wallet, ...settings });
    assert.deepEqual([withSettings.status, withSettings.ignored], [200, null]);
  });

  void it('strict mode (?strict=true or X-Strict-Params: true) refuses an unknown key with a 422 naming it', async () => {
    refused(
      await h.get('v3/nft/items', { colection_address: wallet, strict: 'true' }),
      'unknown query parameter "colection_address"',
    );
    refused(
      await h.get('v3/blocks', { toString: '1' }, { 'X-Strict-Params': 'true' }),
      'unknown query parameter "toString"',
    );
    refused(
      await h.post('v3/runGetMethod?strict=on', { address: wallet, method: 'seqno', seqno: 1 }),
      'unknown query parameter "seqno"',
    );
    // Off by default and with a false value; the known keys pass in strict mode.
    assert.equal((await h.get('v3/blocks', { toString: '1', strict: 'false' })).status, 200);
    assert.equal((await h.get('v3/transactions', { account: wallet, strict: 'true' })).status, 200);
  });

  void it('booleans: every spelling toncenter decodes, a conversion error otherwise', async () => {
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

  void it("toncenter's 422 wording for the same conditions", async () => {
    refused(
      await h.get('v3/multisig/wallets', {}),
      'At least one of address or wallet_address should be specified',
    );
    refused(
      await h.get('v3/multisig/orders', {}),
      'At least one of address or multisig_address should be specified',
    );
    refused(await h.get('v3/dns/records', {}), 'either wallet address or domain is required');
    refused(
      await h.get('v3/dns/records', { wallet, domain: 'foundation.ton' }),
      'provide either wallet address or domain, not both',
    );
    refused(
      await h.get('v3/vesting', {}),
      'at least one of contract_address or wallet_address is required',
    );
    refused(
      await h.get('v3/vesting', { contract_address: wallet, wallet_address: wallet }),
      'only one of contract_address or wallet_address should be specified',
    );
    refused(
      await h.get('v3/nft/items', { collection_address: wallet, index: '1x' }),
      'index should contain digits only',
    );
    refused(
      await h.get('v3/nft/items', { collection_address: [wallet, wallet] }),
      'exact one owner_address required for multiple collection_address',
    );
    refused(
      await h.get('v3/jetton/wallets', { jetton_address: [wallet, wallet] }),
      'exact one owner_address required for multiple jetton_address',
    );
    refused(await h.get('v3/accountStates', {}), 'address of account is required');
    refused(await h.get('v3/walletStates', {}), 'address of account is required');
    refused(await h.get('v3/addressBook', {}), 'at least 1 address required');
    refused(await h.get('v3/metadata', {}), 'at least 1 address required');
    refused(await h.get('v3/pendingTransactions', {}), 'at least 1 account address required');
    refused(await h.get('v3/transactions', { sort: 'up' }), 'wrong value for sort parameter');
    refused(
      await h.post('v3/runGetMethod', { address: wallet, method: 85143 }),
      'method must be a string',
    );
  });

  void it("balanceChanges: a wallet transfer's TON and fees, for its trace and for its action", async () => {
    const [trace] = await h.ds.query<{ trace_id: string }[]>(
      `SELECT T.trace_id FROM transactions T JOIN messages M ON M.tx_hash = T.hash
       WHERE T.account = $1 AND M.direction = 'in' AND M.source IS NULL AND T.trace_id IS NOT NULL
       ORDER BY T.lt DESC LIMIT 1`,
      [wallet],
    );
    assert.ok(trace);
    // Expected from the rows: each account pays the total fees of its transactions and the
    // forwarding fee of the internal messages it sent; values move from sender to receiver.
    const txs = await h.ds.query<{ account: string; total_fees: string; hash: string }[]>(
      'SELECT account, total_fees::text AS total_fees, hash FROM transactions WHERE trace_id = $1',
      [trace.trace_id],
    );
    const internal = await h.ds.query<
      { source: string; destination: string; value: string; fwd_fee: string }[]
    >(
      `SELECT source, destination, value::text AS value, fwd_fee::text AS fwd_fee FROM messages
       WHERE trace_id = $1 AND direction = 'in' AND source IS NOT NULL`,
      [trace.trace_id],
    );
    const fees: Record<string, number> = {};
    const changes: Record<string, number> = {};
    const add = (m: Record<string, number>, a: string, v: number): void => {
      m[a] = (m[a] ?? 0) + v;
    };
    for (const t of txs) {
      add(fees, t.account, Number(t.total_fees));
    }
    for (const m of internal) {
      add(fees, m.source, Number(m.fwd_fee));
      add(changes, m.source, -Number(m.value));
      add(changes, m.destination, Number(m.value));
    }
    for (const [a, fee] of Object.entries(fees)) {
      add(changes, a, -fee);
    }
    const expected = { changes, fees, jettons: {} };
    assert.ok(Object.keys(changes).length >= 2, 'a transfer between two accounts');
    const byTrace = await h.get('v3/balanceChanges', { trace_id: trace.trace_id });
    assert.deepEqual(byTrace, { status: 200, body: expected });
    const [action] = await h.ds.query<{ action_id: string }[]>(
      `SELECT action_id FROM actions WHERE trace_id = $1 AND type = 'ton_transfer' LIMIT 1`,
      [trace.trace_id],
    );
    assert.ok(action);
    assert.deepEqual(await h.get('v3/balanceChanges', { action_id: action.action_id }), {
      status: 200,
      body: expected,
    });
    assert.deepEqual(await h.get('v3/balanceChanges', { action_id: HASH_HEX }), {
      status: 404,
      body: { error: 'action_id not found' },
    });
    assert.deepEqual(await h.get('v3/balanceChanges', { trace_id: HASH_HEX }), {
      status: 404,
      body: { error: 'trace not found' },
    });
    refused(await h.get('v3/balanceChanges', {}), 'trace_id or action_id is required');
  });

  void it('descriptions carry credit_ph and compute_ph.reason wherever the row has them, in transactions and traces', async () => {
    const rows = await h.ds.query<
      {
        hash: string;
        trace_id: string;
        credit: string | null;
        credit_due_fees_collected: string | null;
        credit_extra_currencies: Record<string, string> | null;
        compute_skipped: boolean | null;
        skipped_reason: string | null;
      }[]
    >(
      `SELECT hash, trace_id, credit::text AS credit,
              credit_due_fees_collected::text AS credit_due_fees_collected, credit_extra_currencies,
              compute_skipped,
              skipped_reason::text AS skipped_reason
       FROM transactions WHERE trace_id IS NOT NULL ORDER BY lt DESC LIMIT 200`,
    );
    assert.ok(
      rows.some(
        (r) =>
          r.credit !== null &&
          r.credit_extra_currencies !== null &&
          Object.keys(r.credit_extra_currencies).length === 0,
      ),
      'rows with a credit phase and no extra currencies',
    );
    // A wallet's external-in message: no TrCreditPhase.
    assert.ok(
      rows.some((r) => r.credit === null && r.credit_due_fees_collected === null),
      'rows without a credit phase',
    );
    // The traffic wallets' funding reached them uninitialised: a compute phase skipped (no_state).
    assert.ok(
      rows.some((r) => r.skipped_reason !== null),
      'rows with a skipped compute phase',
    );
    const byHash = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < rows.length; i += 50) {
      const page = V3TransactionsRes.parse(
        (
          await h.get('v3/transactions', {
            hash: rows.slice(i, i + 50).map((r) => r.hash),
            limit: '50',
          })
        ).body,
      );
      for (const t of page.transactions) {
        byHash.set(t.hash, t.description);
      }
    }
    const traceIds = [...new Set(rows.map((r) => r.trace_id))].slice(0, 20);
    const traces = record((await h.get('v3/traces', { trace_id: traceIds, limit: '20' })).body);
    const inTraces = new Map<string, Record<string, unknown>>();
    for (const trace of traces.traces as {
      transactions: Record<string, { description: Record<string, unknown> }>;
    }[]) {
      for (const [hash, tx] of Object.entries(trace.transactions)) {
        inTraces.set(hash, tx.description);
      }
    }
    assert.ok(inTraces.size > 0);
    for (const r of rows) {
      for (const [where, d] of [
        ['transactions', byHash.get(r.hash)],
        ['traces', inTraces.get(r.hash)],
      ] as const) {
        if (d === undefined) {
          assert.equal(where, 'traces', `${r.hash} answered by /transactions`);
          continue;
        }
        // ton-index-go: credit_ph when a credit column is set, leaves omitempty, an empty
        // extra-currency map (the `{}` the column holds) left out.
        const extra = r.credit_extra_currencies ?? {};
        assert.deepEqual(
          d.credit_ph,
          r.credit === null && r.credit_due_fees_collected === null
            ? undefined
            : {
                ...(r.credit_due_fees_collected === null
                  ? {}
                  : { due_fees_collected: r.credit_due_fees_collected }),
                ...(r.credit === null ? {} : { credit: r.credit }),
                ...(Object.keys(extra).length === 0 ? {} : { credit_extra_currencies: extra }),
              },
          `${where} ${r.hash} credit_ph`,
        );
        const compute = d.compute_ph as Record<string, unknown> | undefined;
        if (r.compute_skipped === true) {
          assert.deepEqual(
            compute,
            { skipped: true, reason: r.skipped_reason },
            `${where} ${r.hash} compute_ph`,
          );
        } else {
          assert.deepEqual(
            [compute?.skipped, compute?.reason],
            [r.compute_skipped ?? undefined, undefined],
            `${where} ${r.hash} compute_ph`,
          );
        }
      }
    }
  });

  void describe('deliberate differences (docs/toncenter-differences.md, ## v3)', () => {
    void it('a limit over 1000 is a 422 in toncenter words (toncenter: 500)', async () => {
      refused(
        await h.get('v3/transactions', { limit: '1001' }),
        'limit is not allowed: 1001 > 1000',
      );
      refused(await h.get('v3/nft/items', { limit: '5000' }), 'limit is not allowed: 5000 > 1000');
    });

    void it('a bad sort is a 422 on every route that parses it (toncenter: 500 or ignored)', async () => {
      refused(await h.get('v3/nft/items', { sort: 'sideways' }), 'wrong value for sort parameter');
      refused(
        await h.get('v3/topAccountsByBalance', { sort: 'x' }),
        'wrong value for sort parameter',
      );
    });

    void it('nft/items index without collection_address is a 422 (toncenter: 500)', async () => {
      refused(
        await h.get('v3/nft/items', { index: '1' }),
        'index parameter is not allowed without the collection_address',
      );
    });

    void it('a missing required parameter is a 422 in toncenter words (toncenter: 401)', async () => {
      refused(await h.get('v3/walletInformation', {}), 'address of account is required');
      refused(await h.get('v3/addressInformation', {}), 'address of account is required');
      refused(await h.post('v3/runGetMethod', { method: 'seqno' }), 'address is required');
      refused(await h.post('v3/runGetMethod', { address: wallet }), 'method is required');
      refused(await h.post('v3/message', {}), 'boc is required');
    });

    void it('adjacentTransactions without hash is a 422 (toncenter: 404 adjacent transactions not found)', async () => {
      refused(await h.get('v3/adjacentTransactions', {}), 'hash is required');
    });

    void it('a seqno that is no int32 is a 422 (toncenter reads it as 0)', async () => {
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
      refused(
        await h.get('v3/transactions', { hash: 'A'.repeat(44) }),
        'failed to decode: schema: error converting value for index 0 of "hash"',
      );
    });

    void it('transactionsByMessage applies exclude_externals and only_externals (toncenter parses them only)', async () => {
      const reply = await h.get('v3/transactionsByMessage', {
        msg_hash: HASH_HEX,
        only_externals: 'true',
        exclude_externals: 'true',
      });
      assert.equal(reply.status, 200);
    });

    void it('walletStates takes include_boc and does not apply it (its wallet fields need the data)', async () => {
      const get = async (includeBoc: string): Promise<unknown> =>
        (await h.get('v3/walletStates', { address: wallet, include_boc: includeBoc })).body;
      assert.deepEqual(await get('false'), await get('true'));
    });

    void it('pendingTransactions with nothing pending is an empty list (toncenter: 404)', async () => {
      assert.deepEqual(await h.get('v3/pendingTransactions', { account: wallet }), {
        status: 200,
        body: { transactions: [], address_book: {} },
      });
    });

    void it('a transaction whose trace is not assembled yet is confirmed, not finalized', async () => {
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
});
