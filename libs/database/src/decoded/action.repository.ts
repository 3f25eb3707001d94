import { type EntityManager } from 'typeorm';
import { ActionAccountEntity } from '../entities/action-account.entity';
import { ActionEntity } from '../entities/action.entity';
import { bulkColumns } from '../entities/bulk-columns';
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

const ACTION_COLUMNS: readonly BulkColumn<ActionInsertRow>[] = [
  ...bulkColumns<ActionEntity, ActionInsertRow>(ActionEntity, {
    traceId: (a) => a.traceId,
    actionId: (a) => a.actionId,
    startLt: (a) => a.startLt,
    endLt: (a) => a.endLt,
    startUtime: (a) => a.startUtime,
    endUtime: (a) => a.endUtime,
    source: (a) => a.source,
    sourceSecondary: (a) => a.sourceSecondary,
    destination: (a) => a.destination,
    destinationSecondary: (a) => a.destinationSecondary,
    asset: (a) => a.asset,
    assetSecondary: (a) => a.assetSecondary,
    asset2: (a) => a.asset2,
    asset2Secondary: (a) => a.asset2Secondary,
    opcode: (a) => a.opcode,
    txHashes: (a) => a.txHashes,
    type: (a) => a.type,
    value: (a) => a.value,
    amount: (a) => a.amount,
    success: (a) => a.success,
    traceEndLt: (a) => a.traceEndLt,
    traceEndUtime: (a) => a.traceEndUtime,
    traceExternalHash: (a) => a.traceExternalHash,
    traceExternalHashNorm: (a) => a.traceExternalHashNorm,
    mcSeqnoEnd: (a) => a.mcSeqnoEnd,
    traceMcSeqnoEnd: (a) => a.traceMcSeqnoEnd,
    parentActionId: (a) => a.parentActionId,
    ancestorType: (a) => a.ancestorType,
    valueExtraCurrencies: (a) => a.valueExtraCurrencies,
  }),
  // The classifier renders the details itself (64-bit numbers as strings): they travel as its text.
  { name: 'details', type: 'jsonb', value: (a) => a.detailsJson },
];

interface ActionAccountRow {
  readonly account: string;
  readonly action: ActionInsertRow;
}

const ACTION_ACCOUNT_COLUMNS = bulkColumns<ActionAccountEntity, ActionAccountRow>(
  ActionAccountEntity,
  {
    account: (r) => r.account,
    traceEndLt: (r) => r.action.traceEndLt,
    traceId: (r) => r.action.traceId,
    actionEndLt: (r) => r.action.endLt,
    actionId: (r) => r.action.actionId,
    traceEndUtime: (r) => r.action.traceEndUtime,
    actionEndUtime: (r) => r.action.endUtime,
  },
);

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
