import type { Cell } from '@ton/core';
import { serializeBocMultiRoot } from '@app/ton';
import { Codecs as ClientCodecs, type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { requireBlock, toTlBlockId } from '../block-id';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import { boc, transactionsBlockProof } from '../proofs';
import { encodeTl } from '../tl-encode';
import { accountAddress } from './account.handlers';

/** perform_getTransactions caps the count (max_transaction_count in liteserver.cpp). */
export const MAX_TRANSACTION_COUNT = 16;

/**
 * liteServer.getTransactions count:# account:liteServer.accountId lt:long hash:int256 = liteServer.TransactionList;
 * liteServer.transactionList ids:(vector tonNode.blockIdExt) transactions:bytes
 *
 * Walks the account's chain backwards from (lt, hash) through prev_trans_lt / prev_trans_hash; `ids` are
 * the blocks holding each transaction and `transactions` one multi-root BoC, newest first.
 */
export const getTransactions = defineHandler(
  'liteServer.getTransactions',
  Codecs.liteServer_getTransactions,
  (req, ctx) => {
    const address = accountAddress(req.account);
    const count = Math.min(req.count, MAX_TRANSACTION_COUNT);
    let lt = BigInt(req.lt);
    let hash = req.hash;
    const ids: tonNode_blockIdExt[] = [];
    const cells: Cell[] = [];
    while (cells.length < count && lt !== 0n) {
      const found = ctx.chain.transaction(address, lt);
      if (!found?.tx.hash.equals(hash)) {
        if (cells.length === 0) {
          throw new LiteServerError(
            LiteServerErrorCode.fatal,
            `cannot locate transaction of ${address.toRawString()} with lt ${lt}${found ? ' and this hash' : ''}`,
          );
        }
        break;
      }
      ids.push(toTlBlockId(found.block.id));
      cells.push(found.tx.cell);
      lt = found.tx.prevTransLt;
      hash = found.tx.prevTransHash;
    }
    return encodeTl(ClientCodecs.liteServer_TransactionList, {
      kind: 'liteServer.transactionList',
      ids,
      transactions: cells.length > 0 ? serializeBocMultiRoot(cells) : Buffer.alloc(0),
    });
  },
);

/**
 * liteServer.getOneTransaction id:tonNode.blockIdExt account:liteServer.accountId lt:long = liteServer.TransactionInfo;
 * liteServer.transactionInfo id:tonNode.blockIdExt proof:bytes transaction:bytes
 *
 * The transaction must be in the named block (or, for a masterchain id, in a block that masterchain
 * block commits); the proof keeps the block's path to it. Absent: empty transaction, header proof.
 */
export const getOneTransaction = defineHandler(
  'liteServer.getOneTransaction',
  Codecs.liteServer_getOneTransaction,
  (req, ctx) => {
    const block = requireBlock(ctx.chain, req.id);
    const address = accountAddress(req.account);
    const found = ctx.chain.transaction(address, BigInt(req.lt));
    const inBlock =
      found &&
      (found.block.id.rootHash.equals(block.id.rootHash) ||
        (block.id.workchain === -1 && found.block.mcSeqno === block.id.seqno));
    if (!found || !inBlock) {
      return encodeTl(ClientCodecs.liteServer_TransactionInfo, {
        kind: 'liteServer.transactionInfo',
        id: toTlBlockId(block.id),
        // The path the lookup took, to where the account or lt is missing: the proof of absence.
        proof: boc(
          transactionsBlockProof(block, [{ accountId: req.account.id, lt: BigInt(req.lt) }]),
        ),
        transaction: Buffer.alloc(0),
      });
    }
    return encodeTl(ClientCodecs.liteServer_TransactionInfo, {
      kind: 'liteServer.transactionInfo',
      id: toTlBlockId(found.block.id),
      proof: boc(
        transactionsBlockProof(found.block, [{ accountId: req.account.id, lt: found.tx.lt }]),
      ),
      transaction: boc(found.tx.cell),
    });
  },
);
