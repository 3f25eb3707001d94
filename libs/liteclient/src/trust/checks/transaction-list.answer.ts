import {
  checkBlockInfoProof,
  checkTransactionList,
  checkTransactionsInBlocks,
  LiteApiSchema,
  type ProofBlockId,
  proofBlockId,
  ProofError,
  proofRoot,
  sameBlockId,
  type TransactionBlockBounds,
} from '@app/ton';

import { toTlBlockId } from '../tl-block-id';
import { askForProof, type CheckContext } from './check-context';
import { proveBlock } from './prove-block';

/**
 * liteServer.transactionList, the answer of getTransactions: the transactions are checked as a hash
 * chain from the asked (lt, hash) (checkTransactionList), and each lies in the block its `ids` entry
 * names (checkTransactionsInBlocks): every block named, once, is proven (proveBlock: a masterchain
 * block by its links, a shard block by getShardBlockProof) and its header read from a getBlockHeader
 * proof that hashes to the id. Proven bounds are kept on the chain verifier, so the pages of one
 * account's history cost one header per block.
 */
export async function checkTransactionListAnswer(
  ctx: CheckContext,
  answer: LiteApiSchema.liteServer_transactionList,
  req: Record<string, unknown>,
): Promise<void> {
  if (answer.ids.length === 0) {
    return; // nothing sent: nothing to serve
  }
  const account = req.account as LiteApiSchema.liteServer_accountId;
  const ids = answer.ids.map(proofBlockId);
  const transactions = checkTransactionList(
    Buffer.from(answer.transactions),
    {
      accountId: Buffer.from(account.id),
      lt: BigInt(req.lt as string),
      hash: Buffer.from(req.hash as Buffer),
    },
    Number(req.count),
    { workchain: account.workchain, ids },
  );
  const distinct = ids.filter((id, i) => ids.findIndex((o) => sameBlockId(o, id)) === i);
  const proven = await Promise.all(
    distinct.map(async (id) => ({ id, bounds: await provenBounds(ctx, id) })),
  );
  checkTransactionsInBlocks(transactions, ids, (id) => {
    const found = proven.find((p) => sameBlockId(p.id, id));
    if (!found) {
      throw new ProofError('transactions', `block ${id.seqno} was not proven`);
    }
    return found.bounds;
  });
}

/** Block `id`'s lt range and time from its proven header, the block itself proven in the chain. */
async function provenBounds(ctx: CheckContext, id: ProofBlockId): Promise<TransactionBlockBounds> {
  const known = ctx.chain.provenBlockBounds.get(id);
  if (known) {
    return known;
  }
  const header = await askForProof(
    ctx,
    LiteApiSchema.Functions.liteServer_getBlockHeader,
    { kind: 'liteServer.getBlockHeader', id: toTlBlockId(id), mode: 0 },
    'transactions',
    `the header of block ${id.seqno} a transaction is said to be in`,
  );
  const { info } = checkBlockInfoProof(
    proofRoot(Buffer.from(header.headerProof), 'transactions', 'header'),
    id,
    'transactions',
  );
  await proveBlock(ctx, id);
  const bounds = { startLt: info.startLt, endLt: info.endLt, genUtime: info.genUtime };
  ctx.chain.provenBlockBounds.set(id, bounds);
  return bounds;
}
