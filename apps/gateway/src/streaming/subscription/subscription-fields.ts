import { expandSupportedActionTypes } from '../../v3/action-types';

/** The subscription fields shared by the SSE body and the WebSocket `subscribe` (https://docs.ton.org/api/streaming/overview). */
export const SUBSCRIPTION_FIELDS = {
  types: 'strings',
  addresses: 'strings',
  trace_external_hash_norms: 'strings',
  min_finality: 'finality',
  include_address_book: 'bool',
  include_metadata: 'bool',
  action_types: 'strings',
  supported_action_types: 'strings',
} as const;

/**
 * The client's supported action types: the body's list when it has one, else the `X-Actions-Version`
 * values, else `latest` — shortcuts expanded with the v3 rules (`v1` always added), as toncenter
 * does for both API v3 and streaming.
 */
export function supportedActionTypes(
  fromBody: readonly string[] | undefined,
  fromHeader: readonly string[],
): ReadonlySet<string> {
  const requested = fromBody !== undefined && fromBody.length > 0 ? fromBody : fromHeader;
  return new Set(expandSupportedActionTypes(requested));
}

/** `X-Actions-Version` values (repeated headers arrive comma-joined). */
export function actionsVersionHeader(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
