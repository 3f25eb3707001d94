import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandSupportedActionTypes } from '../../v3/action-types';
import { emptySubscription } from './subscription';
import {
  applySubscribe,
  applyUnsubscribe,
  parseWsMessage,
  type SubscribeFields,
} from './ws-message.parser';

const A = '0:' + 'A1'.repeat(32);
const B = '0:' + 'B2'.repeat(32);
const NORM = 'q7v0d1l3b0Fh0dR6Y3aT0mF1b9pC2rWw5x8z8s3mHkM=';
const LATEST = new Set(expandSupportedActionTypes(['latest']));

function refusal(text: string): { id?: string; error: string } {
  const outcome = parseWsMessage(text);
  if (outcome.ok) {
    assert.fail('expected a refusal');
  }
  return outcome.id === undefined
    ? { error: outcome.error }
    : { id: outcome.id, error: outcome.error };
}

function fieldsOf(message: unknown): SubscribeFields {
  const outcome = parseWsMessage(JSON.stringify(message));
  if (!outcome.ok || outcome.request.operation !== 'subscribe') {
    assert.fail('expected a subscribe request');
  }
  return outcome.request.fields;
}

void describe('WebSocket frames (toncenter /v2/ws)', () => {
  void it('reads ping, subscribe and unsubscribe envelopes', () => {
    assert.deepEqual(parseWsMessage('{"operation":"ping","id":"7"}'), {
      ok: true,
      request: { operation: 'ping', id: '7' },
    });
    assert.deepEqual(parseWsMessage('{"operation":"ping"}'), {
      ok: true,
      request: { operation: 'ping' },
    });
    assert.deepEqual(
      parseWsMessage(JSON.stringify({ operation: 'unsubscribe', addresses: [A.toLowerCase()] })),
      {
        ok: true,
        request: { operation: 'unsubscribe', addresses: new Set([A]), traceNorms: new Set() },
      },
    );
  });

  void it('refuses bad frames with toncenter texts', () => {
    assert.deepEqual(refusal('?'), {
      error: "invalid request envelope: invalid character '?' looking for beginning of value",
    });
    assert.deepEqual(refusal('{"operation":'), { error: 'invalid request envelope: invalid JSON' });
    assert.deepEqual(refusal('{"operation":"ping","id":1}'), {
      error:
        'invalid request envelope: json: cannot unmarshal number into Go struct field WSRequest.id of type string',
    });
    assert.deepEqual(refusal('{"id":"1"}'), { id: '1', error: 'unknown operation: ' });
    assert.deepEqual(refusal('{"id":"1","operation":"Subscribe"}'), {
      id: '1',
      error: 'unknown operation: Subscribe',
    });
    assert.deepEqual(refusal('{"id":"1","operation":"subscribe","min_finality":"x"}'), {
      id: '1',
      error: 'invalid subscribe request: unknown finality state: x',
    });
    assert.deepEqual(refusal('{"id":"1","operation":"unsubscribe","addresses":"a"}'), {
      id: '1',
      error:
        'invalid unsubscribe request: json: cannot unmarshal string into Go struct field UnsubscribeRequest.addresses of type []string',
    });
    assert.deepEqual(refusal('{"id":"1","operation":"unsubscribe"}'), {
      id: '1',
      error: 'addresses or trace_external_hash_norms are required',
    });
    assert.deepEqual(refusal('{"operation":"unsubscribe","addresses":["zz"]}'), {
      error: 'invalid address: zz',
    });
    assert.deepEqual(refusal('{"operation":"unsubscribe","trace_external_hash_norms":[""]}'), {
      error: 'trace_external_hash_norms contains empty value',
    });
  });

  void it('subscribe errors use the WebSocket texts and keep the previous subscription', () => {
    const current = emptySubscription(LATEST);
    const cases: [unknown, string][] = [
      [{}, 'types are required'],
      [{ types: ['blocks'] }, 'invalid event type: blocks'],
      [{ types: ['actions'] }, 'addresses are required'],
      [{ types: ['trace'] }, 'trace_external_hash_norms are required for trace subscription'],
      [{ types: ['actions'], addresses: [A], since: 'x:1' }, 'invalid since: x:1'],
    ];
    for (const [message, error] of cases) {
      assert.deepEqual(
        applySubscribe(current, fieldsOf({ operation: 'subscribe', ...(message as object) })),
        { ok: false, error },
      );
    }
  });

  void it('subscribe replaces targets; finality, flags and type filters only when given', () => {
    const first = applySubscribe(
      emptySubscription(LATEST),
      fieldsOf({
        operation: 'subscribe',
        types: ['actions'],
        addresses: [A],
        min_finality: 'pending',
        include_address_book: true,
        action_types: ['jetton_transfer'],
        supported_action_types: ['v1'],
        since: '9:2',
      }),
    );
    assert.ok(first.ok);
    assert.deepEqual(first.since, { seq: 9, k: 2 });
    const second = applySubscribe(
      first.subscription,
      fieldsOf({
        operation: 'subscribe',
        types: ['trace', 'transactions'],
        addresses: [B],
        trace_external_hash_norms: [NORM],
        action_types: [],
      }),
    );
    assert.ok(second.ok);
    assert.equal(second.since, undefined);
    const s = second.subscription;
    assert.deepEqual([...s.types], ['trace', 'transactions']);
    assert.deepEqual([...s.addresses], [B]);
    assert.deepEqual([...s.traceNorms], [NORM]);
    assert.equal(s.minFinality, 'pending');
    assert.equal(s.includeAddressBook, true);
    assert.equal(s.includeMetadata, false);
    assert.deepEqual([...s.actionTypes], ['jetton_transfer']);
    assert.deepEqual([...s.supportedActionTypes], expandSupportedActionTypes(['v1']));
  });

  void it('unsubscribe removes addresses and hashes only', () => {
    const subscribed = applySubscribe(
      emptySubscription(LATEST),
      fieldsOf({
        operation: 'subscribe',
        types: ['transactions', 'trace'],
        addresses: [A, B],
        trace_external_hash_norms: [NORM],
        min_finality: 'confirmed',
      }),
    );
    assert.ok(subscribed.ok);
    const next = applyUnsubscribe(subscribed.subscription, {
      addresses: new Set([A]),
      traceNorms: new Set([NORM]),
    });
    assert.deepEqual([...next.addresses], [B]);
    assert.deepEqual([...next.traceNorms], []);
    assert.deepEqual([...next.types], ['transactions', 'trace']);
    assert.equal(next.minFinality, 'confirmed');
  });
});
