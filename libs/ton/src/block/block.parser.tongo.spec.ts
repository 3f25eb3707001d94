/** parseBlock against tongo's decoded views of the mainnet fixture blocks (block-N.expected.json). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFixtureJson } from '@app/testing';
import { type ParsedBlock, type ParsedCurrency } from './parsed-block';
import { blocks, hex, accountHex } from './block-fixtures.test-util';

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
