import {
  type GetBlockTransactionsExtRes,
  type GetBlockTransactionsReq,
  type GetBlockTransactionsRes,
} from '@app/contracts';
import { type ExecuteOptions, type LiteserverCache, type LiteserverPool } from '@app/liteclient';
import { LiteApiSchema } from '@app/ton';
import { Cell } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { answerCache, CACHE_BUDGETS, masterchainSeqnoOf } from '../answer-cache';
import { toTonBlockIdExt } from '../tonlib.mapper';
import { readTransaction, toBlockTransactionExt } from './transaction.mapper';

/** liteServer.listBlockTransactions answers at most 256 per call (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/client.py). */
const LIST_CHUNK = 256;
/** listBlockTransactions mode: account, lt, hash (bits 0–2), and bit 7 when a cursor is given. */
export const LIST_MODE = 7;
export const AFTER_FLAG = 128;
/** What toncenter reports as the shortTxId mode: 7 + 128 (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
const SHORT_TX_MODE = 135;

/** A block's full id without the TL constructor name. */
interface ResolvedBlock {
  workchain: number;
  shard: string;
  seqno: number;
  rootHash: Buffer;
  fileHash: Buffer;
}

/** Where the next page starts: after this account's transaction at this lt (TL liteServer.transactionId3). */
interface PageCursor {
  account: Buffer;
  lt: string;
}

/** One page as a listing method reads it: its rows and the cursor after the last. */
interface ListedPage<Row> {
  readonly rows: Row[];
  readonly last: PageCursor | undefined;
  readonly incomplete: boolean;
}

type ReadPage<Row> = (
  client: LiteClient,
  block: ResolvedBlock,
  after: PageCursor | undefined,
  count: number,
) => Promise<ListedPage<Row>>;

/** One getBlockTransactions(Ext) answer before its envelope: the block, its rows, `incomplete`. */
interface BlockPage<Row> {
  readonly block: ResolvedBlock;
  readonly rows: Row[];
  readonly incomplete: boolean;
}

type ShortId = GetBlockTransactionsRes['transactions'][number];
type FullTransaction = GetBlockTransactionsExtRes['transactions'][number];

/**
 * A block's transactions, `count` from the cursor on, in the short form (getBlockTransactions,
 * liteServer.listBlockTransactions) or in full (getBlockTransactionsExt,
 * liteServer.listBlockTransactionsExt) (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 * Both walk the block the same way, a liteserver page at a time; a page is fixed by the block and
 * the cursor, so it is cached.
 */
export class BlockTransactionsReader {
  private readonly shortPages = answerCache<BlockPage<ShortId>>(CACHE_BUDGETS.blockTransactions);
  private readonly fullPages = answerCache<BlockPage<FullTransaction>>(
    CACHE_BUDGETS.blockTransactionsExt,
  );

  constructor(private readonly pool: LiteserverPool) {}

  async shortIds(req: GetBlockTransactionsReq): Promise<GetBlockTransactionsRes> {
    const page = await this.walk('getBlockTransactions', req, this.shortPages, readShortIds);
    return {
      '@type': 'blocks.transactions',
      id: toTonBlockIdExt(page.block),
      req_count: req.count,
      incomplete: page.incomplete,
      transactions: page.rows,
    };
  }

  async full(req: GetBlockTransactionsReq): Promise<GetBlockTransactionsExtRes> {
    const page = await this.walk('getBlockTransactionsExt', req, this.fullPages, readFull);
    return {
      '@type': 'blocks.transactionsExt',
      id: toTonBlockIdExt(page.block),
      req_count: req.count,
      incomplete: page.incomplete,
      transactions: page.rows,
    };
  }

  private async walk<Row>(
    method: string,
    req: GetBlockTransactionsReq,
    cache: LiteserverCache<BlockPage<Row>>,
    readPage: ReadPage<Row>,
  ): Promise<BlockPage<Row>> {
    const { value } = await this.pool.execute(
      method,
      async (client) => {
        const block = await resolveBlock(client, req);
        const rows: Row[] = [];
        let after = afterCursor(req);
        let incomplete = true;
        while (incomplete && rows.length < req.count) {
          const page = await readPage(
            client,
            block,
            after,
            Math.min(LIST_CHUNK, req.count - rows.length),
          );
          rows.push(...page.rows);
          after = page.last ?? after;
          incomplete = page.incomplete;
          if (page.rows.length === 0) {
            break;
          }
        }
        return { block, rows, incomplete };
      },
      blockPageOptions(cache, req),
    );
    return value;
  }
}

function listMode(after: PageCursor | undefined): number {
  return LIST_MODE | (after ? AFTER_FLAG : 0);
}

function tlCursor(after: PageCursor | undefined) {
  return after ? { kind: 'liteServer.transactionId3' as const, ...after } : null;
}

const readShortIds: ReadPage<ShortId> = async (client, block, after, count) => {
  const page = await client.listBlockTransactions(block, {
    mode: listMode(after),
    count,
    after: tlCursor(after),
    wantProof: false,
  });
  const rows = page.ids.map((id): ShortId => {
    if (!id.account || id.lt === null || !id.hash) {
      throw new Error('listBlockTransactions omitted a field mode 7 asks for');
    }
    return {
      '@type': 'blocks.shortTxId',
      mode: SHORT_TX_MODE,
      account: `${block.workchain}:${id.account.toString('hex')}`,
      lt: id.lt,
      hash: id.hash.toString('base64'),
    };
  });
  const last = page.ids.at(-1);
  return {
    rows,
    last: last?.account && last.lt !== null ? { account: last.account, lt: last.lt } : undefined,
    incomplete: page.incomplete,
  };
};

const readFull: ReadPage<FullTransaction> = async (client, block, after, count) => {
  const page = await client.engine.query(
    LiteApiSchema.Functions.liteServer_listBlockTransactionsExt,
    {
      kind: 'liteServer.listBlockTransactionsExt',
      id: { kind: 'tonNode.blockIdExt', ...block },
      mode: listMode(after),
      count,
      after: tlCursor(after),
      reverseOrder: null,
      wantProof: null,
    },
  );
  const parts = (page.transactions.length > 0 ? Cell.fromBoc(page.transactions) : []).map((cell) =>
    readTransaction(cell, block.workchain),
  );
  const last = parts.at(-1);
  return {
    rows: parts.map(toBlockTransactionExt),
    last: last ? { account: last.address.hash, lt: last.lt.toString() } : undefined,
    incomplete: page.incomplete,
  };
};

/**
 * A page of a block's transactions is fixed by the block (its full id, or its seqno once it exists)
 * and the cursor and count; masterchain blocks are routed by their seqno.
 */
function blockPageOptions<T>(
  cache: LiteserverCache<T>,
  req: GetBlockTransactionsReq,
): ExecuteOptions<T> {
  const hashes =
    req.root_hash !== undefined && req.file_hash !== undefined
      ? `:${req.root_hash}:${req.file_hash}`
      : '';
  const after =
    req.after_lt !== undefined && req.after_hash !== undefined
      ? `>${req.after_lt}:${req.after_hash}`
      : '';
  const seqno = masterchainSeqnoOf(req.workchain, req.seqno);
  return {
    cache,
    cacheKey: `${String(req.workchain)}:${req.shard}:${String(req.seqno)}${hashes}${after}#${String(req.count)}`,
    ...(seqno === undefined ? {} : { seqno }),
  };
}

function afterCursor(req: GetBlockTransactionsReq): PageCursor | undefined {
  return req.after_lt !== undefined && req.after_hash !== undefined
    ? { account: Buffer.from(req.after_hash, 'base64'), lt: req.after_lt }
    : undefined;
}

/** The block named by workchain/shard/seqno, with its hashes as given or as the liteserver knows them. */
async function resolveBlock(
  client: LiteClient,
  req: GetBlockTransactionsReq,
): Promise<ResolvedBlock> {
  if (req.root_hash !== undefined && req.file_hash !== undefined) {
    return {
      workchain: req.workchain,
      shard: req.shard,
      seqno: req.seqno,
      rootHash: Buffer.from(req.root_hash, 'base64'),
      fileHash: Buffer.from(req.file_hash, 'base64'),
    };
  }
  const header = await client.lookupBlockByID({
    workchain: req.workchain,
    shard: req.shard,
    seqno: req.seqno,
  });
  const { workchain, shard, seqno, rootHash, fileHash } = header.id;
  return { workchain, shard, seqno, rootHash, fileHash };
}
