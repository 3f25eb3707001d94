import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { V3AccountStatesRes, V3TracesRes } from '@app/contracts';
import { methodIdOf } from '@app/ton';
import { Address, beginCell, Cell } from '@ton/core';
import { V3_ENDPOINTS } from '@app/gateway';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { type JsonReply, startV3Harness, type V3Harness } from './support/v3-harness';

const ZERO_HASH = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
/** An address no seed account has. */
const UNKNOWN = `0:${'5A'.repeat(32)}`;

interface LatestRow {
  balance: string;
  lt: string;
  hash: string;
}

interface StackEntry {
  type: string;
  value: unknown;
}

interface RunResult {
  gas_used: number;
  exit_code: number;
  stack: StackEntry[];
}

function ok(reply: JsonReply): unknown {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

/** A 200 answer that its endpoint's documented result schema accepts as is. */
function shaped(endpoint: string, reply: JsonReply): unknown {
  const body = ok(reply);
  const schema = V3_ENDPOINTS.get(endpoint)?.result;
  assert.ok(schema, endpoint);
  const checked = schema.safeParse(body);
  assert.ok(checked.success, `${endpoint}: ${checked.error?.message ?? ''}`);
  return body;
}

function runResult(reply: JsonReply): RunResult {
  const body = shaped('runGetMethod', reply);
  assert.ok(typeof body === 'object' && body !== null && 'stack' in body);
  const { gas_used, exit_code, stack } = body as RunResult;
  return { gas_used, exit_code, stack };
}

/** A 422 whose message names `param`. */
function rejected(reply: JsonReply, param: string): void {
  assert.equal(reply.status, 422, JSON.stringify(reply.body));
  const body = reply.body as { error: string };
  assert.deepEqual(Object.keys(body), ['error']);
  assert.match(body.error, new RegExp(param));
}

function cellOf(entry: StackEntry | undefined): Cell {
  assert.ok(entry !== undefined && typeof entry.value === 'string');
  return Cell.fromBase64(entry.value);
}

/**
 * The v2-style endpoints of /api/v3 (walletInformation, addressInformation and their `wallet` /
 * `account` aliases, POST runGetMethod) and the deprecated `events` alias, over the genesis seed.
 */
void describe('v3 API: v2-style endpoints and deprecated aliases (single process, real PostgreSQL)', () => {
  let h: V3Harness;
  const a = (name: string): string => h.address(name);
  const latest = async (name: string): Promise<LatestRow> => {
    const rows = await h.ds.query<LatestRow[]>(
      `SELECT balance::text, last_trans_lt::text AS lt, last_trans_hash AS hash
       FROM latest_account_states WHERE account = $1`,
      [a(name)],
    );
    assert.equal(rows.length, 1, name);
    return rows[0]!;
  };

  before(async () => {
    h = await startV3Harness({ traffic: false });
  });

  after(async () => {
    await h.close();
  });

  void it('walletInformation: seqno, wallet_id and wallet_type of each seed wallet, the same through use_v2', async () => {
    const expected = {
      [GenesisAccount.walletV3r2]: ['wallet v3 r2', GENESIS.finalSeqno.v3r2, 698983191],
      [GenesisAccount.walletV4r2]: ['wallet v4 r2', GENESIS.finalSeqno.v4r2, 698983191],
      [GenesisAccount.walletV5r1]: ['wallet v5 r1', GENESIS.finalSeqno.v5r1, 2147483409],
    } as const;
    for (const [name, [walletType, seqno, walletId]] of Object.entries(expected)) {
      const row = await latest(name);
      const answer = {
        balance: row.balance,
        wallet_type: walletType,
        seqno,
        wallet_id: walletId,
        last_transaction_lt: row.lt,
        last_transaction_hash: row.hash,
        status: 'active',
      };
      const friendly = Address.parseRaw(a(name)).toString({ bounceable: false, urlSafe: true });
      assert.deepEqual(
        shaped('walletInformation', await h.get('v3/walletInformation', { address: friendly })),
        answer,
      );
      assert.deepEqual(ok(await h.get('v3/wallet', { address: a(name) })), answer, 'alias');
      assert.deepEqual(
        ok(await h.get('v3/walletInformation', { address: a(name), use_v2: true })),
        answer,
        `${name} use_v2`,
      );
    }
  });

  void it('walletInformation and addressInformation of an unknown address: the synthetic uninit answer', async () => {
    const wallet = {
      balance: '0',
      last_transaction_lt: '0',
      last_transaction_hash: ZERO_HASH,
      status: 'uninit',
    };
    const account = { ...wallet, code: null, data: null, frozen_hash: null };
    for (const useV2 of [false, true]) {
      assert.deepEqual(
        shaped(
          'walletInformation',
          await h.get('v3/walletInformation', { address: UNKNOWN, use_v2: useV2 }),
        ),
        wallet,
        `use_v2=${String(useV2)}`,
      );
      const info = shaped(
        'addressInformation',
        await h.get('v3/addressInformation', { address: UNKNOWN, use_v2: useV2 }),
      );
      assert.deepEqual(info, account, `use_v2=${String(useV2)}`);
      assert.deepEqual(Object.keys(info as object), [
        'balance',
        'code',
        'data',
        'last_transaction_lt',
        'last_transaction_hash',
        'frozen_hash',
        'status',
      ]);
    }
  });

  void it('walletInformation of a Jetton master: 409 not a wallet, in DB mode and through use_v2', async () => {
    for (const useV2 of [false, true]) {
      const reply = await h.get('v3/walletInformation', {
        address: a(GenesisAccount.jettonMinter),
        use_v2: useV2,
      });
      assert.equal(reply.status, 409);
      assert.deepEqual(reply.body, { error: 'not a wallet' });
    }
  });

  void it('addressInformation: code and data are accountStates’ BoCs; use_v2 reads the same state', async () => {
    for (const name of [GenesisAccount.jettonMinter, GenesisAccount.walletV4r2]) {
      const states = V3AccountStatesRes.parse(
        ok(await h.get('v3/accountStates', { address: a(name) })),
      );
      const state = states.accounts[0];
      assert.ok(state?.code_boc && state.data_boc);
      const row = await latest(name);
      const answer = {
        balance: row.balance,
        code: state.code_boc,
        data: state.data_boc,
        last_transaction_lt: row.lt,
        last_transaction_hash: row.hash,
        frozen_hash: null,
        status: 'active',
      };
      assert.deepEqual(
        shaped('addressInformation', await h.get('v3/addressInformation', { address: a(name) })),
        answer,
      );
      assert.deepEqual(ok(await h.get('v3/account', { address: a(name) })), answer, 'alias');

      const live = ok(
        await h.get('v3/addressInformation', { address: a(name), use_v2: 'true' }),
      ) as typeof answer;
      // The liteserver serialises BoCs its own way: the same cells, maybe other bytes.
      assert.equal(Cell.fromBase64(live.code).equals(Cell.fromBase64(state.code_boc)), true);
      assert.equal(Cell.fromBase64(live.data).equals(Cell.fromBase64(state.data_boc)), true);
      assert.deepEqual({ ...live, code: answer.code, data: answer.data }, answer);
    }
  });

  void it('runGetMethod: seqno by name and by id, with the gas and exit code of v2', async () => {
    const address = a(GenesisAccount.walletV3r2);
    const v2 = ok(await h.post('v2/runGetMethod', { address, method: 'seqno', stack: [] })) as {
      result: { gas_used: number };
    };
    const expected = {
      gas_used: v2.result.gas_used,
      exit_code: 0,
      stack: [{ type: 'num', value: `0x${GENESIS.finalSeqno.v3r2.toString(16)}` }],
    };
    assert.deepEqual(
      runResult(await h.post('v3/runGetMethod', { address, method: 'seqno' })),
      expected,
    );
    assert.deepEqual(
      runResult(
        // A numeric id as a string: toncenter decodes `method` as a string.
        await h.post('v3/runGetMethod', {
          address,
          method: String(methodIdOf('seqno')),
          stack: [],
        }),
      ),
      expected,
    );
  });

  void it('runGetMethod: get_jetton_data and get_wallet_address with a slice argument', async () => {
    const minter = a(GenesisAccount.jettonMinter);
    const data = runResult(
      await h.post('v3/runGetMethod', { address: minter, method: 'get_jetton_data', stack: [] }),
    );
    assert.equal(data.exit_code, 0);
    assert.deepEqual(
      data.stack.map((e) => e.type),
      ['num', 'num', 'cell', 'cell', 'cell'],
    );
    assert.deepEqual(data.stack.slice(0, 2), [
      { type: 'num', value: `0x${GENESIS.jetton.finalTotalSupply.toString(16)}` },
      { type: 'num', value: '-0x1' },
    ]);
    // The admin address is a slice, which v2 (and so toncenter v3) renders as a cell.
    const admin = cellOf(data.stack[2]).beginParse().loadAddress();
    assert.equal(admin.toRawString().toUpperCase(), a(GenesisAccount.walletV3r2));

    const owner = beginCell()
      .storeAddress(Address.parseRaw(a(GenesisAccount.walletV4r2)))
      .endCell();
    const walletAddress = runResult(
      await h.post('v3/runGetMethod', {
        address: minter,
        method: 'get_wallet_address',
        stack: [{ type: 'slice', value: owner.toBoc().toString('base64') }],
      }),
    );
    assert.equal(walletAddress.exit_code, 0);
    assert.equal(walletAddress.stack.length, 1);
    assert.equal(
      cellOf(walletAddress.stack[0]).beginParse().loadAddress().toRawString().toUpperCase(),
      a(GenesisAccount.jettonWalletV4r2),
    );
  });

  void it('rejects bad input with a 422 naming the parameter (toncenter: 401 or 500)', async () => {
    const wallet = a(GenesisAccount.walletV3r2);
    rejected(await h.get('v3/walletInformation', {}), 'address');
    rejected(await h.get('v3/addressInformation', { address: 'EQnot-an-address' }), 'address');
    rejected(await h.get('v3/walletInformation', { address: wallet, use_v2: 'maybe' }), 'use_v2');
    // Unknown keys are ignored as toncenter ignores them, and refused in strict mode.
    rejected(
      await h.get('v3/account', { address: wallet, usev2: 'true', strict: 'true' }),
      'usev2',
    );
    rejected(
      await h.post('v3/runGetMethod', { address: wallet, method: methodIdOf('seqno') }),
      'method',
    );
    rejected(await h.post('v3/runGetMethod', { method: 'seqno' }), 'address');
    rejected(await h.post('v3/runGetMethod', { address: wallet }), 'method');
    rejected(await h.post('v3/runGetMethod', { address: 'nope', method: 'seqno' }), 'address');
    const badType = await h.post('v3/runGetMethod', {
      address: wallet,
      method: 'seqno',
      stack: [{ type: 'tuple', value: [] }],
    });
    rejected(badType, 'stack');
    assert.deepEqual(badType.body, { error: 'unsupported stack parameter type: tuple' });
    rejected(
      await h.post('v3/runGetMethod', {
        address: wallet,
        method: 'seqno',
        stack: [{ type: 'num', value: 'twelve' }],
      }),
      'stack: Invalid number: twelve',
    );
    rejected(
      await h.post('v3/runGetMethod?strict=true', { address: wallet, method: 'seqno', seqno: 1 }),
      'seqno',
    );
    assert.equal((await h.get('v3/runGetMethod', { address: wallet })).status, 405);
  });

  void it('events: the traces under their old key, with actions even when not asked for', async () => {
    const traces = V3TracesRes.parse(
      ok(await h.get('v3/traces', { include_actions: true, limit: 5 })),
    );
    assert.ok(traces.traces.length > 0);
    assert.ok(traces.traces.every((t) => Array.isArray(t.actions)));
    const expected = {
      events: traces.traces,
      address_book: traces.address_book,
      metadata: traces.metadata,
    };
    assert.deepEqual(shaped('events', await h.get('v3/events', { limit: 5 })), expected);
    assert.deepEqual(ok(await h.get('v3/events', { limit: 5, include_actions: false })), expected);
    rejected(await h.get('v3/events', { limit: 1001 }), 'limit');
  });
});
