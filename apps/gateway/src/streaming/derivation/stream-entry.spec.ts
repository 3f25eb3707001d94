import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Subjects } from '@app/contracts';
import { parseStreamEntry } from './stream-entry';
import { accountStateChange, addressOf } from './stream-payloads.testing';

const change = accountStateChange({
  account: addressOf('alice'),
  finality: 'finalized',
  balance: '5',
});
/** The change with a balance its contract refuses (DecStr is a decimal string). */
const broken = { ...change, state: { ...change.state, balance: 5 } };

describe(parseStreamEntry.name, () => {
  it('checks an entry against its subject contract', () => {
    const parsed = parseStreamEntry({
      seq: 3,
      subject: Subjects.stream.accountState,
      payload: broken,
    });
    assert.equal(parsed.ok, false);
  });

  it('takes an entry its producer checked in this process as it is, without checking it again', () => {
    const parsed = parseStreamEntry({
      seq: 3,
      subject: Subjects.stream.accountState,
      payload: broken,
      checked: true,
    });
    assert.deepEqual(parsed, {
      ok: true,
      entry: { kind: 'accountState', seq: 3, payload: broken },
    });
  });

  it('gives a checked trace entry the facts a checked-again one gets', () => {
    const payload = JSON.parse(JSON.stringify(change)) as unknown;
    const again = parseStreamEntry({ seq: 1, subject: Subjects.stream.accountState, payload });
    const taken = parseStreamEntry({
      seq: 1,
      subject: Subjects.stream.accountState,
      payload,
      checked: true,
    });
    assert.deepEqual(taken, again);
  });

  it('refuses a checked entry the hub cannot read instead of throwing', () => {
    for (const payload of [null, 'x', { emitted_at: '1' }, { emitted_at: 1, transactions: null }]) {
      const parsed = parseStreamEntry({
        seq: 4,
        subject: Subjects.stream.trace,
        payload,
        checked: true,
      });
      assert.equal(parsed.ok, false, JSON.stringify(payload));
    }
  });
});
