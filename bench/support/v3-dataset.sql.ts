import { createHash } from 'node:crypto';

/**
 * SQL of the synthetic v3 dataset (bench/v3-queries.ts). Everything is a pure function of the trace
 * number `t`, so a chunk of traces can be written by any connection in any order and a rerun gives the
 * same rows:
 *
 * - 200k owner wallets (wallet v4r2 code) chosen with a Zipf-like skew (exponent 1.1 over the ranks:
 *   rank 1 is in about a tenth of all traces, the tail has one or two transactions), 50 Jetton
 *   masters (skewed towards the first ones) and a Jetton wallet per (owner, Jetton) that moved tokens;
 * - traces of three shapes, as the decoder writes them (trace_id = root transaction hash, every
 *   transaction and message carrying it):
 *   - 60 % TON transfers: external-in → wallet A → internal → wallet B (2 transactions, 1 action
 *     `ton_transfer`);
 *   - 25 % Jetton transfers: external-in → A → jetton_transfer → A's Jetton wallet → internal_transfer
 *     → B's Jetton wallet → transfer_notification → B, excesses → A (5 transactions, 1 action
 *     `jetton_transfer`, a jetton_transfers row; 2 % of them aborted, which the API leaves out);
 *   - 15 % lone externals (1 transaction, no action);
 * - per transaction an account state after it (and one before the account's first), each account's
 *   transactions chained by prev_trans_hash/lt, latest_account_states for every account;
 * - message bodies are real BoCs from a pool of templates (bench/support/v3-bodies.ts) with their real
 *   cell hashes; lts advance by 1000 per trace, times span 30 days.
 */

export const ACCOUNTS = 200_000;
const ZIPF_EXPONENT = 1.1;
export const JETTONS = 50;
const LT0 = 50_000_000_000_000;
export const START_UTIME = 1_760_000_000;
const SPAN_SECONDS = 30 * 86_400;
/** Transactions per 20 traces: 12 TON transfers × 2 + 5 Jetton transfers × 5 + 3 lone externals. */
const TX_PER_20_TRACES = 52;
const ZERO_HASH = 'A'.repeat(43) + '=';
/** The wallet v4r2 code hash (toncenter's wallet list): owners show as `wallet_v4r2`. */
export const WALLET_CODE_HASH = Buffer.from(
  'feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0',
  'hex',
).toString('base64');

/** Traces needed for at least `transactions` transactions (a multiple of 20, one full mix). */
export function traceCount(transactions: number): number {
  return Math.ceil(transactions / TX_PER_20_TRACES) * 20;
}

export function transactionCount(traces: number): number {
  return (traces / 20) * TX_PER_20_TRACES;
}

/** Helper functions (inlined by the planner: single-expression IMMUTABLE SQL functions). */
/** The smallest lt the generation writes (that of the first trace's first transaction). */
export function firstLt(): bigint {
  return BigInt(LT0) + 1000n;
}

/** The largest lt the generation writes for `traces` traces (bench_gen.lt of the last one). */
export function newestLt(traces: number): bigint {
  return BigInt(LT0) + BigInt(traces) * 1000n + 8n * 100n;
}

export function functionsSql(traces: number): string[] {
  const n = ACCOUNTS;
  const s = ZIPF_EXPONENT;
  const fn = (sig: string, returns: string, body: string): string =>
    `CREATE FUNCTION bench_gen.${sig} RETURNS ${returns} IMMUTABLE LANGUAGE sql AS $$ SELECT ${body} $$`;
  return [
    'CREATE SCHEMA bench_gen',
    fn(
      'u(t bigint, salt bigint)',
      'float8',
      '(hashint8extended(t, salt) & 4503599627370495)::float8 / 4503599627370496.0',
    ),
    // Inverse CDF of a density ∝ x^-s on [1, N+1): rank 1 most frequent.
    fn(
      'zipf(u float8)',
      'int',
      `least(${n}, greatest(1, floor(power(1 - u * (1 - power(${n + 1}::float8, ${(1 - s).toFixed(6)})), ${(1 / (1 - s)).toFixed(6)}))::int))`,
    ),
    fn(
      'kind(t bigint)',
      'smallint',
      '(CASE WHEN t % 20 < 12 THEN 0 WHEN t % 20 < 17 THEN 1 ELSE 2 END)::smallint',
    ),
    fn('a(t bigint)', 'int', 'bench_gen.zipf(bench_gen.u(t, 1))'),
    fn(
      'b(t bigint)',
      'int',
      `(CASE WHEN bench_gen.zipf(bench_gen.u(t, 2)) = bench_gen.a(t) THEN bench_gen.a(t) % ${n} + 1 ELSE bench_gen.zipf(bench_gen.u(t, 2)) END)`,
    ),
    fn('j(t bigint)', 'int', `1 + floor(${JETTONS} * power(bench_gen.u(t, 3), 3))::int`),
    fn(
      'wallet(rank int)',
      'text',
      `'0:' || upper(encode(sha256('\\x01'::bytea || int4send(rank)), 'hex'))`,
    ),
    fn(
      'jetton_wallet(rank int, j int)',
      'text',
      `'0:' || upper(encode(sha256('\\x02'::bytea || int4send(rank) || int4send(j)), 'hex'))`,
    ),
    fn(
      'master(j int)',
      'text',
      `'0:' || upper(encode(sha256('\\x03'::bytea || int4send(j)), 'hex'))`,
    ),
    fn(
      'account(t bigint, role text)',
      'text',
      `CASE role WHEN 'A' THEN bench_gen.wallet(bench_gen.a(t)) WHEN 'B' THEN bench_gen.wallet(bench_gen.b(t))
         WHEN 'jwA' THEN bench_gen.jetton_wallet(bench_gen.a(t), bench_gen.j(t))
         ELSE bench_gen.jetton_wallet(bench_gen.b(t), bench_gen.j(t)) END`,
    ),
    // Hashes: base64 of sha256 over (namespace, number), 44 chars like the indexer's.
    fn('h(ns int, n bigint)', 'char(44)', `encode(sha256(int4send(ns) || int8send(n)), 'base64')`),
    fn('tx_hash(t bigint, pos int)', 'char(44)', 'bench_gen.h(1, t * 8 + pos)'),
    fn('msg_hash(t bigint, m int)', 'char(44)', 'bench_gen.h(2, t * 8 + m)'),
    fn('lt(t bigint, pos int)', 'bigint', `${LT0}::bigint + t * 1000 + pos * 100`),
    fn(
      'now(t bigint, pos int)',
      'int',
      `(${START_UTIME} + floor(t::float8 * ${SPAN_SECONDS} / ${traces}) + pos * 2)::int`,
    ),
    // A masterchain block every 400 ms; the basechain shard's seqno alongside.
    fn(
      'mc_seqno(t bigint, pos int)',
      'int',
      `40000000 + ((bench_gen.now(t, pos) - ${START_UTIME}) * 5 / 2)`,
    ),
    fn('u64(t bigint, salt bigint)', 'bigint', `hashint8extended(t, salt) & 281474976710655`),
  ];
}

/** The shapes: which role each transaction of a trace kind has, and its messages. */
export const SHAPES_SQL = [
  `CREATE TABLE bench_gen.tx_shape (kind smallint, pos smallint, role text, in_m smallint, n_out smallint, last_pos smallint)`,
  `INSERT INTO bench_gen.tx_shape VALUES
     (0, 0, 'A', 0, 1, 1), (0, 1, 'B', 1, 0, 1),
     (1, 0, 'A', 0, 1, 4), (1, 1, 'jwA', 1, 1, 4), (1, 2, 'jwB', 2, 2, 4), (1, 3, 'B', 3, 0, 4),
     (1, 4, 'A', 4, 0, 4),
     (2, 0, 'A', 0, 0, 0)`,
  // from_pos NULL: external-in. body: a template kind of bench_gen.bodies ('ton' = empty or comment).
  `CREATE TABLE bench_gen.msg_shape (kind smallint, m smallint, from_pos smallint, to_pos smallint,
     out_index smallint, body text, value bigint, bounce boolean)`,
  `INSERT INTO bench_gen.msg_shape VALUES
     (0, 0, NULL, 0, NULL, 'external', NULL, NULL), (0, 1, 0, 1, 0, 'ton', NULL, false),
     (1, 0, NULL, 0, NULL, 'external', NULL, NULL),
     (1, 1, 0, 1, 0, 'jetton_transfer', 50000000, true),
     (1, 2, 1, 2, 0, 'internal_transfer', 40000000, true),
     (1, 3, 2, 3, 0, 'transfer_notification', 1, false),
     (1, 4, 2, 4, 1, 'excesses', 30000000, false),
     (2, 0, NULL, 0, NULL, 'external', NULL, NULL)`,
  `CREATE TABLE bench_gen.bodies (body text, idx int, hash char(44), opcode int, comment text,
     PRIMARY KEY (body, idx))`,
];

/**
 * Every transaction with its account's previous one (window over the account, in lt order), stored in
 * trace order so each chunk reads a contiguous range.
 */
export function chainSql(traces: number): string {
  return `CREATE UNLOGGED TABLE bench_gen.chain AS
    SELECT t, pos, kind, role, account, lt, prev_t, prev_pos, is_last FROM (
      SELECT t, pos, kind, role, account, lt,
             lag(t) OVER w AS prev_t, lag(pos) OVER w AS prev_pos, lead(t) OVER w IS NULL AS is_last
      FROM (
        SELECT g.t, s.pos, s.kind, s.role, bench_gen.account(g.t, s.role) AS account,
               bench_gen.lt(g.t, s.pos) AS lt
        FROM generate_series(1, ${traces}::bigint) AS g(t)
        JOIN bench_gen.tx_shape s ON s.kind = bench_gen.kind(g.t)
      ) x
      WINDOW w AS (PARTITION BY account ORDER BY lt)
    ) y ORDER BY t, pos`;
}

const STATE_AFTER = 'bench_gen.h(3, c.t * 8 + c.pos)';
const STATE_FIRST = 'bench_gen.h(4, c.t * 8 + c.pos)';
const PREV_STATE = 'bench_gen.h(3, c.prev_t * 8 + c.prev_pos)';
/** Jetton wallets and masters get codes with detected interfaces (contract_interfaces). */
export const JETTON_WALLET_CODE_HASH = 'bench_gen.h(20, 1)';
export const JETTON_MASTER_CODE_HASH = 'bench_gen.h(20, 2)';
const CODE_OF_ROLE = `CASE WHEN c.role IN ('A', 'B') THEN '${WALLET_CODE_HASH}' ELSE ${JETTON_WALLET_CODE_HASH} END`;

/** The inserts of traces [lo, hi]: every row of every table a trace touches. */
export function chunkSql(lo: number, hi: number): string[] {
  const range = `c.t BETWEEN ${lo} AND ${hi}`;
  // The message that created transaction (t, pos) and its value (NULL for an external).
  const inMsg = `JOIN bench_gen.tx_shape s ON s.kind = c.kind AND s.pos = c.pos
    JOIN bench_gen.msg_shape im ON im.kind = c.kind AND im.m = s.in_m`;
  const fees = `(1000000 + bench_gen.u64(c.t * 8 + c.pos, 11) % 5000000)`;
  const tonValue = `(1000000000 * (1 + bench_gen.u64(t, 12) % 100))`;
  const msgValue = `coalesce(ms.value, ${tonValue})`;
  return [
    `INSERT INTO transactions (hash, lt, account, block_workchain, block_shard, block_seqno,
       mc_block_seqno, trace_id, prev_trans_hash, prev_trans_lt, now, orig_status, end_status,
       total_fees, total_fees_extra_currencies, account_state_hash_before, account_state_hash_after,
       descr, aborted, destroyed, credit_first, is_tock, installed, storage_fees_collected,
       storage_status_change, credit, credit_extra_currencies, compute_skipped, compute_success,
       compute_msg_state_used, compute_account_activated, compute_gas_fees, compute_gas_used,
       compute_gas_limit, compute_gas_credit, compute_mode, compute_exit_code, compute_vm_steps,
       compute_vm_init_state_hash, compute_vm_final_state_hash, action_success, action_valid,
       action_no_funds, action_status_change, action_total_fwd_fees, action_result_code,
       action_tot_actions, action_spec_actions, action_skipped_actions, action_msgs_created,
       action_action_list_hash, action_tot_msg_size_cells, action_tot_msg_size_bits)
     SELECT bench_gen.tx_hash(c.t, c.pos), c.lt, c.account, 0, -9223372036854775808,
       bench_gen.mc_seqno(c.t, c.pos) + 10000000, bench_gen.mc_seqno(c.t, c.pos),
       bench_gen.tx_hash(c.t, 0),
       coalesce(bench_gen.tx_hash(c.prev_t, c.prev_pos), '${ZERO_HASH}'),
       coalesce(bench_gen.lt(c.prev_t, c.prev_pos), 0), bench_gen.now(c.t, c.pos),
       (CASE WHEN c.prev_t IS NULL THEN 'uninit' ELSE 'active' END)::account_status_type, 'active',
       ${fees}, '{}', CASE WHEN c.prev_t IS NULL THEN ${STATE_FIRST} ELSE ${PREV_STATE} END,
       ${STATE_AFTER}, 'ord', false, false, im.from_pos IS NOT NULL AND NOT im.bounce, false, false,
       ${fees} / 100, 'unchanged',
       CASE WHEN im.from_pos IS NULL THEN NULL ELSE coalesce(im.value, 1000000000 * (1 + bench_gen.u64(c.t, 12) % 100)) END,
       CASE WHEN im.from_pos IS NULL THEN NULL ELSE '{}'::jsonb END,
       false, true, false, c.prev_t IS NULL, ${fees} / 2, 2000 + c.pos * 700,
       CASE WHEN im.from_pos IS NULL THEN 10000 ELSE 1000000 END,
       CASE WHEN im.from_pos IS NULL THEN 10000 END, 0, 0, 60 + c.pos * 10,
       bench_gen.h(6, c.t * 8 + c.pos), bench_gen.h(7, c.t * 8 + c.pos), true, true, false,
       'unchanged', s.n_out * 400000, 0, s.n_out, 0, 0, s.n_out,
       bench_gen.h(8, c.t * 8 + c.pos), s.n_out, s.n_out * 700
     FROM bench_gen.chain c ${inMsg} WHERE ${range}`,
    // Each internal message twice (the sender's out row, the receiver's in row), externals once.
    `INSERT INTO messages (tx_hash, tx_lt, msg_hash, direction, mc_seqno, msg_hash_norm, trace_id,
       source, destination, value, value_extra_currencies, fwd_fee, ihr_fee, extra_flags,
       created_lt, created_at, opcode, ihr_disabled, bounce, bounced, import_fee, body_hash)
     SELECT bench_gen.tx_hash(t, p.pos), bench_gen.lt(t, p.pos), bench_gen.msg_hash(t, ms.m),
       p.direction::msg_direction, bench_gen.mc_seqno(t, p.pos),
       CASE WHEN ms.from_pos IS NULL THEN bench_gen.h(5, t) END, bench_gen.tx_hash(t, 0),
       CASE WHEN ms.from_pos IS NOT NULL THEN bench_gen.account(t, fs.role) END,
       bench_gen.account(t, ts.role),
       CASE WHEN ms.from_pos IS NOT NULL THEN ${msgValue} END,
       CASE WHEN ms.from_pos IS NOT NULL THEN '{}'::jsonb END,
       CASE WHEN ms.from_pos IS NOT NULL THEN 266669 END,
       CASE WHEN ms.from_pos IS NOT NULL THEN 0 END,
       CASE WHEN ms.from_pos IS NOT NULL THEN 0 END,
       CASE WHEN ms.from_pos IS NOT NULL THEN bench_gen.lt(t, ms.from_pos) + 1 + ms.out_index END,
       CASE WHEN ms.from_pos IS NOT NULL THEN bench_gen.now(t, ms.from_pos) END,
       b.opcode, CASE WHEN ms.from_pos IS NOT NULL THEN true END,
       CASE WHEN ms.from_pos IS NOT NULL THEN ms.bounce END,
       CASE WHEN ms.from_pos IS NOT NULL THEN false END,
       CASE WHEN ms.from_pos IS NULL THEN 0 END, b.hash
     FROM generate_series(${lo}::bigint, ${hi}::bigint) AS g(t)
     JOIN bench_gen.msg_shape ms ON ms.kind = bench_gen.kind(g.t)
     JOIN bench_gen.tx_shape ts ON ts.kind = ms.kind AND ts.pos = ms.to_pos
     LEFT JOIN bench_gen.tx_shape fs ON fs.kind = ms.kind AND fs.pos = ms.from_pos
     CROSS JOIN LATERAL (VALUES ('in', ms.to_pos), ('out', ms.from_pos)) AS p(direction, pos)
     JOIN bench_gen.bodies b ON b.body = CASE WHEN ms.body <> 'ton' THEN ms.body
         WHEN bench_gen.u(g.t, 5) < 0.5 THEN 'empty' ELSE 'comment' END
       AND b.idx = CASE WHEN ms.body = 'ton' AND bench_gen.u(g.t, 5) < 0.5 THEN 0 ELSE (g.t % 256)::int END
     WHERE p.pos IS NOT NULL`,
    `INSERT INTO account_states (hash, account, balance, balance_extra_currencies, account_status,
       data_hash, code_hash)
     SELECT ${STATE_AFTER}, c.account, 1000000000 * (1 + bench_gen.u64(c.t * 8 + c.pos, 13) % 10000),
       '{}'::jsonb, 'active'::account_status_type, bench_gen.h(10, c.t * 8 + c.pos), ${CODE_OF_ROLE}
     FROM bench_gen.chain c WHERE ${range}
     UNION ALL
     SELECT ${STATE_FIRST}, c.account, 0, '{}'::jsonb, 'uninit'::account_status_type, NULL, NULL
     FROM bench_gen.chain c WHERE ${range} AND c.prev_t IS NULL`,
    `INSERT INTO traces (trace_id, external_hash, external_hash_norm, mc_seqno_start, mc_seqno_end,
       start_lt, start_utime, end_lt, end_utime, state, pending_edges_, edges_, nodes_,
       classification_state)
     SELECT bench_gen.tx_hash(c.t, 0), bench_gen.msg_hash(c.t, 0), bench_gen.h(5, c.t),
       bench_gen.mc_seqno(c.t, 0), bench_gen.mc_seqno(c.t, s.last_pos), c.lt,
       bench_gen.now(c.t, 0), bench_gen.lt(c.t, s.last_pos), bench_gen.now(c.t, s.last_pos),
       'complete', 0, s.last_pos, s.last_pos + 1, 'ok'
     FROM bench_gen.chain c JOIN bench_gen.tx_shape s ON s.kind = c.kind AND s.pos = c.pos
     WHERE ${range} AND c.pos = 0`,
    ...actionSql(lo, hi),
    `INSERT INTO jetton_transfers (tx_hash, tx_lt, tx_now, tx_aborted, mc_seqno, query_id, amount,
       source, destination, jetton_wallet_address, jetton_master_address, response_destination,
       forward_ton_amount, trace_id)
     SELECT bench_gen.tx_hash(t, 1), bench_gen.lt(t, 1), bench_gen.now(t, 1),
       bench_gen.u(t, 7) < 0.02, bench_gen.mc_seqno(t, 1), bench_gen.u64(t, 8),
       1000000 * (1 + bench_gen.u64(t, 6) % 1000000), bench_gen.account(t, 'A'),
       bench_gen.account(t, 'B'), bench_gen.account(t, 'jwA'), bench_gen.master(bench_gen.j(t)),
       bench_gen.account(t, 'A'), 1, bench_gen.tx_hash(t, 0)
     FROM generate_series(${lo}::bigint, ${hi}::bigint) AS g(t) WHERE bench_gen.kind(t) = 1`,
  ];
}

/** One action per TON or Jetton transfer trace, with its action_accounts rows. */
function actionSql(lo: number, hi: number): string[] {
  // The action of trace t: TON transfers (kind 0) end at pos 1, Jetton transfers (kind 1) at pos 4.
  const action = `SELECT t, bench_gen.kind(t) AS kind,
      CASE bench_gen.kind(t) WHEN 0 THEN 'ton_transfer' ELSE 'jetton_transfer' END AS type,
      CASE bench_gen.kind(t) WHEN 0 THEN 1 ELSE 4 END AS last_pos,
      encode(sha256(convert_to(bench_gen.msg_hash(t, 1)
        || CASE bench_gen.kind(t) WHEN 0 THEN 'ton_transfer' ELSE 'jetton_transfer' END, 'UTF8')), 'base64') AS action_id
    FROM generate_series(${lo}::bigint, ${hi}::bigint) AS g(t) WHERE bench_gen.kind(t) < 2`;
  return [
    `INSERT INTO actions (trace_id, action_id, start_lt, end_lt, start_utime, end_utime, source,
       source_secondary, destination, destination_secondary, asset, opcode, tx_hashes, type, value,
       amount, success, trace_end_lt, trace_end_utime, trace_external_hash,
       trace_external_hash_norm, mc_seqno_end, trace_mc_seqno_end, details)
     SELECT bench_gen.tx_hash(t, 0), x.action_id, bench_gen.lt(t, 1), bench_gen.lt(t, x.last_pos),
       bench_gen.now(t, 1), bench_gen.now(t, x.last_pos), bench_gen.account(t, 'A'),
       CASE WHEN kind = 1 THEN bench_gen.account(t, 'jwA') END, bench_gen.account(t, 'B'),
       CASE WHEN kind = 1 THEN bench_gen.account(t, 'jwB') END,
       CASE WHEN kind = 1 THEN bench_gen.master(bench_gen.j(t)) END,
       CASE WHEN kind = 1 THEN 260734629 WHEN b.comment IS NOT NULL THEN 0 END,
       CASE WHEN kind = 0 THEN ARRAY[bench_gen.tx_hash(t, 0), bench_gen.tx_hash(t, 1)]
         ELSE ARRAY[bench_gen.tx_hash(t, 0), bench_gen.tx_hash(t, 1), bench_gen.tx_hash(t, 2),
                    bench_gen.tx_hash(t, 3), bench_gen.tx_hash(t, 4)] END,
       x.type, CASE WHEN kind = 0 THEN 1000000000 * (1 + bench_gen.u64(t, 12) % 100) END,
       CASE WHEN kind = 1 THEN 1000000 * (1 + bench_gen.u64(t, 6) % 1000000) END,
       kind = 0 OR bench_gen.u(t, 7) >= 0.02, bench_gen.lt(t, x.last_pos),
       bench_gen.now(t, x.last_pos), bench_gen.msg_hash(t, 0), bench_gen.h(5, t),
       bench_gen.mc_seqno(t, x.last_pos), bench_gen.mc_seqno(t, x.last_pos),
       CASE WHEN kind = 0 THEN jsonb_build_object('ton_transfer_data',
              jsonb_build_object('content', b.comment, 'encrypted', false))
         ELSE jsonb_build_object('jetton_transfer_data', jsonb_build_object(
              'query_id', bench_gen.u64(t, 8)::text, 'response_destination', bench_gen.account(t, 'A'),
              'forward_amount', '1', 'custom_payload', NULL, 'forward_payload', NULL,
              'comment', NULL, 'is_encrypted_comment', false)) END
     FROM (${action}) x
     LEFT JOIN bench_gen.bodies b ON x.kind = 0 AND bench_gen.u(x.t, 5) >= 0.5
       AND b.body = 'comment' AND b.idx = (x.t % 256)::int`,
    `INSERT INTO action_accounts (account, trace_end_lt, trace_id, action_end_lt, action_id,
       trace_end_utime, action_end_utime)
     SELECT DISTINCT bench_gen.account(t, r.role), bench_gen.lt(t, x.last_pos),
       bench_gen.tx_hash(t, 0), bench_gen.lt(t, x.last_pos), x.action_id,
       bench_gen.now(t, x.last_pos), bench_gen.now(t, x.last_pos)
     FROM (${action}) x
     JOIN (VALUES ('A'), ('B'), ('jwA'), ('jwB')) AS r(role) ON x.kind = 1 OR r.role IN ('A', 'B')`,
  ];
}

/**
 * After every chunk: the latest state of each account, the Jetton wallets and masters, the traces'
 * accounts.
 */
export function finalSql(): string[] {
  return [
    `INSERT INTO latest_account_states (account, hash, balance, balance_extra_currencies,
       account_status, timestamp, last_trans_hash, last_trans_lt, data_hash, code_hash)
     SELECT c.account, ${STATE_AFTER}, 1000000000 * (1 + bench_gen.u64(c.t * 8 + c.pos, 13) % 10000),
       '{}', 'active', bench_gen.now(c.t, c.pos), bench_gen.tx_hash(c.t, c.pos), c.lt,
       bench_gen.h(10, c.t * 8 + c.pos), ${CODE_OF_ROLE}
     FROM bench_gen.chain c WHERE c.is_last`,
    `INSERT INTO jetton_wallets (address, balance, owner, jetton, last_transaction_lt, code_hash,
       data_hash)
     SELECT c.account, 1000000 * (bench_gen.u64(c.t * 8 + c.pos, 14) % 10000000),
       bench_gen.wallet(CASE c.role WHEN 'jwA' THEN bench_gen.a(c.t) ELSE bench_gen.b(c.t) END),
       bench_gen.master(bench_gen.j(c.t)), c.lt, ${JETTON_WALLET_CODE_HASH},
       bench_gen.h(10, c.t * 8 + c.pos)
     FROM bench_gen.chain c WHERE c.is_last AND c.role IN ('jwA', 'jwB') ORDER BY c.t, c.pos`,
    `INSERT INTO jetton_masters (address, total_supply, mintable, admin_address, jetton_content,
       jetton_wallet_code_hash, last_transaction_lt, code_hash, data_hash)
     SELECT bench_gen.master(j), 1000000000000000000, true, bench_gen.wallet(${ACCOUNTS} - j),
       jsonb_build_object('name', 'Bench Jetton ' || j, 'symbol', 'BJ' || j, 'decimals', '9',
         'description', 'A synthetic Jetton of the v3 benchmark'),
       ${JETTON_WALLET_CODE_HASH}, ${LT0}, ${JETTON_MASTER_CODE_HASH}, bench_gen.h(11, j)
     FROM generate_series(1, ${JETTONS}) AS j`,
    `INSERT INTO latest_account_states (account, hash, balance, balance_extra_currencies,
       account_status, timestamp, last_trans_hash, last_trans_lt, data_hash, code_hash)
     SELECT bench_gen.master(j), bench_gen.h(12, j), 1000000000, '{}', 'active', ${START_UTIME},
       bench_gen.h(13, j), ${LT0}, bench_gen.h(11, j), ${JETTON_MASTER_CODE_HASH}
     FROM generate_series(1, ${JETTONS}) AS j`,
    // What the decoder writes with each trace (TraceRepository.write): its accounts by end_lt.
    `INSERT INTO trace_accounts (trace_id, account, trace_end_lt)
     SELECT DISTINCT T.trace_id, T.account, E.end_lt
     FROM transactions T JOIN traces E ON E.trace_id = T.trace_id`,
    `INSERT INTO contract_interfaces (code_hash, interfaces) VALUES
       (${JETTON_WALLET_CODE_HASH}, ARRAY['jetton_wallet']),
       (${JETTON_MASTER_CODE_HASH}, ARRAY['jetton_master'])`,
  ];
}

// The same values in JavaScript, to pick the benchmark's subjects without asking the database.

/** bench_gen.wallet(rank): the owner wallet of a Zipf rank (1 = the most active). */
export function walletAddress(rank: number): string {
  const key = Buffer.alloc(5);
  key[0] = 1;
  key.writeInt32BE(rank, 1);
  return `0:${createHash('sha256').update(key).digest('hex').toUpperCase()}`;
}

/** bench_gen.msg_hash(t, m): message `m` of trace `t` (m = 0 is its external-in message). */
export function messageHash(t: number, m: number): string {
  const key = Buffer.alloc(12);
  key.writeInt32BE(2, 0);
  key.writeBigInt64BE(BigInt(t) * 8n + BigInt(m), 4);
  return createHash('sha256').update(key).digest('base64');
}

/** bench_gen.kind(t): 0 TON transfer, 1 Jetton transfer, 2 lone external. */
export function traceKind(t: number): 0 | 1 | 2 {
  const r = t % 20;
  return r < 12 ? 0 : r < 17 ? 1 : 2;
}
