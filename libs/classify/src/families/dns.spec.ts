/**
 * DNS record changes (ton-indexer `blocks/dns.py` `ChangeDnsRecordMatcher`, `messages/dns.py`
 * `ChangeDnsRecordMessage`, the fillers of `block_tree_serializer.py`) on synthetic traces whose bodies
 * are real TL-B: change_dns_record#4eb1f0f9 query_id:uint64 key:bits256 value:(Maybe ^DNSRecord), and
 * dns_text#1eda of TEP-81 (chunks:(## 8), then per chunk len:(## 8) and the bytes).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Builder, type Cell } from '@ton/core';
import type { AccountInterfaces } from '../trace-model';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import { classifyOk, onlyAction } from '../testing/classified';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const OWNER = testAddress(0, 'a');
const ITEM = testAddress(0, 'c');
const COLLECTION = testAddress(0, 'd');
const KEY = Buffer.alloc(32, 0xab);

const knownItem: Record<string, AccountInterfaces> = {
  [ITEM]: {
    nft_item: {
      address: ITEM,
      init: true,
      index: 5n,
      collection_address: COLLECTION,
      owner_address: OWNER,
      content: null,
      code_hash: null,
    },
  },
};

function changeRecord(key: Buffer, value: Cell | null): Cell {
  const b: Builder = beginCell().storeUint(0x4eb1f0f9, 32).storeUint(9n, 64).storeBuffer(key);
  return (value ? b.storeRef(value) : b).endCell();
}

/** dns_text#1eda with one chunk: its length byte as given, then the bytes. */
function textRecord(lengthByte: number, bytes: Buffer): Cell {
  return beginCell()
    .storeUint(0x1eda, 16)
    .storeUint(1, 8)
    .storeUint(lengthByte, 8)
    .storeBuffer(bytes)
    .endCell();
}

function ownerChanges(body: Cell, interfaces: Record<string, AccountInterfaces> = knownItem) {
  return syntheticTrace(walletSends(OWNER, { to: ITEM, body }), interfaces);
}

void describe('change_dns_record to an account interface detection does not know as an NFT item', () => {
  // `_fill_*_dns_*_action` read `block.data['collection_address']`, which the matcher sets only for a
  // known item: the filler raises and the trace is stored failed with its basic actions.
  for (const [type, body] of [
    ['change_dns', changeRecord(KEY, textRecord(2, Buffer.from('hi')))],
    ['delete_dns', changeRecord(KEY, null)],
    ['renew_dns', changeRecord(Buffer.alloc(32), null)],
  ] as const) {
    void it(`${type}: the trace is failed, the call stays a call_contract`, () => {
      const r = classifyTrace(ownerChanges(body, {}), defaultRegistry);
      assert.equal(r.state, 'failed');
      assert.deepEqual(
        r.actions.map((a) => a.type),
        ['call_contract'],
      );
      const [call] = r.actions;
      assert.ok(call);
      assert.equal(call.source, OWNER);
      assert.equal(call.destination, ITEM);
    });
  }

  void it('a known item without a collection: the action, with no asset', () => {
    const [first] = Object.values(knownItem);
    assert.ok(first?.nft_item);
    const bare = { [ITEM]: { nft_item: { ...first.nft_item, collection_address: null } } };
    const a = onlyAction(classifyOk(ownerChanges(changeRecord(KEY, null), bare)), 'delete_dns');
    assert.equal(a.asset, null);
    assert.equal(a.destination, ITEM);
  });
});

void describe('DNSText values as pytoniq reads them (load_string, bytes.decode())', () => {
  void it('a chunk that is not UTF-8 raises: no change_dns, the call stays', () => {
    const body = changeRecord(KEY, textRecord(2, Buffer.from([0xc3, 0x28])));
    const actions = classifyOk(ownerChanges(body));
    assert.deepEqual(
      actions.map((a) => a.type),
      ['call_contract'],
    );
  });

  void it('a chunk of length 0 is every whole byte left in the cell', () => {
    const body = changeRecord(KEY, textRecord(0, Buffer.from('whole rest')));
    const a = onlyAction(classifyOk(ownerChanges(body)), 'change_dns');
    assert.deepEqual(a.change_dns_record_data, {
      value_schema: 'DNSText',
      flags: null,
      address: null,
      key: KEY.toString('hex'),
      value: 'whole rest',
    });
    assert.equal(a.asset, COLLECTION);
  });

  void it('a leading byte order mark is kept (U+FEFF), as bytes.decode() keeps it', () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x61]);
    const body = changeRecord(KEY, textRecord(bytes.length, bytes));
    const a = onlyAction(classifyOk(ownerChanges(body)), 'change_dns');
    assert.equal(a.change_dns_record_data?.value, '\ufeffa');
  });
});
