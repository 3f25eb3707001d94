import { dir, type SqlFilter } from './sql-filter';
import { type TokenEventFilter } from './token-query.filters';
import {
  JETTON_BURN_COLUMNS,
  JETTON_TRANSFER_COLUMNS,
  NFT_TRANSFER_COLUMNS,
} from './token-query.rows';

/** The time and lt ranges of the token event tables (tx_now, tx_lt). */
function eventRanges(q: SqlFilter, f: TokenEventFilter): void {
  if (f.startUtime !== undefined) {
    q.and(`tx_now >= ${q.param(f.startUtime)}`);
  }
  if (f.endUtime !== undefined) {
    q.and(`tx_now <= ${q.param(f.endUtime)}`);
  }
  if (f.startLt !== undefined) {
    q.and(`tx_lt >= ${q.param(f.startLt)}::bigint`);
  }
  if (f.endLt !== undefined) {
    q.and(`tx_lt <= ${q.param(f.endLt)}::bigint`);
  }
}

/** `column` equal to one of `values`: plain equality for one value, so the index can give the order. */
export function oneOf(q: SqlFilter, column: string, values: readonly string[]): string {
  const [only] = values;
  return values.length === 1 && only !== undefined
    ? `${column} = ${q.param(only)}`
    : `${column} = ANY(${q.param(values)}::varchar[])`;
}

/** A token event table: its select list (over alias E) and its owner columns by direction. */
interface EventTable {
  readonly table: string;
  readonly columns: string;
  readonly inColumn: string;
  readonly outColumn: string;
}

/**
 * The page of an event table in (tx_lt, tx_hash) order. The order names E's columns: the select list
 * casts tx_lt to text under the same name, and an unqualified ORDER BY would sort that text (and could
 * not use an index). One owner in both directions reads two index-ordered branches, each cut at
 * offset + limit, merged by the outer sort; an OR of the two columns would fetch and sort every event
 * of a busy owner. An event where the owner is on both sides comes from the first branch only.
 */
export function eventPage(
  t: EventTable,
  q: SqlFilter,
  f: TokenEventFilter,
): { sql: string; params: unknown[] } {
  eventRanges(q, f);
  const s = dir(f.sort);
  const order = `ORDER BY E.tx_lt ${s}, E.tx_hash ${s}`;
  const owners = f.owner;
  const [owner] = owners ?? [];
  if (owners?.length === 1 && owner !== undefined && (f.direction ?? 'both') === 'both') {
    const o = q.param(owner);
    const n = q.param(f.limit + f.offset);
    const where = q.where();
    const and = where === '' ? ' WHERE' : `${where} AND`;
    const branch = (condition: string): string =>
      `(SELECT * FROM ${t.table} E${and} ${condition} ${order} LIMIT ${n})`;
    return {
      sql: `SELECT ${t.columns} FROM (${branch(`E.${t.inColumn} = ${o}`)} UNION ALL ${branch(
        `E.${t.outColumn} = ${o} AND E.${t.inColumn} IS DISTINCT FROM ${o}`,
      )}) E ${order}${q.page(f.limit, f.offset)}`,
      params: q.params,
    };
  }
  if (owners !== undefined) {
    if (f.direction === 'in') {
      q.and(oneOf(q, t.inColumn, owners));
    } else if (f.direction === 'out') {
      q.and(oneOf(q, t.outColumn, owners));
    } else {
      const p = q.param(owners);
      q.and(`(${t.inColumn} = ANY(${p}::varchar[]) OR ${t.outColumn} = ANY(${p}::varchar[]))`);
    }
  }
  return {
    sql: `SELECT ${t.columns} FROM ${t.table} E${q.where()} ${order}${q.page(f.limit, f.offset)}`,
    params: q.params,
  };
}

export const JETTON_TRANSFERS: EventTable = {
  table: 'jetton_transfers',
  columns: JETTON_TRANSFER_COLUMNS,
  inColumn: 'destination',
  outColumn: 'source',
};

export const JETTON_BURNS: EventTable = {
  table: 'jetton_burns',
  columns: JETTON_BURN_COLUMNS,
  inColumn: 'owner',
  outColumn: 'owner',
};

export const NFT_TRANSFERS: EventTable = {
  table: 'nft_transfers',
  columns: NFT_TRANSFER_COLUMNS,
  inColumn: 'new_owner',
  outColumn: 'old_owner',
};
