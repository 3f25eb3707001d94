import { type LiteEngine } from 'ton-lite-client';
import { type TLFunction } from 'ton-tl';
import { WrappedEngine } from '../wrapped-engine';
import {
  accountStateAnswer,
  checkAccountState,
  checkConfigParams,
  checkLibraries,
  type LiteApiSchema,
  type ProofBlockId,
  proofBlockId,
  ProofError,
  type ProofFailure,
  sameBlockId,
} from '@app/ton';

import { LiteserverUnverifiedError } from '../liteserver-errors';
import { type ChainVerifier } from './chain-verifier';
import { checkBlockDataAnswer } from './checks/block-data.answer';
import { checkBlockHeaderAnswer } from './checks/block-header.answer';
import {
  checkBlockTransactionsAnswer,
  checkBlockTransactionsExtAnswer,
  checkTransactionInfoAnswer,
  withTransactionProof,
} from './checks/block-transactions.answer';
import { type CheckContext } from './checks/check-context';
import { checkRunMethodAnswer, withRunMethodProofs } from './checks/run-method.answer';
import { checkTransactionListAnswer } from './checks/transaction-list.answer';
import {
  checkAllShardsAnswer,
  checkShardBlockProofAnswer,
  checkShardInfoAnswer,
} from './checks/shards.answer';
import { type LiteQueryOptions } from '../query-options';

interface Answer {
  readonly kind: string;
}
type Request = Record<string, unknown>;

/** The answer's masterchain block is the one the request named (`id`), as tonlib checks it. */
function assertBlockAsked(reason: ProofFailure, answered: ProofBlockId, req: Request): void {
  if (req.id === undefined) {
    return;
  }
  const asked = proofBlockId(req.id as LiteApiSchema.tonNode_blockIdExt);
  if (!sameBlockId(answered, asked)) {
    throw new ProofError(
      reason,
      `answer is at block ${String(answered.seqno)}, not the block asked (${String(asked.seqno)})`,
    );
  }
}

/**
 * An engine that checks every answer it can before its caller sees it (so every reader of the pool
 * — v2, the sender, the fee estimator — gets only proven data):
 *   masterchainInfo(Ext)  the announced head is proven from the trusted key block (ChainVerifier);
 *   accountState          of the block asked, which is proven, then the shard and account proofs;
 *   runMethodResult       asked with its proofs; the block asked and proven, the shard and account
 *                         proofs, the state_proof is of the proven Account (the result is not provable);
 *   blockHeader           the header proof against the id, lookup bounds, the id proven (any chain);
 *   configInfo            of the block asked, which is proven, then the state proof (params whole);
 *   transactionList       the hash / lt / prev_trans chain from the asked transaction, each in the
 *                         proven block its id names (lt range, gen_utime);
 *   libraryResult         each cell's hash is the hash it is filed under;
 *   allShardsInfo / shardInfo / shardBlockProof   against the proven masterchain block (checks/);
 *   blockTransactions(Ext) / transactionInfo      the block proof of each transaction, block proven;
 *   blockData             the data's file and root hash are the proven id's.
 * Other answers pass unchecked (docs/trustless.md lists them). A failed check throws
 * LiteserverUnverifiedError and tells `onUnverified` why.
 */
export class VerifyingEngine extends WrappedEngine {
  constructor(
    engine: LiteEngine,
    private readonly chain: ChainVerifier,
    private readonly onUnverified: (reason: ProofFailure, message: string) => void,
  ) {
    super(engine);
  }

  async query<REQ, RES>(f: TLFunction<REQ, RES>, req: REQ, args?: LiteQueryOptions): Promise<RES> {
    // Ask for the proofs an answer is checked with (listBlockTransactions' want_proof,
    // runSmcMethod's proof mode bits).
    const sent = withRunMethodProofs(withTransactionProof(req as Request)) as REQ;
    const answer = await this.engine.query(f, sent, args);
    try {
      await this.check(answer as Answer, sent as Request);
    } catch (error) {
      if (error instanceof ProofError) {
        this.onUnverified(error.reason, error.message);
        throw new LiteserverUnverifiedError(error.reason, error.message);
      }
      throw error;
    }
    return answer;
  }

  private async check(answer: Answer, req: Request): Promise<void> {
    switch (answer.kind) {
      case 'liteServer.masterchainInfo':
      case 'liteServer.masterchainInfoExt': {
        const a = answer as LiteApiSchema.liteServer_masterchainInfo;
        await this.chain.verifyMasterchainBlock(this.engine, proofBlockId(a.last));
        return;
      }
      case 'liteServer.accountState': {
        const a = answer as LiteApiSchema.liteServer_accountState;
        const account = req.account as LiteApiSchema.liteServer_accountId;
        const mc = proofBlockId(a.id);
        // A proven older block would prove an older state: the answer must be of the block asked.
        assertBlockAsked('account_state', mc, req);
        await this.chain.verifyMasterchainBlock(this.engine, mc);
        checkAccountState(accountStateAnswer(a), mc, account.workchain, Buffer.from(account.id));
        return;
      }
      case 'liteServer.runMethodResult':
        await checkRunMethodAnswer(
          this.ctx,
          answer as LiteApiSchema.liteServer_runMethodResult,
          req,
        );
        return;
      case 'liteServer.blockHeader':
        await checkBlockHeaderAnswer(this.ctx, answer as LiteApiSchema.liteServer_blockHeader, req);
        return;
      case 'liteServer.configInfo': {
        const a = answer as LiteApiSchema.liteServer_configInfo;
        const id = proofBlockId(a.id);
        assertBlockAsked('config', id, req);
        await this.chain.verifyMasterchainBlock(this.engine, id);
        const params = Array.isArray(req.paramList) ? (req.paramList as number[]) : [];
        checkConfigParams(
          { stateProof: Buffer.from(a.stateProof), configProof: Buffer.from(a.configProof) },
          id,
          params,
        );
        return;
      }
      case 'liteServer.transactionList':
        await checkTransactionListAnswer(
          this.ctx,
          answer as LiteApiSchema.liteServer_transactionList,
          req,
        );
        return;
      case 'liteServer.libraryResult': {
        const a = answer as LiteApiSchema.liteServer_libraryResult;
        checkLibraries(
          a.result.map((e) => ({ hash: Buffer.from(e.hash), data: Buffer.from(e.data) })),
          (req.libraryList as Buffer[]).map((h) => Buffer.from(h)),
        );
        return;
      }
      case 'liteServer.allShardsInfo':
        await checkAllShardsAnswer(this.ctx, answer as LiteApiSchema.liteServer_allShardsInfo, req);
        return;
      case 'liteServer.shardInfo':
        await checkShardInfoAnswer(this.ctx, answer as LiteApiSchema.liteServer_shardInfo, req);
        return;
      case 'liteServer.shardBlockProof':
        await checkShardBlockProofAnswer(
          this.ctx,
          answer as LiteApiSchema.liteServer_shardBlockProof,
          req,
        );
        return;
      case 'liteServer.blockTransactions':
        await checkBlockTransactionsAnswer(
          this.ctx,
          answer as LiteApiSchema.liteServer_blockTransactions,
          req,
        );
        return;
      case 'liteServer.blockTransactionsExt':
        await checkBlockTransactionsExtAnswer(
          this.ctx,
          answer as LiteApiSchema.liteServer_blockTransactionsExt,
          req,
        );
        return;
      case 'liteServer.transactionInfo':
        await checkTransactionInfoAnswer(
          this.ctx,
          answer as LiteApiSchema.liteServer_transactionInfo,
          req,
        );
        return;
      case 'liteServer.blockData':
        await checkBlockDataAnswer(this.ctx, answer as LiteApiSchema.liteServer_blockData, req);
        return;
      default:
        return;
    }
  }

  private get ctx(): CheckContext {
    return { engine: this.engine, chain: this.chain };
  }
}
