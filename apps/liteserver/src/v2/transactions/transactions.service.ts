import {
  ErrorCode,
  type GetBlockTransactionsExtRes,
  type GetBlockTransactionsReq,
  type GetBlockTransactionsRes,
  type GetTransactionsReq,
  type GetTransactionsRes,
  type GetTransactionsStdRes,
  TonApiError,
  type TryLocateTxReq,
  type TryLocateTxRes,
} from '@app/contracts';
import { Address, Cell } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { isTransportFailure, type LiteserverPool } from '@app/liteclient';
import { answerCache, CACHE_BUDGETS } from '../answer-cache';
import { AFTER_FLAG, BlockTransactionsReader, LIST_MODE } from './block-transactions.reader';
import {
  hashBytes,
  readTransaction,
  toExtTransaction,
  toRawTransaction,
  type TransactionParts,
} from './transaction.mapper';

/** liteServer.getTransactions answers at most 16 per call (liteserver.cpp max_transaction_count). */
const TX_CHUNK = 16;
const MASTERCHAIN_SHARD = '-9223372036854775808';
/**
 * tryLocate's incoming search: toncenter looks at the blocks holding lt, lt + 1e6 and lt + 2e6
 * (https://github.com/toncenter/ton-http-api/blob/HEAD/ton-http-api/pyTON/main.py), i.e. about
 * three blocks of the destination's shard chain. This reads the block holding lt
 * and the next ones by seqno, which is what those steps aim at without depending on how far apart the
 * blocks' lts are.
 */
const LOCATE_BLOCKS_AHEAD = 3;
const ZERO_HASH = Buffer.alloc(32);

interface Cursor {
  lt: bigint;
  hash: Buffer;
}

function parseRaw(raw: string): Address {
  return Address.parseRaw(raw.toLowerCase());
}

/** The narrowest shard id holding `address` (its 63-bit prefix plus the tag bit), signed. */
function accountShard(address: Address): string {
  if (address.workChain === -1) {
    return MASTERCHAIN_SHARD;
  }
  const top = address.hash.readBigUInt64BE(0);
  return BigInt.asIntN(64, (top & ~1n) | 1n).toString();
}

/**
 * Live reads of account histories and block transaction lists (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). What
 * follows from a transaction id (the history before it) or from a block (its transaction pages)
 * never changes, so it is cached, parsed; finding an account's last transaction is a head read and is not.
 */
export class TransactionsReader {
  /** liteServer.getTransactions chunks by (account, lt, hash, count), parsed once. */
  private readonly chunks = answerCache<TransactionParts[]>(CACHE_BUDGETS.transactionChunks);
  /** tryLocate*: the transaction found for (kind, source, destination, created_lt). */
  private readonly located = answerCache<TryLocateTxRes>(CACHE_BUDGETS.locatedTransactions);
  /**
   * The newest transaction of an account in a block located by lt (null: none there; undefined: no
   * such block yet, not stored).
   */
  private readonly newestInBlock = answerCache<BlockTxId | null | undefined>(
    CACHE_BUDGETS.blockNewestTransactions,
  );
  constructor(
    private readonly pool: LiteserverPool,
    /** getBlockTransactions(Ext): a block's transactions a page at a time (the module injects it). */
    private readonly blocks: BlockTransactionsReader = new BlockTransactionsReader(pool),
  ) {}

  async transactions(req: GetTransactionsReq): Promise<GetTransactionsRes> {
    const { parts } = await this.walk(req);
    return parts.map(toExtTransaction);
  }

  async transactionsStd(req: GetTransactionsReq): Promise<GetTransactionsStdRes> {
    const { parts, next } = await this.walk(req);
    return {
      '@type': 'raw.transactions',
      transactions: parts.map(toRawTransaction),
      previous_transaction_id: {
        '@type': 'internal.transactionId',
        lt: next.lt.toString(),
        hash: next.hash.toString('base64'),
      },
    };
  }

  /**
   * The account's history backwards from (lt, hash) or its last transaction, the start included,
   * until `limit`, a transaction with lt <= to_lt, or the first transaction
   * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/client.py).
   */
  private async walk(
    req: GetTransactionsReq,
  ): Promise<{ parts: TransactionParts[]; next: Cursor }> {
    const address = parseRaw(req.address);
    const toLt = BigInt(req.to_lt ?? '0');
    let cursor: Cursor =
      req.lt !== undefined && req.hash !== undefined
        ? { lt: BigInt(req.lt), hash: Buffer.from(req.hash, 'base64') }
        : await this.lastTransaction(address);
    const parts: TransactionParts[] = [];
    while (parts.length < req.limit && cursor.lt !== 0n && cursor.lt > toLt) {
      const chunk = await this.history(
        address,
        cursor,
        Math.min(TX_CHUNK, req.limit - parts.length),
        req.archival === true,
      );
      if (chunk.length === 0) {
        break;
      }
      for (const tx of chunk) {
        if (tx.lt <= toLt || parts.length >= req.limit) {
          return { parts, next: cursor };
        }
        parts.push(tx);
        cursor = { lt: tx.prevLt, hash: tx.prevHash };
      }
    }
    return { parts, next: cursor.lt === 0n ? { lt: 0n, hash: ZERO_HASH } : cursor };
  }

  private async lastTransaction(address: Address): Promise<Cursor> {
    const { value } = await this.pool.execute('getAccountState', async (client) => {
      const { last } = await client.getMasterchainInfo();
      return client.getAccountState(address, last);
    });
    return value.lastTx
      ? { lt: value.lastTx.lt, hash: hashBytes(value.lastTx.hash) }
      : { lt: 0n, hash: ZERO_HASH };
  }

  /** Up to `count` transactions of `address` from `from` backwards (liteServer.getTransactions). */
  private async history(
    address: Address,
    from: Cursor,
    count: number,
    archival = false,
  ): Promise<TransactionParts[]> {
    // `archival=true` (toncenter's answer to "lt not in db") routes to full-history liteservers.
    // The chunk is parsed inside the operation so that a cache hit costs no BoC parsing either.
    const { value } = await this.pool.execute(
      'getTransactions',
      async (client) => {
        const chunk = await client.getAccountTransactions(
          address,
          from.lt.toString(),
          from.hash,
          count,
        );
        return chunk.transactions.length === 0
          ? []
          : Cell.fromBoc(chunk.transactions).map((cell) =>
              readTransaction(cell, address.workChain),
            );
      },
      {
        archival,
        cache: this.chunks,
        cacheKey: `${address.toRawString()}:${from.lt.toString()}:${from.hash.toString('hex')}:${String(count)}`,
      },
    );
    return value;
  }

  blockTransactions(req: GetBlockTransactionsReq): Promise<GetBlockTransactionsRes> {
    return this.blocks.shortIds(req);
  }

  blockTransactionsExt(req: GetBlockTransactionsReq): Promise<GetBlockTransactionsExtRes> {
    return this.blocks.full(req);
  }

  /** The transaction on `destination` that the message (source, created_lt) caused (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
  async locateResult(req: TryLocateTxReq): Promise<TryLocateTxRes> {
    return this.locateCached('tryLocateResultTx', req, () => this.findResult(req));
  }

  /** The transaction on `source` that emitted the message (destination, created_lt) (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
  async locateSource(req: TryLocateTxReq): Promise<TryLocateTxRes> {
    return this.locateCached('tryLocateSourceTx', req, () => this.findSource(req));
  }

  /**
   * A located transaction is that message's for ever, so it is cached; "not found" is thrown, never
   * stored (the transaction may land later).
   */
  private async locateCached(
    method: string,
    req: TryLocateTxReq,
    find: () => Promise<TryLocateTxRes>,
  ): Promise<TryLocateTxRes> {
    const key = `${method}:${req.source.toLowerCase()}:${req.destination.toLowerCase()}:${req.created_lt}`;
    const { value } = await this.pool.cached(method, this.located, key, async () => ({
      value: await find(),
      server: -1,
    }));
    return value;
  }

  private async findResult(req: TryLocateTxReq): Promise<TryLocateTxRes> {
    const source = parseRaw(req.source);
    const destination = parseRaw(req.destination);
    const createdLt = BigInt(req.created_lt);
    for (let ahead = 0; ahead <= LOCATE_BLOCKS_AHEAD; ahead++) {
      const candidates = await this.candidates(destination, createdLt, ahead);
      if (candidates === undefined) {
        break;
      }
      const found = candidates.find(
        (t) => t.inMsg?.source?.equals(source) === true && t.inMsg.createdLt === createdLt,
      );
      if (found) {
        return toExtTransaction(found);
      }
    }
    throw notFound();
  }

  private async findSource(req: TryLocateTxReq): Promise<TryLocateTxRes> {
    const source = parseRaw(req.source);
    const destination = parseRaw(req.destination);
    const createdLt = BigInt(req.created_lt);
    const candidates = (await this.candidates(source, createdLt, 0)) ?? [];
    const found = candidates.find((t) =>
      t.outMsgs.some(
        (m) => m.destination?.equals(destination) === true && m.createdLt === createdLt,
      ),
    );
    if (!found) {
      throw notFound();
    }
    return toExtTransaction(found);
  }

  /**
   * The account's newest transaction in the block `ahead` blocks after the one of its shard chain
   * holding `lt`, and the ones before it (toncenter reads 10; one liteserver call gives 16). Empty
   * when the account has no transaction there; undefined when that block does not exist (yet).
   */
  private async candidates(
    address: Address,
    lt: bigint,
    ahead: number,
  ): Promise<TransactionParts[] | undefined> {
    const { value: newest } = await this.pool.execute(
      'tryLocateTx',
      async (client): Promise<BlockTxId | null | undefined> => {
        const block = await blockAfterLt(client, address, lt, ahead);
        if (!block) {
          return undefined;
        }
        const page = await client.listBlockTransactions(block, {
          mode: LIST_MODE | AFTER_FLAG,
          count: TX_CHUNK,
          // Rows are ordered by (account, lt): starting after (account, 0) lists the account's first.
          after: { kind: 'liteServer.transactionId3', account: address.hash, lt: '0' },
          wantProof: false,
        });
        const id = page.ids.filter((row) => row.account?.equals(address.hash) === true).at(-1);
        return id?.lt && id.hash ? { lt: id.lt, hash: id.hash } : null;
      },
      {
        cache: this.newestInBlock,
        cacheKey: `${address.toRawString()}:${lt.toString()}+${String(ahead)}`,
        // A block that does not exist yet may exist at the next call.
        storeIf: (id) => id !== undefined,
      },
    );
    if (newest === undefined) {
      return undefined;
    }
    if (newest === null) {
      return [];
    }
    return this.history(address, { lt: BigInt(newest.lt), hash: newest.hash }, TX_CHUNK);
  }
}

/**
 * The block of the account's shard chain holding `lt` (lookupBlock by lt), or the one `ahead` seqnos
 * after it; null when the liteserver knows no such block.
 */
async function blockAfterLt(
  client: LiteClient,
  address: Address,
  lt: bigint,
  ahead: number,
): Promise<tonNode_blockIdExt | null> {
  try {
    const holding = await client.lookupBlockByLt({
      workchain: address.workChain,
      shard: accountShard(address),
      lt,
    });
    if (ahead === 0) {
      return holding.id;
    }
    const next = await client.lookupBlockByID({
      workchain: holding.id.workchain,
      shard: holding.id.shard,
      seqno: holding.id.seqno + ahead,
    });
    return next.id;
  } catch (error) {
    // A timeout, a dropped connection or a liteserver not ready says nothing about the block: it goes
    // to the pool, which asks another liteserver (libs/liteclient/src/liteserver-errors.ts).
    if (isTransportFailure(error)) {
      throw error;
    }
    // lookupBlock answers an error for a block it does not have (not yet produced, or pruned).
    return null;
  }
}

/** A transaction of a block list: its lt (decimal) and hash. */
interface BlockTxId {
  readonly lt: string;
  readonly hash: Buffer;
}

function notFound(): TonApiError {
  // toncenter 2.1 wording and status (404); 2.0 answered 503 "Tx not found".
  return new TonApiError(ErrorCode.NOT_FOUND, 'transaction was not found');
}
