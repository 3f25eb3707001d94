import assert from 'node:assert/strict';
import { type Address, Cell, loadTransaction, type Transaction } from '@ton/core';
import { GENESIS, GenesisAccount, type StoredTransaction } from '@app/localnet';
import { type V2Harness } from '../support/v2-harness';
import { EXTRA } from '../support/v2-expectations';

export const MC_SHARD = '-9223372036854775808';

export function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true, testOnly: false });
}

export function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

export function list(value: unknown): Record<string, unknown>[] {
  assert.ok(Array.isArray(value), 'an array');
  return value.map(record);
}

/** The result of a successful reply. */
export function ok(reply: { status: number; body: Record<string, unknown> }): unknown {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  assert.equal(reply.body.ok, true);
  assert.match(String(reply.body['@extra']), EXTRA);
  return reply.body.result;
}

/** Data bits of the root cell as bytes (zero-padded), the oracle of `message` for raw bodies. */
export function rootDataBase64(cell: Cell): string {
  const bits = cell.bits;
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) {
    if (bits.at(i)) {
      out[i >> 3] = (out[i >> 3] ?? 0) | (0x80 >> (i & 7));
    }
  }
  return out.toString('base64');
}

/** The transactions spec's harness and the chain's own records, the expected values' source. */
export type TransactionContext = ReturnType<typeof transactionContext>;

export function transactionContext(harness: () => V2Harness) {
  function account(name: string): Address {
    const found = harness().localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found.address;
  }

  /** The genesis v3r2, v4r2 and v5r1 wallets' addresses. */
  function wallets(): { v3: Address; v4: Address; v5: Address } {
    return {
      v3: account(GenesisAccount.walletV3r2),
      v4: account(GenesisAccount.walletV4r2),
      v5: account(GenesisAccount.walletV5r1),
    };
  }

  /** The account's history as the chain stores it, newest first (the oracle). */
  async function history(address: Address): Promise<StoredTransaction[]> {
    const contract = await harness().localnet.chain.blockchain.getContract(address);
    const out: StoredTransaction[] = [];
    let lt = contract.lastTransactionLt;
    while (lt !== 0n) {
      const found = harness().localnet.chain.transaction(address, lt);
      assert.ok(found, `transaction ${lt}`);
      out.push(found.tx);
      lt = found.tx.prevTransLt;
    }
    return out;
  }

  function parsed(tx: StoredTransaction): Transaction {
    return loadTransaction(tx.cell.beginParse());
  }

  /** The fields every item must carry for `tx`, read independently with @ton/core. */
  function assertItem(
    item: Record<string, unknown>,
    tx: StoredTransaction,
    address: Address,
  ): void {
    const t = parsed(tx);
    assert.equal(item['@type'], 'ext.transaction');
    assert.deepEqual(item.address, {
      '@type': 'accountAddress',
      account_address: friendly(address),
    });
    assert.equal(
      item.account,
      `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`,
    );
    assert.equal(item.utime, tx.now);
    assert.deepEqual(item.transaction_id, {
      '@type': 'internal.transactionId',
      lt: tx.lt.toString(),
      hash: tx.hash.toString('base64'),
    });
    // `data` is the transaction BoC whose root hash is transaction_id.hash.
    assert.ok(Cell.fromBase64(String(item.data)).hash().equals(tx.hash));
    const outFwd = [...t.outMessages.values()].reduce(
      (sum, m) => sum + (m.info.type === 'internal' ? m.info.forwardFee : 0n),
      0n,
    );
    const storage =
      t.description.type === 'generic'
        ? (t.description.storagePhase?.storageFeesCollected ?? 0n)
        : 0n;
    assert.equal(item.fee, (t.totalFees.coins + outFwd).toString());
    assert.equal(item.storage_fee, storage.toString());
    assert.equal(item.other_fee, (t.totalFees.coins + outFwd - storage).toString());
    assert.equal('in_msg' in item, t.inMessage !== null && t.inMessage !== undefined);
    assert.equal(list(item.out_msgs).length, t.outMessages.size);
  }

  /** The basechain block with the most transactions (the oracle for block listings). */
  function busiestBlock() {
    const head = harness().localnet.chain.head();
    let best = harness().localnet.chain.shardTopsAt(head.id.seqno)[0];
    assert.ok(best);
    for (let seqno = 1; seqno <= best.id.seqno; seqno++) {
      const block = harness().localnet.chain.block(0, best.id.shard, seqno);
      if (block && block.transactions.length > best.transactions.length) {
        best = block;
      }
    }
    assert.ok(best.transactions.length >= 3, 'a block with several transactions');
    return best;
  }

  function shortIds(block: ReturnType<typeof busiestBlock>): Record<string, unknown>[] {
    return [...block.transactions]
      .sort((a, b) => Buffer.compare(a.address.hash, b.address.hash) || (a.lt < b.lt ? -1 : 1))
      .map((t) => ({
        '@type': 'blocks.shortTxId',
        mode: 135,
        account: t.address.toRawString(),
        lt: t.lt.toString(),
        hash: t.hash.toString('base64'),
      }));
  }

  /** The comment v5r1 → v3r2 ("thanks for the NFT"): both ends of one internal message. */
  async function thanksMessage(): Promise<{
    source: StoredTransaction;
    result: StoredTransaction;
    createdLt: bigint;
  }> {
    const { v3, v5 } = wallets();
    for (const tx of await history(v3)) {
      const inMsg = parsed(tx).inMessage;
      if (inMsg?.info.type !== 'internal') {
        continue;
      }
      const body = inMsg.body.beginParse();
      if (
        body.remainingBits > 32 &&
        body.loadUint(32) === 0 &&
        body.loadStringTail() === GENESIS.comments.v5r1ThanksV3r2
      ) {
        const createdLt = inMsg.info.createdLt;
        const source = (await history(v5)).find((s) =>
          [...parsed(s).outMessages.values()].some(
            (m) => m.info.type === 'internal' && m.info.createdLt === createdLt,
          ),
        );
        assert.ok(source);
        return { source, result: tx, createdLt };
      }
    }
    throw new Error('the genesis thanks comment is not on the chain');
  }

  return {
    harness,
    account,
    wallets,
    history,
    parsed,
    assertItem,
    busiestBlock,
    shortIds,
    thanksMessage,
  };
}
