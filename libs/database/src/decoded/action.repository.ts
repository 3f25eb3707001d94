import { type EntityManager } from 'typeorm';
import { ActionAccountEntity } from '../entities/action-account.entity';
import { ActionEntity } from '../entities/action.entity';
import { bulkColumns, ownColumns, type WriteRow } from '../entities/bulk-columns';
import { type BulkColumn, runComposed, unnestPart } from '../repositories/unnest-insert';

/**
 * The `actions` columns the decoder writes from the classifier's action, in the insert's order; the
 * composite `*_data` columns are toncenter's, gathered here into the one jsonb `details`.
 */
const ACTION_KEYS = [
  'traceId',
  'actionId',
  'startLt',
  'endLt',
  'startUtime',
  'endUtime',
  'source',
  'sourceSecondary',
  'destination',
  'destinationSecondary',
  'asset',
  'assetSecondary',
  'asset2',
  'asset2Secondary',
  'opcode',
  'txHashes',
  'type',
  'value',
  'amount',
  'success',
  'traceEndLt',
  'traceEndUtime',
  'traceExternalHash',
  'traceExternalHashNorm',
  'mcSeqnoEnd',
  'traceMcSeqnoEnd',
  'parentActionId',
  'ancestorType',
  'valueExtraCurrencies',
] as const;

/** An `actions` row ready to store: the entity's own columns, its details and its accounts. */
export type ActionInsertRow = WriteRow<ActionEntity, (typeof ACTION_KEYS)[number]> & {
  /** `{ "<type>_data": {...} }`, JSON text with 64-bit numbers as strings. */
  readonly detailsJson: string;
  readonly accounts: readonly string[];
};

const ACTION_COLUMNS: readonly BulkColumn<ActionInsertRow>[] = [
  ...ownColumns(ActionEntity, ACTION_KEYS),
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
  { name: 'trace_end_lt', type: 'bigint', value: (a) => String(a.traceEndLt) },
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
    await runComposed(m, [
      unnestPart('actions', ACTION_COLUMNS, actions),
      unnestPart('action_lts', ACTION_LT_COLUMNS, actions),
      unnestPart(
        'action_accounts',
        ACTION_ACCOUNT_COLUMNS,
        actions.flatMap((action) =>
          [...new Set(action.accounts)].map((account) => ({ account, action })),
        ),
      ),
    ]);
  }
}
