import {
  blockTransactionCells,
  type BlockTransactionsCursor,
  checkBlockTransactionsList,
  checkOneTransaction,
  type LiteApiSchema,
  proofBlockId,
  ProofError,
  sameBlockId,
  transactionRef,
} from '@app/ton';

import { type CheckContext } from './check-context';
import { proveBlock } from './prove-block';

type Request = Record<string, unknown>;

/** listBlockTransactions mode bits: account, lt, hash of each id; want_proof. */
const ID_FIELDS = 1 | 2 | 4;
export const WANT_PROOF = 32;

/**
 * The request as sent when answers are verified: listBlockTransactions(Ext) with want_proof (and, for
 * the id list, account and lt in each id, which the proof is followed by).
 */
export function withTransactionProof(req: Request): Request {
  if (req.kind === 'liteServer.listBlockTransactions') {
    return { ...req, mode: (Number(req.mode) | ID_FIELDS | WANT_PROOF) >>> 0, wantProof: true };
  }
  if (req.kind === 'liteServer.listBlockTransactionsExt') {
    return { ...req, mode: (Number(req.mode) | WANT_PROOF) >>> 0, wantProof: true };
  }
  return req;
}

function answeredAsked(answered: LiteApiSchema.tonNode_blockIdExt, req: Request) {
  const id = proofBlockId(answered);
  const asked = req.id as LiteApiSchema.tonNode_blockIdExt | undefined;
  if (asked && !sameBlockId(proofBlockId(asked), id)) {
    throw new ProofError('block_transactions', `answer of block ${id.seqno}, not the block asked`);
  }
  return id;
}

/** The request's cursor (mode bit 7: after, bit 6: reverse_order) and count. */
function cursorOf(req: Request): BlockTransactionsCursor & { count: number } {
  const mode = Number(req.mode);
  const after = req.after as LiteApiSchema.liteServer_transactionId3 | null | undefined;
  return {
    after:
      (mode & 128) !== 0 && after
        ? { account: Buffer.from(after.account), lt: BigInt(after.lt) }
        : null,
    reverse: (mode & 64) !== 0,
    count: Number(req.count),
  };
}

/**
 * listBlockTransactions: the listed ids are exactly the transactions the proven block files from the
 * request's cursor, in order, with `incomplete` consistent with the count (checkBlockTransactionsList).
 */
export async function checkBlockTransactionsAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_blockTransactions,
  req: Request,
): Promise<void> {
  const id = answeredAsked(answer.id, req);
  const txs = answer.ids.map((t) => {
    if (t.account === null || t.lt === null) {
      throw new ProofError('block_transactions', 'a listed transaction without account or lt');
    }
    return {
      account: Buffer.from(t.account),
      lt: BigInt(t.lt),
      hash: t.hash === null ? null : Buffer.from(t.hash),
    };
  });
  checkBlockTransactionsList(Buffer.from(answer.proof), id, cursorOf(req), {
    txs,
    incomplete: answer.incomplete,
  });
  await proveBlock(ctx, id);
}

/** listBlockTransactionsExt: the sent Transaction cells are the ones the proven block files, likewise. */
export async function checkBlockTransactionsExtAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_blockTransactionsExt,
  req: Request,
): Promise<void> {
  const id = answeredAsked(answer.id, req);
  const cells = blockTransactionCells(Buffer.from(answer.transactions));
  checkBlockTransactionsList(Buffer.from(answer.proof), id, cursorOf(req), {
    txs: cells.map(transactionRef),
    incomplete: answer.incomplete,
  });
  await proveBlock(ctx, id);
}

/** getOneTransaction: the transaction (or its absence) is proven in the proven block. */
export async function checkTransactionInfoAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_transactionInfo,
  req: Request,
): Promise<void> {
  const id = answeredAsked(answer.id, req);
  const account = req.account as LiteApiSchema.liteServer_accountId;
  checkOneTransaction(
    { proof: Buffer.from(answer.proof), transaction: Buffer.from(answer.transaction) },
    id,
    Buffer.from(account.id),
    BigInt(req.lt as string),
  );
  await proveBlock(ctx, id);
}
