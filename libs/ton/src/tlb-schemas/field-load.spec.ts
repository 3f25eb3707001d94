import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Address, beginCell, type Cell, ExternalAddress } from '@ton/core';
import {
  address,
  bits256,
  bool,
  cell,
  choice,
  coins,
  int,
  maybe,
  payload,
  ref,
  rest,
  text,
  uint,
  uint32,
  uint64,
  uint8,
  when,
} from './field-type';
import { loadBody, loadFields, loadLeadingFields } from './field-load';
import { decodeBodyWith } from './body-decoder';
import { tlb } from './tlb-constructor';
import { TlbRegistry } from './tlb-registry';

const OWNER = Address.parseRaw(`0:${'ab'.repeat(32)}`);
const OWNER_RAW = `0:${'AB'.repeat(32)}`;

const SAMPLE = tlb('sample', 0x11223344, {
  query_id: uint64,
  mode: uint8,
  small_signed: int(16),
  amount: coins,
  owner: address,
  flag: bool,
  hash: bits256,
  extra: when('flag', uint32),
  note: maybe(ref({ memo: text })),
  asset: choice(4, { 0: ['native', {}], 1: ['jetton', { workchain: uint(8), id: uint(256) }] }),
  forward: payload,
});

function sampleBody(): Cell {
  return beginCell()
    .storeUint(0x11223344, 32)
    .storeUint(7n, 64)
    .storeUint(3, 8)
    .storeInt(-5, 16)
    .storeCoins(1_500_000_000n)
    .storeAddress(OWNER)
    .storeBit(true)
    .storeUint(0xfeedn, 256)
    .storeUint(42, 32)
    .storeBit(true)
    .storeRef(beginCell().storeStringTail('hi'))
    .storeUint(1, 4)
    .storeUint(0, 8)
    .storeUint(9n, 256)
    .storeBit(true)
    .storeRef(beginCell().storeUint(0xaabbccdd, 32).storeUint(1, 8))
    .endCell();
}

void describe('loadFields', () => {
  void it('loads each field as its typed value', () => {
    const v = loadBody(SAMPLE, sampleBody());
    // the TypeScript types are inferred from the field list: these assignments check them
    const queryId: bigint = v.query_id;
    const mode: number = v.mode;
    const owner: string | null = v.owner;
    const memo: string | undefined = v.note?.memo;
    assert.equal(queryId, 7n);
    assert.equal(mode, 3);
    assert.equal(v.small_signed, -5);
    assert.equal(v.amount, 1_500_000_000n);
    assert.equal(owner, OWNER_RAW);
    assert.equal(v.flag, true);
    assert.equal(v.hash.toString('hex'), `${'0'.repeat(60)}feed`);
    assert.equal(v.extra, 42);
    assert.equal(memo, 'hi');
    assert.deepEqual(v.asset, { '@type': 'jetton', workchain: 0, id: 9n });
    assert.equal(v.forward?.beginParse().loadUint(32), 0xaabbccdd);
  });

  void it('loads integers below 53 bits as numbers, wider ones as bigints', () => {
    const k = tlb('widths', 3, { u52: uint(52), u53: uint(53), i48: int(48) });
    const body = beginCell()
      .storeUint(3, 32)
      .storeUint(2n ** 52n - 1n, 52)
      .storeUint(2n ** 53n - 1n, 53)
      .storeInt(-(2n ** 40n), 48)
      .endCell();
    const v = loadBody(k, body);
    const u52: number = v.u52;
    const u53: bigint = v.u53;
    assert.equal(u52, 2 ** 52 - 1);
    assert.equal(u53, 2n ** 53n - 1n);
    assert.equal(v.i48, -(2 ** 40));
  });

  void it('checks the opcode', () => {
    const other = beginCell().storeUint(0x11223345, 32).endCell();
    assert.throws(() => loadBody(SAMPLE, other), /opcode 0x11223345 is not sample/);
  });

  void it('throws on an external address where an account is expected', () => {
    const k = tlb('ext', 1, { who: address });
    const body = beginCell().storeUint(1, 32).storeAddress(new ExternalAddress(5n, 8)).endCell();
    assert.throws(() => loadFields(k, body.beginParse()), /external address/);
  });

  void it('leaves trailing bits unread and returns nulls for absent optional fields', () => {
    const k = tlb('short', 2, { query_id: uint64, maybe_cell: maybe(cell), tail: rest });
    const body = beginCell().storeUint(2, 32).storeUint(1n, 64).storeBit(false).endCell();
    assert.deepEqual(loadBody(k, body), { query_id: 1n, maybe_cell: null, tail: null });
  });

  void it('loads only the leading fields asked for and leaves the slice after them', () => {
    const s = sampleBody().beginParse();
    const v = loadLeadingFields(SAMPLE, s, ['query_id', 'amount']);
    assert.equal(v.query_id, 7n);
    assert.equal(v.amount, 1_500_000_000n);
    // the fields in between were read to reach `amount`; the owner is next
    assert.equal(s.loadAddress().equals(OWNER), true);
  });
});

void describe('decodeBody renders the loaded values', () => {
  void it('renders numbers by width, coins as strings, bits as hex and payloads decoded', () => {
    const inner = tlb('inner', 0xaabbccdd, { n: uint8 });
    const decoded = decodeBodyWith(new TlbRegistry([SAMPLE, inner]), sampleBody());
    assert.deepEqual(decoded, {
      '@type': 'sample',
      query_id: '7',
      mode: 3,
      small_signed: -5,
      amount: '1500000000',
      owner: OWNER_RAW,
      flag: true,
      hash: `${'0'.repeat(60)}feed`,
      extra: 42,
      note: { memo: 'hi' },
      asset: { '@type': 'jetton', workchain: 0, id: '9' },
      forward: { '@type': 'inner', n: 1 },
    });
  });

  void it('renders an external address as bits;hex', () => {
    const k = tlb('ext', 1, { who: address });
    const body = beginCell().storeUint(1, 32).storeAddress(new ExternalAddress(5n, 8)).endCell();
    assert.deepEqual(decodeBodyWith(new TlbRegistry([k]), body), { '@type': 'ext', who: '8;5' });
  });
});
