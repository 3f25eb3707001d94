import { serializeBocMultiRoot, walkBlockTransactions } from '@app/ton';
import {
  Codecs as ClientCodecs,
  type liteServer_transactionId,
  type tonNode_blockIdExt,
} from 'ton-lite-client/dist/schema';
import type { StoredBlock, StoredTransaction } from '../../chain/chain-reader';
import { requireBlock, toTlBlockId } from '../block-id';
import { defineHandler, type LiteApiContext } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { boc, transactionsBlockProof } from '../proofs';
import { encodeTl } from '../tl-encode';

/** perform_listBlockTransactions caps `count` at 256. */
export const MAX_LIST_COUNT = 256;

interface ListRequest {
  readonly mode: number;
  readonly count: number;
  readonly after: { readonly account: Buffer; readonly lt: string } | null;
}

function accountKey(tx: StoredTransaction): Buffer {
  return tx.address.hash;
}

function compare(tx: StoredTransaction, account: Buffer, lt: bigint): number {
  const c = Buffer.compare(accountKey(tx), account);
  if (c !== 0) {
    return c;
  }
  return tx.lt < lt ? -1 : tx.lt > lt ? 1 : 0;
}

/**
 * The transactions a listBlockTransactions(Ext) request selects: ordered by (account, lt), ascending or
 * (mode bit 6, reverse_order) descending, strictly after `after` (mode bit 7) in that order, at most
 * `count`; `incomplete` when more remain.
 */
export function selectTransactions(
  block: StoredBlock,
  req: ListRequest,
): { txs: StoredTransaction[]; incomplete: boolean } {
  const reverse = (req.mode & 64) !== 0;
  const ordered = [...block.transactions].sort((a, b) => compare(a, accountKey(b), b.lt));
  if (reverse) {
    ordered.reverse();
  }
  let candidates = ordered;
  const after = req.after;
  if ((req.mode & 128) !== 0 && after) {
    const afterLt = BigInt(after.lt);
    candidates = ordered.filter((tx) => {
      const c = compare(tx, after.account, afterLt);
      return reverse ? c < 0 : c > 0;
    });
  }
  const count = Math.min(req.count, MAX_LIST_COUNT);
  return { txs: candidates.slice(0, count), incomplete: candidates.length > count };
}

/** With mode bit 5 (want_proof): the block's Merkle proof of the listed transactions. */
function proofFor(block: StoredBlock, req: ListRequest, txs: StoredTransaction[]): Buffer {
  if ((req.mode & 32) === 0) {
    return Buffer.alloc(0);
  }
  const cursor = {
    after:
      (req.mode & 128) !== 0 && req.after
        ? { account: req.after.account, lt: BigInt(req.after.lt) }
        : null,
    reverse: (req.mode & 64) !== 0,
  };
  return boc(
    transactionsBlockProof(
      block,
      txs.map((t) => ({ accountId: t.address.hash, lt: t.lt })),
      // One past the listed: the proof shows the next transaction, or that there is none.
      (accounts, visit) => walkBlockTransactions(accounts, cursor, txs.length + 1, visit),
    ),
  );
}

/** What liteServer.blockTransactions and liteServer.blockTransactionsExt both answer. */
interface ListedPage {
  readonly txs: StoredTransaction[];
  readonly shared: {
    readonly id: tonNode_blockIdExt;
    readonly reqCount: number;
    readonly incomplete: boolean;
    /** With mode bit 5 (want_proof): the block's Merkle proof of the listed transactions. */
    readonly proof: Buffer;
  };
}

/** The body both list functions share: the block, its page of transactions and its proof. */
function listPage(
  req: ListRequest & { readonly id: tonNode_blockIdExt },
  ctx: LiteApiContext,
): ListedPage {
  const block = requireBlock(ctx.chain, req.id);
  const { txs, incomplete } = selectTransactions(block, req);
  const proof = proofFor(block, req, txs);
  return { txs, shared: { id: toTlBlockId(block.id), reqCount: req.count, incomplete, proof } };
}

/**
 * liteServer.listBlockTransactions id:tonNode.blockIdExt mode:# count:# after:mode.7?liteServer.transactionId3
 *   reverse_order:mode.6?true want_proof:mode.5?true = liteServer.BlockTransactions;
 * liteServer.blockTransactions id req_count:# incomplete:Bool ids:(vector liteServer.transactionId) proof:bytes
 * Each id carries the fields mode bits 0 (account), 1 (lt) and 2 (hash) ask for.
 */
export const listBlockTransactions = defineHandler(
  'liteServer.listBlockTransactions',
  Codecs.liteServer_listBlockTransactions,
  (req, ctx) => {
    const { txs, shared } = listPage(req, ctx);
    const idMode = req.mode & 7;
    const ids: liteServer_transactionId[] = txs.map((tx) => ({
      kind: 'liteServer.transactionId',
      mode: idMode,
      account: (idMode & 1) !== 0 ? tx.address.hash : null,
      lt: (idMode & 2) !== 0 ? tx.lt.toString() : null,
      hash: (idMode & 4) !== 0 ? tx.hash : null,
    }));
    return encodeTl(ClientCodecs.liteServer_BlockTransactions, {
      kind: 'liteServer.blockTransactions',
      ...shared,
      ids,
    });
  },
);

/**
 * liteServer.listBlockTransactionsExt (same arguments) = liteServer.BlockTransactionsExt;
 * liteServer.blockTransactionsExt id req_count:# incomplete:Bool transactions:bytes proof:bytes
 * `transactions` is one multi-root BoC of the selected Transaction cells (ton-lite-client lacks this
 * constructor: the generated codec encodes it).
 */
export const listBlockTransactionsExt = defineHandler(
  'liteServer.listBlockTransactionsExt',
  Codecs.liteServer_listBlockTransactionsExt,
  (req, ctx) => {
    const { txs, shared } = listPage(req, ctx);
    return encodeTl(Codecs.liteServer_BlockTransactionsExt, {
      kind: 'liteServer.blockTransactionsExt',
      ...shared,
      transactions:
        txs.length > 0 ? serializeBocMultiRoot(txs.map((t) => t.cell)) : Buffer.alloc(0),
    });
  },
);
