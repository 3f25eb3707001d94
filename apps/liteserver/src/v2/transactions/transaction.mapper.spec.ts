import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExtTransaction, RawTransactionWithAccount } from '@app/contracts';
import { readFixture, readFixtureJson } from '@app/testing';
import { Address, Cell, loadTransaction } from '@ton/core';
import { z } from 'zod';
import { readTransaction, toBlockTransactionExt, toExtTransaction } from './transaction.mapper';

const Replay = z.object({
  accounts: z.array(
    z.object({
      address: z.string(),
      first_tx: z.object({
        // JSON numbers in the fixture; lts there stay below 2^53.
        lt: z.number().int(),
        now: z.number().int(),
        storage_fees: z.number().int(),
        expected_tx_hash: z.string(),
        expected_tx_boc_base64: z.string(),
      }),
    }),
  ),
});

const BlockView = z.object({
  Accounts: z.record(
    z.string(),
    z.object({
      Transactions: z.record(
        z.string(),
        z.object({ AccountAddr: z.string(), Now: z.number(), OutMsgCnt: z.number() }),
      ),
    }),
  ),
  TxHashes: z.array(z.string()),
  InMsgDescrLength: z.number(),
});

/**
 * The Transaction cells of a block: every cell whose hash is one of the block's transaction hashes
 * (the decoded view lists them), found by walking the block's cell tree.
 */
function blockTransactions(block: Cell, hashes: ReadonlySet<string>): Cell[] {
  const seen = new Set<string>();
  const found: Cell[] = [];
  const stack = [block];
  for (let cell = stack.pop(); cell; cell = stack.pop()) {
    const hash = cell.hash().toString('hex');
    if (seen.has(hash)) {
      continue;
    }
    seen.add(hash);
    if (hashes.has(hash)) {
      found.push(cell);
    }
    stack.push(...cell.refs);
  }
  return found;
}

const FRIENDLY = /^[EU][Qf][A-Za-z0-9_-]{46}$/;

describe('transaction.mapper', () => {
  it('renders the mainnet replay transactions: data hashes to transaction_id.hash, fees add up', () => {
    const replay = Replay.parse(
      readFixtureJson('mainnet', 'replay', 'transaction_replay_regression.json'),
    );
    assert.equal(replay.accounts.length, 2);
    for (const { address, first_tx: tx } of replay.accounts) {
      const cell = Cell.fromBase64(tx.expected_tx_boc_base64);
      const sut = toExtTransaction(readTransaction(cell, 0));
      ExtTransaction.parse(sut);
      const account = Address.parseRaw(address);
      assert.equal(sut.account, `0:${account.hash.toString('hex').toUpperCase()}`);
      assert.equal(
        sut.address.account_address,
        account.toString({ bounceable: true, urlSafe: true, testOnly: false }),
      );
      assert.equal(sut.utime, tx.now);
      assert.equal(sut.transaction_id.lt, String(tx.lt));
      assert.equal(sut.storage_fee, String(tx.storage_fees));
      assert.equal(
        sut.transaction_id.hash,
        Buffer.from(tx.expected_tx_hash, 'hex').toString('base64'),
      );
      // `data` is the transaction BoC (tonlib's te6cck… with CRC32C) of the same cell.
      assert.ok(sut.data.startsWith('te6cck'));
      assert.equal(Cell.fromBase64(sut.data).hash().toString('hex'), tx.expected_tx_hash);
      const parsed = loadTransaction(cell.beginParse());
      const fwd = [...parsed.outMessages.values()].reduce(
        (sum, m) => sum + (m.info.type === 'internal' ? m.info.forwardFee : 0n),
        0n,
      );
      assert.equal(sut.fee, (parsed.totalFees.coins + fwd).toString());
      assert.equal(BigInt(sut.fee), BigInt(sut.storage_fee) + BigInt(sut.other_fee));
      assert.equal(sut.out_msgs.length, parsed.outMessages.size);
      assert.ok(sut.in_msg);
      assert.equal(sut.in_msg.destination, sut.address.account_address);
    }
  });

  it('leaves in_msg out (not null) on masterchain tick-tock transactions of mainnet block 17734191', () => {
    const view = BlockView.parse(readFixtureJson('mainnet', 'blocks', 'block-5.expected.json'));
    const [block] = Cell.fromBoc(readFixture('mainnet', 'blocks', 'block-5.bin'));
    assert.ok(block);
    const cells = blockTransactions(block, new Set(view.TxHashes));
    assert.equal(cells.length, 6);
    const txs = cells.map((cell) => toExtTransaction(readTransaction(cell, -1)));
    const withInMsg = txs.filter((t) => 'in_msg' in t);
    assert.equal(withInMsg.length, view.InMsgDescrLength);
    for (const tx of txs) {
      ExtTransaction.parse(tx);
      const expected =
        view.Accounts[tx.account.slice(3).toLowerCase()]?.Transactions[tx.transaction_id.lt];
      assert.ok(expected, `${tx.account} ${tx.transaction_id.lt} is in the decoded view`);
      assert.equal(tx.utime, expected.Now);
      assert.equal(tx.out_msgs.length, expected.OutMsgCnt);
      assert.match(tx.address.account_address, /^Ef/);
      assert.equal(tx.in_msg === undefined, !('in_msg' in tx));
      const description = loadTransaction(Cell.fromBase64(tx.data).beginParse()).description.type;
      assert.equal('in_msg' in tx, description !== 'tick-tock');
    }
  });

  it('renders every transaction of mainnet block 30816553 with consistent fees and address forms', () => {
    const view = BlockView.parse(readFixtureJson('mainnet', 'blocks', 'block-1.expected.json'));
    const [block] = Cell.fromBoc(readFixture('mainnet', 'blocks', 'block-1.bin'));
    assert.ok(block);
    const cells = blockTransactions(block, new Set(view.TxHashes));
    assert.equal(cells.length, 329);
    for (const cell of cells) {
      const parts = readTransaction(cell, 0);
      const sut = RawTransactionWithAccount.parse(toBlockTransactionExt(parts));
      const ext = ExtTransaction.parse(toExtTransaction(parts));
      assert.equal(sut.transaction_id.hash, cell.hash().toString('base64'));
      assert.equal(BigInt(sut.fee), BigInt(sut.storage_fee) + BigInt(sut.other_fee));
      const fwd = ext.out_msgs.reduce((sum, m) => sum + BigInt(m.fwd_fee), 0n);
      assert.equal(BigInt(sut.fee), parts.totalFees + fwd);
      for (const message of [...(ext.in_msg ? [ext.in_msg] : []), ...ext.out_msgs]) {
        for (const end of [message.source, message.destination]) {
          assert.ok(end === '' || FRIENDLY.test(end), end);
        }
        if (message.msg_data['@type'] === 'msg.dataText') {
          assert.equal(
            message.message,
            Buffer.from(message.msg_data.text, 'base64').toString('utf8'),
          );
        } else if (message.msg_data['@type'] === 'msg.dataRaw') {
          assert.ok(message.message === '' || message.message.endsWith('\n'));
          assert.equal(
            Cell.fromBase64(message.msg_data.body).hash().toString('base64'),
            message.body_hash,
          );
        }
      }
      // The raw rendering keeps tonlib's accountAddress objects and the uppercase raw account.
      assert.equal(sut.account, ext.account);
      if (sut.in_msg && ext.in_msg) {
        assert.equal(sut.in_msg.source.account_address, ext.in_msg.source);
      }
    }
  });
});
