import { EVENT_TYPES, FINALITIES } from '../streaming/subscription/subscription';
import { API_KEY_SCHEMES, API_KEY_SECURITY } from './api-key.security';
import { type JsonObject } from './json-schema';

const strings = (description: string, example?: readonly string[]): JsonObject => ({
  type: 'array',
  items: { type: 'string' },
  description,
  ...(example === undefined ? {} : { example }),
});

/** The SSE body (toncenter ton-streaming-go SSERequest, plus `last_event_id`). */
const SUBSCRIPTION: JsonObject = {
  type: 'object',
  required: ['types'],
  properties: {
    id: { type: 'string', description: 'Echoed in the `connected` frame and in error bodies.' },
    types: {
      type: 'array',
      items: { type: 'string', enum: [...EVENT_TYPES] },
      minItems: 1,
      example: ['transactions', 'actions'],
    },
    addresses: strings('Any address form; required unless `types` is only `trace`.', [
      '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8',
    ]),
    trace_external_hash_norms: strings(
      'Standard base64 normalised external message hashes; required with `trace`.',
    ),
    min_finality: { type: 'string', enum: [...FINALITIES], default: 'finalized' },
    include_address_book: { type: 'boolean', default: false },
    include_metadata: { type: 'boolean', default: false },
    action_types: strings('Only these action types (empty: all).'),
    supported_action_types: strings(
      'Action type versions or names the client understands (default: `X-Actions-Version`, else `latest`).',
    ),
    last_event_id: {
      type: 'string',
      description: 'Resume after this event (`<seq>:<k>`); the `Last-Event-ID` header wins.',
      example: '1042:0',
    },
  },
};

const ERROR: JsonObject = {
  type: 'object',
  required: ['error'],
  properties: { id: { type: 'string' }, error: { type: 'string' } },
};

const errorResponse = (description: string): JsonObject => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/StreamingError' } } },
});

/**
 * The OpenAPI 3.1 document of the Streaming API v2 (served at /api/streaming/v2/openapi.json):
 * the SSE subscription with its body, and the WebSocket upgrade with its message protocol in prose.
 */
export function buildStreamingOpenApi(): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'TON Streaming API v2',
      version: '2',
      description:
        "toncenter's Streaming API v2 over SSE and WebSocket: `transactions`, `actions`, `trace`, `account_state_change`, `jettons_change` and `trace_invalidated` notifications at `pending`, `confirmed` or `finalized`. Beyond toncenter, every notification has an id `<seq>:<k>` (SSE `id:` line, WebSocket `event_id`) and a reconnect with it (`Last-Event-ID`, or `since` in the first WebSocket `subscribe`) replays what was missed.",
    },
    servers: [{ url: '/' }],
    security: API_KEY_SECURITY,
    paths: {
      '/api/streaming/v2/sse': {
        post: {
          operationId: 'StreamSse_post',
          tags: ['streaming'],
          summary: 'Subscribe over Server-Sent Events',
          description:
            'Answers `text/event-stream`: `event: connected` with `{"status":"subscribed"}` first, then `id: <seq>:<k>` + `event: event` + `data: <notification>` per notification, and `: keepalive` every 15 s. A reconnect with `Last-Event-ID` is never refused for the connection limit: the oldest connection of the caller is replaced.',
          parameters: [
            {
              name: 'Last-Event-ID',
              in: 'header',
              required: false,
              description: 'Resume after this event.',
              schema: { type: 'string', pattern: '^[1-9][0-9]*:[0-9]+$' },
            },
            {
              name: 'X-Actions-Version',
              in: 'header',
              required: false,
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/StreamSubscription' } },
            },
          },
          responses: {
            '200': {
              description: 'The event stream',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            },
            '400': errorResponse('A malformed subscription, or too many addresses for the plan'),
            '401': errorResponse('Unknown API key'),
            '429': errorResponse('Connection limit of the plan, or rate limit, reached'),
            '503': errorResponse('The event log is unavailable'),
          },
        },
      },
      '/api/streaming/v2/ws': {
        get: {
          operationId: 'StreamWs_get',
          tags: ['streaming'],
          summary: 'Subscribe over WebSocket',
          description:
            'Upgrade to a WebSocket, then send JSON text frames `{"operation":"ping"|"subscribe"|"unsubscribe","id"?:…}`; `subscribe` carries the fields of the SSE body (and `since`: resume after an event id), `unsubscribe` `addresses` and/or `trace_external_hash_norms`. Replies are `{"id"?,"status":"pong"|"subscribed"|"unsubscribed"}` or `{"id"?,"error":…}`; notifications carry `event_id`.',
          responses: {
            '101': { description: 'Switching to the WebSocket protocol' },
            '426': {
              description: 'Not a WebSocket upgrade',
              content: {
                'text/plain': { schema: { type: 'string', example: 'Upgrade Required' } },
              },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: API_KEY_SCHEMES,
      schemas: { StreamSubscription: SUBSCRIPTION, StreamingError: ERROR },
    },
  };
}
