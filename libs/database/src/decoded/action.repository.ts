import { type EntityManager } from 'typeorm';
import { type BulkColumn, dec, unnestInsert } from '../repositories/unnest-insert';

/** An `actions` row ready to store; toncenter's composite `*_data` columns live in `details`. */
export interface ActionInsertRow {
  readonly traceId: string;
  readonly actionId: string;
  readonly type: string;
  readonly txHashes: readonly string[];
  readonly value: bigint | null;
  readonly amount: bigint | null;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly startUtime: number;
  readonly endUtime: number;
  readonly source: string | null;
  readonly sourceSecondary: string | null;
  readonly destination: string | null;
  readonly destinationSecondary: string | null;
  readonly asset: string | null;
  readonly assetSecondary: string | null;
  readonly asset2: string | null;
  readonly asset2Secondary: string | null;
  readonly opcode: number | null;
  readonly success: boolean;
  readonly traceEndLt: bigint;
  readonly traceEndUtime: number;
  readonly traceExternalHash: string | null;
  readonly traceExternalHashNorm: string | null;
  readonly mcSeqnoEnd: number;
  readonly traceMcSeqnoEnd: number;
  readonly parentActionId: string | null;
  readonly ancestorType: readonly string[];
  readonly valueExtraCurrencies: Record<string, string> | null;
  /** `{ "<type>_data": {...} }`, JSON text with 64-bit numbers as strings. */
  readonly detailsJson: string;
  readonly accounts: readonly string[];
}

/** Postgres array literal of text values (for text[] cells inside an unnest parameter). */
function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

const ACTION_COLUMNS: readonly BulkColumn<ActionInsertRow>[] = [
  { name: 'trace_id', type: 'text', value: (a) => a.traceId },
  { name: 'action_id', type: 'text', value: (a) => a.actionId },
  { name: 'start_lt', type: 'bigint', value: (a) => dec(a.startLt) },
  { name: 'end_lt', type: 'bigint', value: (a) => dec(a.endLt) },
  { name: 'start_utime', type: 'integer', value: (a) => a.startUtime },
  { name: 'end_utime', type: 'integer', value: (a) => a.endUtime },
  { name: 'source', type: 'text', value: (a) => a.source },
  { name: 'source_secondary', type: 'text', value: (a) => a.sourceSecondary },
  { name: 'destination', type: 'text', value: (a) => a.destination },
  { name: 'destination_secondary', type: 'text', value: (a) => a.destinationSecondary },
  { name: 'asset', type: 'text', value: (a) => a.asset },
  { name: 'asset_secondary', type: 'text', value: (a) => a.assetSecondary },
  { name: 'asset2', type: 'text', value: (a) => a.asset2 },
  { name: 'asset2_secondary', type: 'text', value: (a) => a.asset2Secondary },
  { name: 'opcode', type: 'bigint', value: (a) => a.opcode },
  // text[] per row travels as an array literal and is cast back.
  { name: 'tx_hashes', type: 'text', cast: 'text[]', value: (a) => pgTextArray(a.txHashes) },
  { name: 'type', type: 'text', value: (a) => a.type },
  { name: 'value', type: 'numeric', value: (a) => dec(a.value) },
  { name: 'amount', type: 'numeric', value: (a) => dec(a.amount) },
  { name: 'success', type: 'boolean', value: (a) => a.success },
  { name: 'trace_end_lt', type: 'bigint', value: (a) => dec(a.traceEndLt) },
  { name: 'trace_end_utime', type: 'integer', value: (a) => a.traceEndUtime },
  { name: 'trace_external_hash', type: 'text', value: (a) => a.traceExternalHash },
  { name: 'trace_external_hash_norm', type: 'text', value: (a) => a.traceExternalHashNorm },
  { name: 'mc_seqno_end', type: 'integer', value: (a) => a.mcSeqnoEnd },
  { name: 'trace_mc_seqno_end', type: 'integer', value: (a) => a.traceMcSeqnoEnd },
  { name: 'parent_action_id', type: 'text', value: (a) => a.parentActionId },
  {
    name: 'ancestor_type',
    type: 'text',
    cast: 'varchar[]',
    value: (a) => pgTextArray(a.ancestorType),
  },
  {
    name: 'value_extra_currencies',
    type: 'jsonb',
    value: (a) => (a.valueExtraCurrencies === null ? null : JSON.stringify(a.valueExtraCurrencies)),
  },
  { name: 'details', type: 'jsonb', value: (a) => a.detailsJson },
];

interface ActionAccountRow {
  readonly account: string;
  readonly action: ActionInsertRow;
}

const ACTION_ACCOUNT_COLUMNS: readonly BulkColumn<ActionAccountRow>[] = [
  { name: 'account', type: 'text', value: (r) => r.account },
  { name: 'trace_end_lt', type: 'bigint', value: (r) => dec(r.action.traceEndLt) },
  { name: 'trace_id', type: 'text', value: (r) => r.action.traceId },
  { name: 'action_end_lt', type: 'bigint', value: (r) => dec(r.action.endLt) },
  { name: 'action_id', type: 'text', value: (r) => r.action.actionId },
  { name: 'trace_end_utime', type: 'integer', value: (r) => r.action.traceEndUtime },
  { name: 'action_end_utime', type: 'integer', value: (r) => r.action.endUtime },
];

/** `action_lts`: an action's id → its trace_end_lt, the partition key of its rows (migration ActionLts). */
const ACTION_LT_COLUMNS: readonly BulkColumn<ActionInsertRow>[] = [
  { name: 'action_id', type: 'text', value: (a) => a.actionId },
  { name: 'trace_end_lt', type: 'bigint', value: (a) => dec(a.traceEndLt) },
];

/**
 * Stores classified actions, their `action_accounts` rows and their `action_lts` rows in one
 * statement (idempotent on natural keys); the traces' classification state is part of the trace row
 * (TraceRepository.write).
 */
export class ActionRepository {
  async store(m: EntityManager, actions: readonly ActionInsertRow[]): Promise<void> {
    if (actions.length === 0) {
      return;
    }
    const rows = unnestInsert('actions', ACTION_COLUMNS, actions);
    const lts = unnestInsert(
      'action_lts',
      ACTION_LT_COLUMNS,
      actions,
      'ON CONFLICT DO NOTHING',
      rows.params.length + 1,
    );
    const accounts = unnestInsert(
      'action_accounts',
      ACTION_ACCOUNT_COLUMNS,
      actions.flatMap((action) =>
        [...new Set(action.accounts)].map((account) => ({ account, action })),
      ),
      'ON CONFLICT DO NOTHING',
      rows.params.length + lts.params.length + 1,
    );
    await m.query(`WITH inserted AS (${rows.sql}), lookups AS (${lts.sql}) ${accounts.sql}`, [
      ...rows.params,
      ...lts.params,
      ...accounts.params,
    ]);
  }
}
