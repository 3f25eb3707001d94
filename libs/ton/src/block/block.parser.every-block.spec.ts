/** parseBlock on every mainnet fixture block: header, counts, transaction chains and messages. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell, type Slice } from '@ton/core';
import { walkHashmapCell } from './hashmap.reader';
import { blocks, hex, utime, byAccount } from './block-fixtures.test-util';

/** InMsgDescr: message hash → transaction hash, for the kinds that name a transaction. */
function inMsgDescrTransactions(root: Cell): Map<string, string> {
  // block_extra: in_msg_descr is its first reference
  const descr = root.refs[3]!.refs[0]!.beginParse();
  const out = new Map<string, string>();
  if (!descr.loadBit()) {
    return out;
  }
  walkHashmapCell(descr.loadRef(), 256, {
    leaf: (key, v: Slice) => {
      v.loadCoins(); // import_fees$_ fees_collected:Grams value_imported:CurrencyCollection
      v.loadCoins();
      v.loadMaybeRef();
      // msg_import_ext$000, msg_import_ihr$010, msg_import_imm$011, msg_import_fin$100 and
      // msg_import_deferred_fin$00100: message (or envelope), then the transaction
      const tag = v.loadUint(3);
      const named =
        [0b000, 0b010, 0b011, 0b100].includes(tag) || (tag === 0b001 && v.loadUint(2) === 0);
      if (named) {
        v.loadRef();
        const keyB64 = Buffer.from(key.toString(16).padStart(64, '0'), 'hex').toString('base64');
        out.set(keyB64, v.loadRef().hash().toString('base64'));
      }
    },
    forkExtra: (v) => {
      v.loadCoins();
      v.loadCoins();
      v.loadMaybeRef();
    },
  });
  return out;
}

// fixtures/README.md: block id, gen_utime, transactions over accounts, in/out descr, root hash prefix
const table = [
  [
    'block-1',
    blocks.block1,
    0,
    0x8000000000000000n,
    30816553,
    '2022-11-24T18:05:55Z',
    329,
    167,
    329,
    327,
    '8d544c9d',
  ],
  [
    'block-2',
    blocks.block2,
    0,
    0x8000000000000000n,
    40484416,
    '2023-12-05T13:35:46Z',
    479,
    40,
    479,
    601,
    '3e0ec29a',
  ],
  [
    'block-3',
    blocks.block3,
    0,
    0x8000000000000000n,
    40484438,
    '2023-12-05T13:37:21Z',
    510,
    29,
    510,
    583,
    '3631b40a',
  ],
  [
    'block-4',
    blocks.block4,
    0,
    0x0d83800000000000n,
    4168601,
    '2020-04-06T07:37:04Z',
    0,
    0,
    0,
    0,
    'ee04f0f8',
  ],
  [
    'block-5',
    blocks.block5,
    -1,
    0x8000000000000000n,
    17734191,
    '2022-01-21T09:24:14Z',
    6,
    4,
    2,
    0,
    '04c2c26f',
  ],
  [
    'block-6',
    blocks.block6,
    0,
    0xa000000000000000n,
    54302208,
    '2025-07-02T13:01:50Z',
    11,
    10,
    11,
    14,
    '563d90f5',
  ],
  [
    'block-7',
    blocks.block7,
    0,
    0xa000000000000000n,
    54302203,
    '2025-07-02T13:01:38Z',
    8,
    8,
    8,
    13,
    '001b96c7',
  ],
  [
    'raw-13516764',
    blocks.raw,
    0,
    0xc000000000000000n,
    13516764,
    '2021-02-10T17:46:15Z',
    449,
    35,
    449,
    1155,
    'f2bd9e70',
  ],
  [
    'ton-core block',
    blocks.tonCore,
    0,
    0x8000000000000000n,
    34703989,
    '2023-04-25T10:19:34Z',
    7,
    4,
    7,
    6,
    '84753a60',
  ],
  // in/out descr of this one are not in the README table (checked against InMsgDescr below)
  [
    'hex BoC block',
    blocks.hexBoc,
    -1,
    0x8000000000000000n,
    34974098,
    '2023-12-25T06:33:49Z',
    3,
    2,
    1,
    0,
    'bdda060f',
  ],
  [
    'replay block',
    blocks.replay,
    0,
    0x8000000000000000n,
    71398501,
    '2026-05-13T14:15:25Z',
    269,
    234,
    null,
    null,
    '244d0a2f',
  ],
] as const;

void describe('parseBlock on every fixture block', () => {
  for (const [
    name,
    get,
    wc,
    shard,
    seqno,
    date,
    txs,
    accounts,
    inDescr,
    outDescr,
    rootPfx,
  ] of table) {
    void it(`${name}: header, counts and transaction chain`, () => {
      const { root, sut } = get();
      const h = sut.header;
      assert.equal(h.workchain, wc);
      assert.equal(h.shard, BigInt.asIntN(64, shard));
      assert.equal(h.seqno, seqno);
      assert.equal(h.genUtime, utime(date));
      assert.ok(hex(h.rootHash).startsWith(rootPfx));
      assert.equal(h.rootHash, root.hash().toString('base64'));
      assert.equal(h.globalId, -239);
      assert.equal(h.masterRefSeqno === null, wc === -1);
      assert.equal(h.prevBlocks.length, h.afterMerge ? 2 : 1);
      assert.ok(h.prevBlocks.every((p) => p.seqno < seqno && p.workchain === wc));
      assert.equal(sut.transactions.length, txs);
      assert.equal(byAccount(sut.transactions).size, accounts);
      if (inDescr !== null) {
        assert.equal(sut.inMsgDescrCount, inDescr);
        assert.equal(sut.outMsgDescrCount, outDescr);
      }
      assert.ok(h.startLt < h.endLt);
      for (const [, list] of byAccount(sut.transactions)) {
        list.forEach((tx, i) => {
          assert.ok(tx.lt >= h.startLt && tx.lt <= h.endLt, `lt ${tx.lt} in the block's range`);
          assert.equal(tx.now, h.genUtime);
          // each transaction names the previous one by hash: the hashes are those of the cells
          const prev = list[i - 1];
          if (prev) {
            assert.equal(tx.prevTransHash, prev.hash);
            assert.equal(tx.prevTransLt, prev.lt);
            assert.equal(tx.accountStateHashBefore, prev.accountStateHashAfter);
          }
        });
      }
    });

    void it(`${name}: messages agree with the transactions and with InMsgDescr`, () => {
      const { root, sut } = get();
      const descr = inMsgDescrTransactions(root);
      for (const tx of sut.transactions) {
        assert.equal(tx.outMessages.length, tx.outMsgCount);
        for (const m of [tx.inMessage, ...tx.outMessages]) {
          if (!m) {
            continue;
          }
          assert.equal(
            Cell.fromBoc(Buffer.from(m.bodyBoc, 'base64'))[0]!.hash().toString('base64'),
            m.bodyHash,
          );
          assert.ok(m.hashNorm === null || m.hashNorm !== m.hash);
          if (m.initStateBoc !== null) {
            const init = Cell.fromBoc(Buffer.from(m.initStateBoc, 'base64'))[0]!;
            assert.equal(init.hash().toString('base64'), m.initStateHash);
          }
        }
        if (tx.inMessage) {
          assert.equal(tx.inMessage.direction, 'in');
          assert.equal(tx.inMessage.destination, tx.account);
          assert.equal(descr.get(tx.inMessage.hash), tx.hash);
        } else {
          assert.notEqual(tx.descr, 'ord');
        }
        assert.ok(tx.outMessages.every((m) => m.direction === 'out' && m.source === tx.account));
      }
      assert.equal(sut.transactions.filter((t) => t.inMessage).length, descr.size);
    });
  }
});
