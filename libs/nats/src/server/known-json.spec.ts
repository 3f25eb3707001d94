import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { knownJson, rememberJson, stringifyReply } from './known-json';

/** A remembered object with its own JSON text. */
function remembered<T extends object>(value: T): T {
  rememberJson(value, JSON.stringify(value));
  return value;
}

void describe('stringifyReply', () => {
  void it('equals JSON.stringify with remembered objects anywhere in the reply', () => {
    const tx = remembered({ hash: 'a+b/c=', lt: '42', in_msg: null, out_msgs: [{ value: '1' }] });
    const action = remembered({ type: 'ton_transfer', details: { comment: 'hi "there"\n' } });
    const reply = {
      traces: [
        {
          trace_id: 'T',
          skipped: undefined,
          transactions: { [tx.hash]: tx },
          actions: [action, undefined, action],
          trace: { tx_hash: tx.hash, children: [] },
        },
      ],
      transactions: [tx, tx],
      address_book: { '0:AB': remembered({ user_friendly: 'EQ…', domain: null, interfaces: [] }) },
      n: 1.5,
    };
    assert.equal(stringifyReply(reply), JSON.stringify(reply));
    assert.equal(stringifyReply(tx), JSON.stringify(tx));
    assert.equal(stringifyReply([tx]), JSON.stringify([tx]));
  });

  void it('splices the remembered text rather than serialising the object again', () => {
    const value = { a: 1 };
    rememberJson(value, '{"a":1,"spliced":true}');
    assert.equal(knownJson(value), '{"a":1,"spliced":true}');
    assert.equal(stringifyReply({ list: [value] }), '{"list":[{"a":1,"spliced":true}]}');
  });

  void it('leaves strings alone that look like what it swaps in', () => {
    const tx = remembered({ hash: 'h' });
    const reply = { s: '\u0000#0', t: '"\\u0000#0"', tx };
    assert.equal(stringifyReply(reply), JSON.stringify(reply));
  });

  void it('answers what JSON.stringify answers for values without remembered objects', () => {
    for (const value of [undefined, null, 'text', 7, [1, 'two', null], { a: { b: [] } }]) {
      assert.equal(stringifyReply(value), JSON.stringify(value));
    }
  });
});
