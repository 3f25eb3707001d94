import {
  type JettonEventsReq,
  type MessagesReq,
  rpcContracts,
  type RpcSubject,
  type TracesReq,
  type TransactionsReq,
} from '@app/contracts';
import {
  ActionQueryRepository,
  AddressBookQueryRepository,
  type DataSource,
  MessageQueryRepository,
  TokenQueryRepository,
  TraceQueryRepository,
  type TransactionBundle,
  TransactionQueryRepository,
} from '@app/database';
import { V3_ENDPOINTS, V3Params } from '@app/gateway';
import {
  actionAddresses,
  MetadataBuilder,
  pageControllers,
  present,
  TokensController,
  type TracesController,
  type TransactionsController,
} from '@app/query';
import { type PgQueryable } from './pg';

/**
 * The four queries of the v3 benchmark (transactions by account, traces by account with
 * actions, jetton/transfers by owner, messages by hash; limit 100), each three ways:
 *
 * - `url`: the HTTP request a client sends to the gateway;
 * - `service`: the query service's own handler (its controller and repositories) over a data source,
 *   here only to record the SQL it issues;
 * - `raw`: the same statements, in the same order and with the same concurrency, through node-postgres
 *   without the service (no NATS, no Nest, no mapping, no response validation). `sameStatements`
 *   checks that `raw` issues exactly what `service` does.
 *
 * The request both take is the one the gateway sends for the URL: built by the gateway's own endpoint
 * code and parsed by the contract, as the query service's RPC interceptor does.
 */

export type V3QueryName = 'transactions' | 'traces' | 'jetton_transfers' | 'messages';

export interface V3Query {
  readonly name: V3QueryName;
  readonly label: string;
  /** The subject kind the query takes: an account, a Jetton owner (an account with Jetton wallets) or a message hash. */
  readonly takes: 'account' | 'owner' | 'message';
  /** Path and query string under the gateway, for one account or message hash. */
  url(subject: string): string;
  /** The parsed RPC request the gateway sends for `url(subject)`. */
  request(subject: string): Promise<unknown>;
  /** The query service's handler over `db`. */
  service(db: DataSource, req: unknown): Promise<unknown>;
  /** The service's statements over `db` without the service; resolves to the number of rows. */
  raw(db: DataSource, req: unknown): Promise<number>;
}

/** ton-index-go's `-max-trace-txs` as the traces handler applies it (apps/query traces.controller). */
const MAX_TRACE_TRANSACTIONS = 4000;
const LIMIT = '100';

class Captured extends Error {
  constructor(
    readonly subject: RpcSubject,
    readonly payload: unknown,
  ) {
    super('captured');
  }
}

/** The contract-parsed request the gateway's `endpoint` sends for `params`. */
async function gatewayRequest(endpoint: string, params: Record<string, string>): Promise<unknown> {
  const e = V3_ENDPOINTS.get(endpoint);
  if (e === undefined) {
    throw new Error(`no v3 endpoint ${endpoint}`);
  }
  try {
    await e.run(
      new V3Params(params),
      { noAddressBook: false, actionsVersion: undefined },
      {
        request: (subject, payload) => Promise.reject(new Captured(subject, payload)),
        forward: (subject, payload) => Promise.reject(new Captured(subject, payload)),
      },
    );
  } catch (error: unknown) {
    if (error instanceof Captured) {
      return rpcContracts[error.subject].req.parse(error.payload);
    }
    throw error;
  }
  throw new Error(`${endpoint} sent no request`);
}

function url(endpoint: string, params: Record<string, string>): string {
  return `/api/v3/${endpoint}?${new URLSearchParams(params).toString()}`;
}

/** A node-postgres pool as the `query` method the repositories call (rows only). */
export function pgDataSource(pool: PgQueryable): DataSource {
  const db = {
    query: async (sql: string, params?: unknown[]): Promise<unknown[]> =>
      (await pool.query(sql, params)).rows,
  };
  return db as unknown as DataSource;
}

export interface Statement {
  readonly sql: string;
  readonly params: unknown;
}

/** `db` with every statement recorded (text and parameters) before it is sent. */
export function recording(db: DataSource): { db: DataSource; statements: Statement[] } {
  const statements: Statement[] = [];
  const recorder = {
    query: (sql: string, params?: unknown[]): Promise<unknown> => {
      statements.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
  };
  return { db: recorder as unknown as DataSource, statements };
}

/** Whether `raw` issues exactly the statements of `service` for `subject`; the difference if not. */
export async function sameStatements(
  query: V3Query,
  db: DataSource,
  subject: string,
): Promise<{ same: boolean; statements: readonly Statement[]; detail: string }> {
  const req = await query.request(subject);
  const service = recording(db);
  await query.service(service.db, req);
  const raw = recording(db);
  await query.raw(raw.db, req);
  // Reads the handler runs concurrently (a page's actions and transactions) interleave in either
  // order: the same statements in another order are the same work.
  const a = JSON.stringify(inOrder(service.statements));
  const b = JSON.stringify(inOrder(raw.statements));
  let at = 0;
  while (at < a.length && a[at] === b[at]) {
    at++;
  }
  return {
    same: a === b,
    statements: service.statements,
    detail:
      a === b ? '' : `service …${a.slice(at - 80, at + 80)}… raw …${b.slice(at - 80, at + 80)}…`,
  };
}

function inOrder(statements: readonly Statement[]): Statement[] {
  const key = (s: Statement): string => JSON.stringify(s);
  return [...statements].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

// ------------------------------------------------------------------------------ raw statements

/** AddressBookBuilder.build's statements: both lookups at once over the distinct addresses. */
async function addressBookSql(db: DataSource, addresses: string[], skip = false): Promise<void> {
  if (skip) {
    return;
  }
  const unique = [...new Set(addresses)];
  const repository = new AddressBookQueryRepository(db);
  await Promise.all([repository.rows(unique), repository.domains(unique)]);
}

/** MetadataBuilder.build's statements: Jetton wallets first (their masters join the set), then the rest. */
async function metadataSql(db: DataSource, addresses: string[]): Promise<void> {
  const tokens = new TokenQueryRepository(db);
  const unique = new Set(addresses);
  for (const w of await tokens.jettonWalletsByAddress([...unique])) {
    unique.add(w.jetton);
  }
  const list = [...unique];
  await Promise.all([
    tokens.jettonMastersByAddress(list),
    tokens.nftCollectionsByAddress(list),
    tokens.nftItemsByAddress(list),
  ]);
}

/** transactionAddresses over a bundle: the account, the in-message source, out-message destinations. */
function bundleAddresses(b: TransactionBundle): string[] {
  const source = b.inMsg?.source ?? null;
  return [
    b.tx.account,
    ...(source === null ? [] : [source]),
    ...b.outMsgs.flatMap((m) => (m.destination === null ? [] : [m.destination])),
  ];
}

function controllers(db: DataSource): {
  transactions: TransactionsController;
  traces: TracesController;
  tokens: TokensController;
} {
  const tokens = new TokenQueryRepository(db);
  // Nothing kept between requests: the service's statements are those of a page not yet rendered.
  const { transactions, traces, addressBook } = pageControllers(db);
  return {
    transactions,
    traces,
    tokens: new TokensController(tokens, addressBook, new MetadataBuilder(tokens)),
  };
}

const transactionsQuery: V3Query = {
  name: 'transactions',
  label: 'transactions by account',
  takes: 'account',
  url: (account) => url('transactions', { account, limit: LIMIT }),
  request: (account) => gatewayRequest('transactions', { account, limit: LIMIT }),
  service: (db, req) => controllers(db).transactions.list(req as TransactionsReq),
  raw: async (db, r) => {
    const req = r as TransactionsReq;
    const rows = await new TransactionQueryRepository(db).list(req);
    await addressBookSql(db, rows.flatMap(bundleAddresses), req.no_address_book);
    return rows.length;
  },
};

const tracesQuery: V3Query = {
  name: 'traces',
  label: 'traces by account, with actions',
  takes: 'account',
  url: (account) => url('traces', { account, limit: LIMIT, include_actions: 'true' }),
  request: (account) =>
    gatewayRequest('traces', { account, limit: LIMIT, include_actions: 'true' }),
  service: (db, req) => controllers(db).traces.list(req as TracesReq),
  raw: async (db, r) => {
    const req = r as TracesReq;
    const rows = await new TraceQueryRepository(db).list(req);
    const shown = rows.filter((row) => Number(row.nodes_) <= MAX_TRACE_TRANSACTIONS);
    const ids = shown.map((row) => row.trace_id);
    const addresses: string[] = [];
    // The handler reads every action of the page's traces (filtering them by type itself) and their
    // transactions at the same time; it lists addresses trace by trace, in the page's order, actions
    // first.
    const [actions, bundles] = await Promise.all([
      req.include_actions ? new ActionQueryRepository(db).everyOfTraceSpans(shown) : [],
      new TransactionQueryRepository(db).ofTraceSpans(shown),
    ]);
    if (req.include_actions) {
      const supported = new Set(req.supported_action_types);
      const visible = actions.filter(
        (a) => supported.has(a.type) && !a.ancestor_type.some((t) => supported.has(t)),
      );
      addresses.push(
        ...ids.flatMap((id) => visible.filter((a) => a.trace_id === id).flatMap(actionAddresses)),
      );
    }
    const byTrace = new Map<string, TransactionBundle[]>();
    for (const b of bundles) {
      const id = b.tx.trace_id ?? '';
      byTrace.set(id, [...(byTrace.get(id) ?? []), b]);
    }
    addresses.push(...ids.flatMap((id) => (byTrace.get(id) ?? []).flatMap(bundleAddresses)));
    await addressBookSql(db, addresses, req.no_address_book);
    return rows.length;
  },
};

const jettonTransfersQuery: V3Query = {
  name: 'jetton_transfers',
  label: 'jetton/transfers by owner',
  takes: 'owner',
  url: (owner) => url('jetton/transfers', { owner_address: owner, limit: LIMIT }),
  request: (owner) => gatewayRequest('jetton/transfers', { owner_address: owner, limit: LIMIT }),
  service: (db, req) => controllers(db).tokens.jettonTransfers(req as JettonEventsReq),
  raw: async (db, r) => {
    const req = r as JettonEventsReq;
    const rows = await new TokenQueryRepository(db).jettonTransfers(req);
    const addresses = rows.flatMap((row) =>
      present(
        row.source,
        row.destination,
        row.jetton_wallet_address,
        row.jetton_master_address,
        row.response_destination,
      ),
    );
    await addressBookSql(db, addresses, req.no_address_book);
    await metadataSql(db, addresses);
    return rows.length;
  },
};

const messagesQuery: V3Query = {
  name: 'messages',
  label: 'messages by hash',
  takes: 'message',
  url: (hash) => url('messages', { msg_hash: hash, limit: LIMIT }),
  request: (hash) => gatewayRequest('messages', { msg_hash: hash, limit: LIMIT }),
  service: (db, req) => controllers(db).transactions.listMessages(req as MessagesReq),
  raw: async (db, r) => {
    const req = r as MessagesReq;
    const rows = await new MessageQueryRepository(db).list(req);
    const addresses = rows.flatMap((row) =>
      [row.message.source, row.message.destination].filter((a): a is string => a !== null),
    );
    await addressBookSql(db, addresses, req.no_address_book);
    return rows.length;
  },
};

export const V3_QUERIES: readonly V3Query[] = [
  transactionsQuery,
  tracesQuery,
  jettonTransfersQuery,
  messagesQuery,
];
