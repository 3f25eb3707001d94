import assert from 'node:assert/strict';
import { Cell, loadTransaction } from '@ton/core';
import { type DataSource } from '@app/database';
import { LiteApiSchema } from '@app/ton';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';

const MC_SHARD = '-9223372036854775808';
/** listBlockTransactionsExt mode: 128 = `after` present (liteServer.listBlockTransactionsExt). */
const WITH_AFTER = 128;

/** A transaction as the chain reports it: ids plus its in/out message hashes. */
interface ChainTx {
  readonly account: string;
  readonly lt: string;
  readonly inMsg: string | null;
  readonly outMsgs: readonly string[];
}

const b64 = (b: Buffer): string => b.toString('base64');

async function lookup(client: LiteClient, workchain: number, shard: string, seqno: number) {
  const res = await client.engine.query(LiteApiSchema.Functions.liteServer_lookupBlock, {
    kind: 'liteServer.lookupBlock',
    mode: 1,
    id: { kind: 'tonNode.blockId', workchain, shard, seqno },
    lt: null,
    utime: null,
  });
  return res.id;
}

/** Every transaction of a block through lite_api listBlockTransactionsExt, page by page. */
async function blockTransactions(client: LiteClient, id: tonNode_blockIdExt): Promise<Cell[]> {
  const out: Cell[] = [];
  let after: { account: Buffer; lt: string } | null = null;
  for (;;) {
    const page = await client.engine.query(
      LiteApiSchema.Functions.liteServer_listBlockTransactionsExt,
      {
        kind: 'liteServer.listBlockTransactionsExt',
        id,
        mode: 7 | (after === null ? 0 : WITH_AFTER),
        count: 16,
        after: after === null ? null : { kind: 'liteServer.transactionId3', ...after },
        reverseOrder: null,
        wantProof: null,
      },
    );
    const cells = page.transactions.length === 0 ? [] : Cell.fromBoc(page.transactions);
    out.push(...cells);
    if (!page.incomplete || cells.length === 0) {
      return out;
    }
    const last = loadTransaction(cells[cells.length - 1]!.beginParse());
    after = {
      account: Buffer.from(last.address.toString(16).padStart(64, '0'), 'hex'),
      lt: last.lt.toString(),
    };
  }
}

/**
 * The chain up to masterchain block `mcSeqno` as lite_api reports it: every block (the masterchain
 * blocks and, for each shard top at `mcSeqno`, its chain from seqno 1) and every transaction with its
 * message hashes, keyed by transaction hash.
 */
export async function chainAsReported(
  client: LiteClient,
  mcSeqno: number,
): Promise<{ blocks: Set<string>; txs: Map<string, ChainTx> }> {
  const blocks = new Set<string>();
  const ids: tonNode_blockIdExt[] = [];
  for (let seqno = 1; seqno <= mcSeqno; seqno += 1) {
    ids.push(await lookup(client, -1, MC_SHARD, seqno));
  }
  const mcId = ids[ids.length - 1]!;
  const shards = await client.getAllShardsInfo(mcId);
  for (const [workchain, tops] of Object.entries(shards.shards)) {
    // ton-lite-client keys shards by their signed decimal id.
    for (const [shard, topSeqno] of Object.entries(tops)) {
      for (let seqno = 1; seqno <= topSeqno; seqno += 1) {
        ids.push(await lookup(client, Number(workchain), shard, seqno));
      }
    }
  }
  const txs = new Map<string, ChainTx>();
  for (const id of ids) {
    blocks.add(`${String(id.workchain)}:${id.shard}:${String(id.seqno)}:${b64(id.rootHash)}`);
    for (const cell of await blockTransactions(client, id)) {
      const tx = loadTransaction(cell.beginParse());
      const hash = b64(cell.hash());
      assert.equal(txs.has(hash), false, `lite_api reported transaction ${hash} twice`);
      txs.set(hash, {
        account: `${String(id.workchain)}:${tx.address.toString(16).padStart(64, '0').toUpperCase()}`,
        lt: tx.lt.toString(),
        inMsg: tx.inMessage === undefined ? null : b64(cellOfMessage(cell, 'in')),
        outMsgs: [...tx.outMessages.keys()]
          .sort((a, b) => a - b)
          .map((i) => b64(outMessageCell(cell, i))),
      });
    }
  }
  return { blocks, txs };
}

/** The in-message cell of a Transaction cell: `in_msg:(Maybe ^(Message Any))` in the first ref. */
function cellOfMessage(tx: Cell, _which: 'in'): Buffer {
  const io = tx.refs[0]!;
  const s = io.beginParse();
  assert.equal(s.loadBit(), true);
  return s.loadRef().hash();
}

/** The i-th out-message cell: `out_msgs:(HashmapE 15 ^(Message Any))` after in_msg in the first ref. */
function outMessageCell(tx: Cell, index: number): Buffer {
  const s = tx.refs[0]!.beginParse();
  if (s.loadBit()) {
    s.loadRef();
  }
  const dict = s.loadDict(
    { bits: 15, serialize: (k: number) => BigInt(k), parse: (k: bigint) => Number(k) },
    { serialize: () => undefined, parse: (v) => v.loadRef() },
  );
  return dict.get(index)!.hash();
}

/**
 * Asserts that the database holds exactly the chain up to masterchain block `mcSeqno`: the same blocks,
 * the same transactions (no more, no fewer, none twice) and for each its in- and out-message rows.
 */
export async function assertIndexedExactly(
  db: DataSource,
  client: LiteClient,
  mcSeqno: number,
): Promise<{ blocks: number; transactions: number; messages: number }> {
  const chain = await chainAsReported(client, mcSeqno);
  const blockRows: { k: string }[] = await db.query(
    `SELECT workchain || ':' || shard || ':' || seqno || ':' || root_hash AS k FROM blocks
     WHERE mc_block_seqno <= $1`,
    [mcSeqno],
  );
  assert.deepEqual(new Set(blockRows.map((r) => r.k)), chain.blocks, 'blocks differ from lite_api');
  assert.equal(blockRows.length, chain.blocks.size);

  const txRows: { hash: string; account: string; lt: string }[] = await db.query(
    `SELECT hash, account, lt::text AS lt FROM transactions WHERE mc_block_seqno <= $1`,
    [mcSeqno],
  );
  assert.equal(txRows.length, chain.txs.size, 'transaction count differs from lite_api');
  const msgRows: { tx_hash: string; msg_hash: string; direction: string }[] = await db.query(
    `SELECT m.tx_hash, m.msg_hash, m.direction::text AS direction FROM messages m
     WHERE m.mc_seqno <= $1 ORDER BY m.tx_hash, m.direction, m.created_lt NULLS FIRST`,
    [mcSeqno],
  );
  const byTx = new Map<string, { in: string[]; out: string[] }>();
  for (const m of msgRows) {
    const entry = byTx.get(m.tx_hash) ?? { in: [], out: [] };
    (m.direction === 'in' ? entry.in : entry.out).push(m.msg_hash);
    byTx.set(m.tx_hash, entry);
  }
  let messages = 0;
  for (const row of txRows) {
    const expected = chain.txs.get(row.hash);
    assert.ok(expected !== undefined, `transaction ${row.hash} is not on the chain`);
    assert.equal(row.account, expected.account);
    assert.equal(row.lt, expected.lt);
    const got = byTx.get(row.hash) ?? { in: [], out: [] };
    assert.deepEqual(
      got.in,
      expected.inMsg === null ? [] : [expected.inMsg],
      `in message of ${row.hash}`,
    );
    assert.deepEqual(
      [...got.out].sort(),
      [...expected.outMsgs].sort(),
      `out messages of ${row.hash}`,
    );
    messages += got.in.length + got.out.length;
  }
  assert.equal(msgRows.length, messages, 'message rows without a transaction');
  return { blocks: blockRows.length, transactions: txRows.length, messages };
}
