import { type EventId, parseEventId } from '../replay/event-id';
import { decodeGoStruct, parseGoJson } from './go-json-fields';
import { type Subscription } from './subscription';
import {
  actionsVersionHeader,
  SUBSCRIPTION_FIELDS,
  supportedActionTypes,
} from './subscription-fields';
import { SSE_TEXTS, validateTargets } from './subscription-targets';

const SSE_FIELDS = { id: 'string', last_event_id: 'string', ...SUBSCRIPTION_FIELDS } as const;

/** The parts of the HTTP request an SSE subscription is read from. */
export interface SseRequestInput {
  readonly contentType: string | undefined;
  readonly body: string | undefined;
  readonly actionsVersion: string | string[] | undefined;
  readonly lastEventId: string | string[] | undefined;
}

export interface SseRequest {
  /** Echoed in the `connected` frame and in error bodies. */
  readonly id?: string;
  readonly subscription: Subscription;
  /** Where a reconnecting client left off (`Last-Event-ID`, else the body's `last_event_id`). */
  readonly since?: EventId;
}

export type SseRequestOutcome =
  | { readonly ok: true; readonly request: SseRequest }
  | { readonly ok: false; readonly id?: string; readonly error: string };

function failure(error: string, id: string | undefined): SseRequestOutcome {
  return id === undefined ? { ok: false, error } : { ok: false, id, error };
}

/** Fiber's BodyParser reads JSON only when the media type ends in `json`, else 422's text. */
function isJsonContentType(contentType: string | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media.endsWith('json');
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/**
 * The body of `POST /api/streaming/v2/sse`, checked in ton-streaming-go's order with its texts
 * (https://docs.ton.org/api/streaming/overview): a body that does not decode → `invalid
 * subscription request: <Go error>` (no id), then the subscription rules with the request's `id`
 * echoed. Everything is a 400.
 */
export function parseSseRequest(input: SseRequestInput): SseRequestOutcome {
  if (!isJsonContentType(input.contentType)) {
    return failure('invalid subscription request: Unprocessable Entity', undefined);
  }
  const json = parseGoJson(input.body ?? '');
  if (!json.ok) {
    return failure(`invalid subscription request: ${json.error}`, undefined);
  }
  const decoded = decodeGoStruct('SSERequest', json.value, SSE_FIELDS);
  if (!decoded.ok) {
    return failure(`invalid subscription request: ${decoded.error}`, undefined);
  }
  const body = decoded.value;
  const targets = validateTargets(body, SSE_TEXTS);
  if (!targets.ok) {
    return failure(targets.error, body.id);
  }
  const header = single(input.lastEventId);
  let since: EventId | undefined;
  if (header !== undefined && header.trim() !== '') {
    since = parseEventId(header);
    if (since === undefined) {
      return failure(`invalid Last-Event-ID: ${header}`, body.id);
    }
  } else if (body.last_event_id !== undefined && body.last_event_id !== '') {
    since = parseEventId(body.last_event_id);
    if (since === undefined) {
      return failure(`invalid last_event_id: ${body.last_event_id}`, body.id);
    }
  }
  const subscription: Subscription = {
    ...targets.targets,
    minFinality: body.min_finality ?? 'finalized',
    includeAddressBook: body.include_address_book ?? false,
    includeMetadata: body.include_metadata ?? false,
    actionTypes: new Set(body.action_types ?? []),
    supportedActionTypes: supportedActionTypes(
      body.supported_action_types,
      actionsVersionHeader(input.actionsVersion),
    ),
  };
  return {
    ok: true,
    request: {
      ...(body.id === undefined ? {} : { id: body.id }),
      subscription,
      ...(since === undefined ? {} : { since }),
    },
  };
}
