import { type EventId, parseEventId } from '../replay/event-id';
import { decodeGoStruct, type GoDecoded, parseGoJson } from './go-json-fields';
import { type Subscription } from './subscription';
import { SUBSCRIPTION_FIELDS, supportedActionTypes } from './subscription-fields';
import {
  type AddressNormaliser,
  normaliseAddresses,
  normaliseTraceNorms,
  validateTargets,
  WS_TEXTS,
} from './subscription-targets';

const ENVELOPE_FIELDS = { operation: 'string', id: 'string' } as const;
const SUBSCRIBE_FIELDS = { ...SUBSCRIPTION_FIELDS, since: 'string' } as const;
const UNSUBSCRIBE_FIELDS = { addresses: 'strings', trace_external_hash_norms: 'strings' } as const;

export type SubscribeFields = GoDecoded<typeof SUBSCRIBE_FIELDS>;

/** One client frame of `/api/streaming/v2/ws` (https://docs.ton.org/api/streaming/overview). */
export type WsRequest =
  | { readonly operation: 'ping'; readonly id?: string }
  | { readonly operation: 'subscribe'; readonly id?: string; readonly fields: SubscribeFields }
  | {
      readonly operation: 'unsubscribe';
      readonly id?: string;
      readonly addresses: ReadonlySet<string>;
      readonly traceNorms: ReadonlySet<string>;
    };

export type WsParseOutcome =
  | { readonly ok: true; readonly request: WsRequest }
  | { readonly ok: false; readonly id?: string; readonly error: string };

function failure(error: string, id: string | undefined): WsParseOutcome {
  return id === undefined ? { ok: false, error } : { ok: false, id, error };
}

/**
 * Reads a client frame as ton-streaming-go does: the envelope `{operation, id}` first
 * (`invalid request envelope: …`, no id), then the operation's own fields, with the request id
 * echoed in every later error.
 */
export function parseWsMessage(text: string): WsParseOutcome {
  const json = parseGoJson(text);
  if (!json.ok) {
    return failure(`invalid request envelope: ${json.error}`, undefined);
  }
  const envelope = decodeGoStruct('WSRequest', json.value, ENVELOPE_FIELDS);
  if (!envelope.ok) {
    return failure(`invalid request envelope: ${envelope.error}`, undefined);
  }
  const { id, operation = '' } = envelope.value;
  const withId = id === undefined ? {} : { id };
  switch (operation) {
    case 'ping':
      return { ok: true, request: { operation: 'ping', ...withId } };
    case 'subscribe': {
      const fields = decodeGoStruct('SubscribeRequest', json.value, SUBSCRIBE_FIELDS);
      if (!fields.ok) {
        return failure(`invalid subscribe request: ${fields.error}`, id);
      }
      return { ok: true, request: { operation: 'subscribe', ...withId, fields: fields.value } };
    }
    case 'unsubscribe': {
      const fields = decodeGoStruct('UnsubscribeRequest', json.value, UNSUBSCRIBE_FIELDS);
      if (!fields.ok) {
        return failure(`invalid unsubscribe request: ${fields.error}`, id);
      }
      const addresses = fields.value.addresses ?? [];
      const hashes = fields.value.trace_external_hash_norms ?? [];
      if (addresses.length === 0 && hashes.length === 0) {
        return failure('addresses or trace_external_hash_norms are required', id);
      }
      const normalised = normaliseAddresses(addresses);
      if (!normalised.ok) {
        return failure(normalised.error, id);
      }
      const norms = normaliseTraceNorms(hashes);
      if (!norms.ok) {
        return failure(norms.error, id);
      }
      return {
        ok: true,
        request: {
          operation: 'unsubscribe',
          ...withId,
          addresses: normalised.addresses,
          traceNorms: norms.norms,
        },
      };
    }
    default:
      return failure(`unknown operation: ${operation}`, id);
  }
}

export type SubscribeOutcome =
  | { readonly ok: true; readonly subscription: Subscription; readonly since?: EventId }
  | { readonly ok: false; readonly error: string };

/**
 * The subscription after a `subscribe` (ton-streaming-go, not the docs' "replaces everything"):
 * addresses, types and trace hashes are replaced; `min_finality` and the include flags change only
 * when present; `supported_action_types` and `action_types` only when non-empty. On any error the
 * previous subscription stays.
 */
export function applySubscribe(
  current: Subscription,
  fields: SubscribeFields,
  normalise?: AddressNormaliser,
): SubscribeOutcome {
  const targets = validateTargets(fields, WS_TEXTS, normalise);
  if (!targets.ok) {
    return targets;
  }
  let since: EventId | undefined;
  if (fields.since !== undefined && fields.since !== '') {
    since = parseEventId(fields.since);
    if (since === undefined) {
      return { ok: false, error: `invalid since: ${fields.since}` };
    }
  }
  const actionTypes = fields.action_types ?? [];
  const supported = fields.supported_action_types ?? [];
  const subscription: Subscription = {
    ...targets.targets,
    minFinality: fields.min_finality ?? current.minFinality,
    includeAddressBook: fields.include_address_book ?? current.includeAddressBook,
    includeMetadata: fields.include_metadata ?? current.includeMetadata,
    actionTypes: actionTypes.length > 0 ? new Set(actionTypes) : current.actionTypes,
    supportedActionTypes:
      supported.length > 0 ? supportedActionTypes(supported, []) : current.supportedActionTypes,
  };
  return { ok: true, subscription, ...(since === undefined ? {} : { since }) };
}

/** Removes addresses and trace hashes; types and settings stay (ton-streaming-go). */
export function applyUnsubscribe(
  current: Subscription,
  remove: { readonly addresses: ReadonlySet<string>; readonly traceNorms: ReadonlySet<string> },
): Subscription {
  return {
    ...current,
    addresses: new Set([...current.addresses].filter((a) => !remove.addresses.has(a))),
    traceNorms: new Set([...current.traceNorms].filter((n) => !remove.traceNorms.has(n))),
  };
}

/**
 * A subscribe lists no more addresses than the caller may hold in all (`max`), counted as sent,
 * before any is parsed: the work one subscribe causes is bounded by the allowance, not by the frame.
 */
export function addressCountFits(request: WsRequest, max: number): boolean {
  return request.operation !== 'subscribe' || (request.fields.addresses?.length ?? 0) <= max;
}
