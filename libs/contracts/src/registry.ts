import { type z } from 'zod';

import { lsContracts } from './messages/ls';
import { lsAccountsContracts } from './messages/ls-accounts';
import { lsBlocksContracts } from './messages/ls-blocks';
import { lsMethodsContracts } from './messages/ls-methods';
import { lsTransactionsContracts } from './messages/ls-transactions';
import { queryAccountsContracts } from './messages/query-accounts';
import { queryBalanceChangesContracts } from './messages/query-balance-changes';
import { queryBlocksContracts } from './messages/query-blocks';
import { queryDecodeContracts } from './messages/query-decode';
import { queryNftSalesContracts } from './messages/query-nft-sales';
import { queryTokensContracts } from './messages/query-tokens';
import { queryTracesContracts } from './messages/query-traces';
import { queryTransactionsContracts } from './messages/query-transactions';
import { sendContracts } from './messages/send';
import { sendPendingContracts } from './messages/send-pending';

/** The schemas of one request/reply subject. */
export interface RpcContract {
  readonly req: z.ZodType;
  readonly res: z.ZodType;
}

/**
 * Every request/reply subject with its schemas (Novu's typed queues). Add a service's contracts
 * here once its `messages/<service>.ts` exists.
 */
export const rpcContracts = {
  ...lsContracts,
  ...lsAccountsContracts,
  ...lsBlocksContracts,
  ...lsTransactionsContracts,
  ...lsMethodsContracts,
  ...queryBlocksContracts,
  ...queryTransactionsContracts,
  ...queryTracesContracts,
  ...queryBalanceChangesContracts,
  ...queryTokensContracts,
  ...queryNftSalesContracts,
  ...queryAccountsContracts,
  ...queryDecodeContracts,
  ...sendContracts,
  ...sendPendingContracts,
} as const satisfies Readonly<Record<string, RpcContract>>;

export type RpcContracts = typeof rpcContracts;
/** A subject the typed client can send. */
export type RpcSubject = keyof RpcContracts;
/** What a caller passes for `subject` (schema input). */
export type RpcRequest<S extends RpcSubject> = z.input<RpcContracts[S]['req']>;
/** What a handler receives after validation (schema output). */
export type RpcParsedRequest<S extends RpcSubject> = z.output<RpcContracts[S]['req']>;
/** What a handler returns (schema input) — JSON-safe, no bigint. */
export type RpcReply<S extends RpcSubject> = z.input<RpcContracts[S]['res']>;
/** What the caller receives after validation (schema output). */
export type RpcResponse<S extends RpcSubject> = z.output<RpcContracts[S]['res']>;

export function isRpcSubject(subject: string): subject is RpcSubject {
  return Object.prototype.hasOwnProperty.call(rpcContracts, subject);
}

/** The schemas of `S`, typed so that parsing yields exactly `S`'s request and response types. */
export interface TypedRpcContract<S extends RpcSubject> {
  readonly req: z.ZodType<RpcParsedRequest<S>, RpcRequest<S>>;
  readonly res: z.ZodType<RpcResponse<S>, RpcReply<S>>;
}

// A mapped type keeps the subject → schema correlation that indexing the const object loses.
const typedContracts: { readonly [S in RpcSubject]: TypedRpcContract<S> } = rpcContracts;

/** The contract of `subject`, with its types still tied to `S` (for generic clients/handlers). */
export function contractFor<S extends RpcSubject>(subject: S): TypedRpcContract<S> {
  return typedContracts[subject];
}
