import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandSupportedActionTypes } from '../../v3/action-types';
import { parseSseRequest, type SseRequestInput } from './sse-request.parser';

const RAW = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const RAW_UPPER = RAW.toUpperCase();
/** The same account in its bounceable friendly form. */
const FRIENDLY = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';
const NORM = 'q7v0d1l3b0Fh0dR6Y3aT0mF1b9pC2rWw5x8z8s3mHkM=';

function input(body: unknown, overrides: Partial<SseRequestInput> = {}): SseRequestInput {
  return {
    contentType: 'application/json',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    actionsVersion: undefined,
    lastEventId: undefined,
    ...overrides,
  };
}

function errorOf(request: SseRequestInput): { id?: string; error: string } {
  const outcome = parseSseRequest(request);
  if (outcome.ok) {
    assert.fail('expected a refusal');
  }
  return outcome.id === undefined
    ? { error: outcome.error }
    : { id: outcome.id, error: outcome.error };
}

void describe('parseSseRequest (toncenter SSE body)', () => {
  void it('refuses an undecodable body without echoing an id', () => {
    assert.deepEqual(errorOf(input('{"id":"x"', {})), {
      error: 'invalid subscription request: invalid JSON',
    });
    assert.deepEqual(errorOf(input('')), {
      error: 'invalid subscription request: unexpected end of JSON input',
    });
    assert.deepEqual(errorOf(input('hello')), {
      error: "invalid subscription request: invalid character 'h' looking for beginning of value",
    });
    assert.deepEqual(errorOf(input({ types: ['transactions'] }, { contentType: 'text/plain' })), {
      error: 'invalid subscription request: Unprocessable Entity',
    });
    assert.deepEqual(errorOf(input({ types: ['transactions'] }, { contentType: undefined })), {
      error: 'invalid subscription request: Unprocessable Entity',
    });
    assert.deepEqual(errorOf(input([1, 2])), {
      error:
        'invalid subscription request: json: cannot unmarshal array into Go value of type SSERequest',
    });
    assert.deepEqual(errorOf(input({ id: 'x', types: 'transactions' })), {
      error:
        'invalid subscription request: json: cannot unmarshal string into Go struct field SSERequest.types of type []string',
    });
    assert.deepEqual(errorOf(input({ types: ['transactions', 7] })), {
      error:
        'invalid subscription request: json: cannot unmarshal number into Go struct field SSERequest.types of type string',
    });
    assert.deepEqual(errorOf(input({ id: 5 })), {
      error:
        'invalid subscription request: json: cannot unmarshal number into Go struct field SSERequest.id of type string',
    });
    assert.deepEqual(errorOf(input({ include_metadata: 'yes' })), {
      error:
        'invalid subscription request: json: cannot unmarshal string into Go struct field SSERequest.include_metadata of type bool',
    });
    assert.deepEqual(errorOf(input({ min_finality: 'soon' })), {
      error: 'invalid subscription request: unknown finality state: soon',
    });
  });

  void it('checks the subscription in toncenter order, echoing the id', () => {
    const cases: [unknown, string][] = [
      [{ id: 'a' }, 'types are required for subscription'],
      [
        { id: 'a', types: ['transactions', 'trace_invalidated'] },
        'invalid event type: trace_invalidated',
      ],
      [{ id: 'a', types: ['transactions'], addresses: [RAW, 'EQbad'] }, 'invalid address: EQbad'],
      [
        { id: 'a', types: ['trace'], trace_external_hash_norms: [NORM, '  '] },
        'trace_external_hash_norms contains empty value',
      ],
      [
        { id: 'a', types: ['actions'], addresses: [RAW], trace_external_hash_norms: [NORM] },
        'trace_external_hash_norms requires type "trace"',
      ],
      [
        { id: 'a', types: ['trace'] },
        'trace_external_hash_norms are required for trace subscription',
      ],
      [
        { id: 'a', types: ['trace', 'jettons_change'], trace_external_hash_norms: [NORM] },
        'addresses are required for subscription',
      ],
      // An address error comes before a missing-hash error, as in ton-streaming-go.
      [{ id: 'a', types: ['trace'], addresses: ['x'] }, 'invalid address: x'],
    ];
    for (const [body, error] of cases) {
      assert.deepEqual(errorOf(input(body)), { id: 'a', error }, error);
    }
  });

  void it('normalises addresses to raw upper-hex and merges duplicates; defaults as toncenter', () => {
    const outcome = parseSseRequest(
      input({
        types: ['transactions', 'trace', 'transactions'],
        addresses: [RAW, FRIENDLY, RAW_UPPER],
        trace_external_hash_norms: [` ${NORM} `, NORM],
        unknown_field: true,
      }),
    );
    assert.ok(outcome.ok);
    const { subscription, id, since } = outcome.request;
    assert.equal(id, undefined);
    assert.equal(since, undefined);
    assert.deepEqual([...subscription.types], ['transactions', 'trace']);
    assert.deepEqual([...subscription.addresses], [RAW_UPPER]);
    assert.deepEqual([...subscription.traceNorms], [NORM]);
    assert.equal(subscription.minFinality, 'finalized');
    assert.equal(subscription.includeAddressBook, false);
    assert.equal(subscription.includeMetadata, false);
    assert.deepEqual([...subscription.actionTypes], []);
    assert.deepEqual(
      [...subscription.supportedActionTypes],
      expandSupportedActionTypes(['latest']),
    );
  });

  void it('takes supported action types from the body, else X-Actions-Version, else latest', () => {
    const base = { types: ['actions'], addresses: [RAW] };
    const fromBody = parseSseRequest(
      input({ ...base, supported_action_types: ['v1'] }, { actionsVersion: 'v3' }),
    );
    const fromHeader = parseSseRequest(input(base, { actionsVersion: 'v2, tgbtc' }));
    assert.ok(fromBody.ok && fromHeader.ok);
    assert.deepEqual(
      [...fromBody.request.subscription.supportedActionTypes],
      expandSupportedActionTypes(['v1']),
    );
    assert.deepEqual(
      [...fromHeader.request.subscription.supportedActionTypes],
      expandSupportedActionTypes(['v2', 'tgbtc']),
    );
  });

  void it('reads the resume position from Last-Event-ID, else last_event_id', () => {
    const base = { id: 'r', types: ['transactions'], addresses: [RAW], last_event_id: '5:1' };
    const header = parseSseRequest(input(base, { lastEventId: '12:0' }));
    const body = parseSseRequest(input(base));
    assert.ok(header.ok && body.ok);
    assert.deepEqual(header.request.since, { seq: 12, k: 0 });
    assert.deepEqual(body.request.since, { seq: 5, k: 1 });
    assert.deepEqual(errorOf(input(base, { lastEventId: 'abc' })), {
      id: 'r',
      error: 'invalid Last-Event-ID: abc',
    });
    assert.deepEqual(errorOf(input({ ...base, last_event_id: '0:0' })), {
      id: 'r',
      error: 'invalid last_event_id: 0:0',
    });
  });
});
