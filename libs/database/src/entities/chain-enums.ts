/** The indexer's PostgreSQL enums (toncenter https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models), as value lists for TypeORM and as types. */

export const AccountStatusValues = ['uninit', 'frozen', 'active', 'nonexist'] as const;
export type AccountStatus = (typeof AccountStatusValues)[number];

export const DescrTypeValues = [
  'ord',
  'storage',
  'tick_tock',
  'split_prepare',
  'split_install',
  'merge_prepare',
  'merge_install',
] as const;
export type DescrType = (typeof DescrTypeValues)[number];

export const StatusChangeValues = ['unchanged', 'frozen', 'deleted'] as const;
export type StatusChange = (typeof StatusChangeValues)[number];

export const SkippedReasonValues = ['no_state', 'bad_state', 'no_gas', 'suspended'] as const;
export type SkippedReason = (typeof SkippedReasonValues)[number];

export const BounceTypeValues = ['negfunds', 'nofunds', 'ok'] as const;
export type BounceType = (typeof BounceTypeValues)[number];

export const MessageDirectionValues = ['in', 'out'] as const;
export type MessageDirection = (typeof MessageDirectionValues)[number];

export const TraceStateValues = ['complete', 'pending', 'broken'] as const;
export type TraceState = (typeof TraceStateValues)[number];

export const ClassificationStateValues = ['unclassified', 'failed', 'ok', 'broken'] as const;
export type ClassificationState = (typeof ClassificationStateValues)[number];
