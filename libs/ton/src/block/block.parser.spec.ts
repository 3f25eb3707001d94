/**
 * parseBlock on the real mainnet blocks of fixtures/mainnet/blocks: tongo's decoded views, the header,
 * counts, transaction chains and messages of every block, masterchain shard descriptors, account
 * states from the state update, and extra_flags from global version 12.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cell, type Slice } from '@ton/core';
import { readFixtureJson } from '@app/testing';
import { readAccountStateSides } from './account-state.reader';
import { walkHashmapCell } from './hashmap.reader';
import { type ParsedBlock, type ParsedCurrency } from './parsed-block';
import {
  blocks,
  replayJson,
  hex,
  accountId,
  utime,
  byAccount,
  accountHex,
  FIXTURE_FACTS,
} from './block-fixtures.test-util';

// tongo's decoded view (block-N.expected.json)
interface Expected {
  Accounts: Record<string, { Transactions: Record<string, ExpectedTx> }> | null;
  TxHashes: string[] | null;
  ValueFlow: Record<string, { Grams: string; Other: Record<string, string> } | null>;
  InMsgDescrLength: number;
  OutMsgDescrLength: number;
}
interface ExpectedTx {
  AccountAddr: string;
  Lt: number;
  PrevTransHash: string;
  PrevTransLt: number;
  Now: number;
  OutMsgCnt: number;
  OrigStatus: string;
  EndStatus: string;
}

function tongoView(sut: ParsedBlock): Pick<Expected, 'Accounts' | 'ValueFlow'> {
  const accounts: NonNullable<Expected['Accounts']> = {};
  for (const tx of sut.transactions) {
    const addr = accountHex(tx.account);
    accounts[addr] ??= { Transactions: {} };
    accounts[addr].Transactions[tx.lt.toString()] = {
      AccountAddr: addr,
      Lt: Number(tx.lt),
      PrevTransHash: hex(tx.prevTransHash),
      PrevTransLt: Number(tx.prevTransLt),
      Now: tx.now,
      OutMsgCnt: tx.outMsgCount,
      OrigStatus: tx.origStatus,
      EndStatus: tx.endStatus,
    };
  }
  const cc = (c: ParsedCurrency | null) =>
    c ? { Grams: c.grams.toString(), Other: c.other } : null;
  const v = sut.valueFlow;
  return {
    Accounts: accounts,
    ValueFlow: {
      FromPrevBlk: cc(v.fromPrevBlk),
      ToNextBlk: cc(v.toNextBlk),
      Imported: cc(v.imported),
      Exported: cc(v.exported),
      FeesCollected: cc(v.feesCollected),
      Burned: cc(v.burned),
      FeesImported: cc(v.feesImported),
      Recovered: cc(v.recovered),
      Created: cc(v.created),
      Minted: cc(v.minted),
    },
  };
}

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

void describe('parseBlock against tongo decoded views (block-1..5)', () => {
  for (const [name, get] of [
    ['block-1', blocks.block1],
    ['block-2', blocks.block2],
    ['block-3', blocks.block3],
    ['block-4', blocks.block4],
    ['block-5', blocks.block5],
  ] as const) {
    void it(`${name}: transactions, hashes, value flow and descriptor counts equal the expected JSON`, () => {
      const expected = readFixtureJson('mainnet', 'blocks', `${name}.expected.json`) as Expected;
      const { sut } = get();
      const hashes = expected.TxHashes ?? [];
      assert.equal(sut.transactions.length, hashes.length);
      assert.equal(sut.header.txCount, hashes.length);
      assert.deepEqual(sut.transactions.map((t) => hex(t.hash)).sort(), [...hashes].sort());
      const view = tongoView(sut);
      assert.deepEqual(view.Accounts, expected.Accounts ?? {});
      assert.deepEqual(view.ValueFlow, expected.ValueFlow);
      assert.equal(sut.inMsgDescrCount, expected.InMsgDescrLength);
      assert.equal(sut.outMsgDescrCount, expected.OutMsgDescrLength);
    });
  }
});

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
  ] of FIXTURE_FACTS) {
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

void describe('parseBlock: masterchain shard descriptors', () => {
  // mc 17734191 (2022-01-21) and mc 34974098 (2023-12-25): the basechain was one shard, whose seqnos
  // agree with the rate of block-1 (30816553 on 2022-11-24) and block-2 (40484416 on 2023-12-05).
  for (const [name, get, shardSeqno] of [
    ['block-5', blocks.block5, 22738548],
    ['hex BoC block', blocks.hexBoc, 40830194],
  ] as const) {
    void it(`${name}: one basechain shard top, committed before the masterchain block`, () => {
      const { sut } = get();
      assert.equal(sut.shards.length, 1);
      const [d] = sut.shards;
      assert.equal(d!.workchain, 0);
      assert.equal(d!.shard, BigInt.asIntN(64, 0x8000000000000000n));
      assert.equal(d!.seqno, shardSeqno);
      assert.ok(d!.regMcSeqno > 0 && d!.regMcSeqno <= sut.header.seqno);
      assert.ok(d!.genUtime <= sut.header.genUtime && d!.genUtime > sut.header.genUtime - 60);
      assert.ok(d!.startLt < d!.endLt && d!.endLt <= sut.header.endLt);
      assert.notEqual(hex(d!.rootHash), '0'.repeat(64));
    });
  }

  void it('shard blocks commit no shard descriptors', () => {
    assert.deepEqual(blocks.block1().sut.shards, []);
  });
});

void describe('parseBlock: account states from the state update', () => {
  for (const [name, get] of [
    ['block-1', blocks.block1],
    ['block-2', blocks.block2],
    ['raw-13516764', blocks.raw],
    ['replay block', blocks.replay],
  ] as const) {
    void it(`${name}: the after-state of every touched account is the last transaction's`, () => {
      const { root, sut } = get();
      const txs = byAccount(sut.transactions);
      const sides = readAccountStateSides(
        root.refs[2]!,
        sut.header.workchain,
        new Set([...txs.keys()].map(accountId)),
      );
      let before = 0;
      for (const [account, list] of txs) {
        const first = list[0]!;
        const last = list[list.length - 1]!;
        const after = sides.after.get(accountId(account));
        assert.ok(after, account);
        assert.equal(after.hash, last.accountStateHashAfter);
        assert.equal(after.account, account);
        assert.equal(after.status, last.endStatus);
        // last_trans_lt is the end lt of the last transaction: its lt, one per out message, plus one
        assert.equal(after.lastTransLt, last.lt + BigInt(last.outMsgCount) + 1n);
        const old = sides.before.get(accountId(account));
        if (old) {
          before++;
          assert.equal(old.hash, first.accountStateHashBefore);
          assert.equal(old.status, first.origStatus);
          assert.ok(old.lastTransLt > first.prevTransLt);
        }
      }
      // the collator's old side keeps few accounts (new ones are absent; others are often pruned)
      assert.ok(before > 0);
      const states = sut.accountStates;
      assert.equal(states.length, sides.after.size + before);
      assert.equal(new Set(states.map((s) => s.hash)).size, states.length);
      for (const s of states) {
        for (const [boc, hash] of [
          [s.codeBoc, s.codeHash],
          [s.dataBoc, s.dataHash],
        ] as const) {
          if (boc !== null) {
            assert.equal(
              Cell.fromBoc(Buffer.from(boc, 'base64'))[0]!.hash().toString('base64'),
              hash,
            );
          }
        }
      }
    });
  }

  void it('block-1: code and data hashes are known even where their cells are pruned', () => {
    const { sut } = blocks.block1();
    const active = sut.accountStates.filter((s) => s.status === 'active');
    assert.ok(active.length > 0);
    assert.ok(active.every((s) => s.codeHash !== null && s.dataHash !== null));
    assert.ok(active.some((s) => s.dataBoc === null));
  });

  void it('replay block: the before-states found are the ShardAccounts the replay JSON gives', () => {
    const { sut } = blocks.replay();
    const expected = new Map(
      replayJson().previous_accounts.map((a) => [
        a.account.toUpperCase().replace(/^0X/, ''),
        Buffer.from(a.account_root_hash, 'hex').toString('base64'),
      ]),
    );
    const firstBefore = new Map(
      [...byAccount(sut.transactions)].map(([a, list]) => [a, list[0]!.accountStateHashBefore]),
    );
    let found = 0;
    for (const s of sut.accountStates) {
      if (s.hash === firstBefore.get(s.account)) {
        found++;
        assert.equal(expected.get(s.account.toUpperCase()), s.hash);
      }
    }
    assert.ok(found > 0);
  });
});

void describe('parseBlock: global version 12+ (extra_flags)', () => {
  void it('replay block (global version 13): internal messages carry extra_flags, ihr_fee is 0', () => {
    const { sut } = blocks.replay();
    const json = replayJson();
    assert.equal(hex(sut.header.rootHash), json.block.root_hash);
    assert.equal(hex(sut.header.fileHash), json.block.file_hash);
    const internal = sut.transactions
      .flatMap((t) => [t.inMessage, ...t.outMessages])
      .filter((m) => m !== null && m.value !== null);
    assert.ok(internal.length > 0);
    assert.ok(internal.every((m) => m!.ihrFee === 0n && m!.extraFlags !== null));
  });

  void it('block-1 (global version 3): ihr_fee is read as such, extra_flags is null', () => {
    const { sut } = blocks.block1();
    const internal = sut.transactions
      .flatMap((t) => [t.inMessage, ...t.outMessages])
      .filter((m) => m?.value !== null);
    assert.ok(internal.length > 0);
    assert.ok(internal.every((m) => m!.extraFlags === null && m!.ihrFee !== null));
  });
});
