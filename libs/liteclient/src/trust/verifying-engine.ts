import { EventEmitter } from 'node:events';

import { type LiteEngine } from 'ton-lite-client';
import { type TLFunction } from 'ton-tl';
import {
  accountStateAnswer,
  checkAccountState,
  checkBlockHeaderProof,
  checkConfigParams,
  checkLibraries,
  checkTransactionList,
  type LiteApiSchema,
  proofBlockId,
  ProofError,
  type ProofFailure,
  proofRoot,
} from '@app/ton';

import { LiteserverUnverifiedError } from '../liteserver-errors';
import { type ChainVerifier } from './chain-verifier';

interface Answer {
  readonly kind: string;
}
type Request = Record<string, unknown>;

/**
 * An engine that checks every answer it can before its caller sees it (so every reader of the pool
 * — v2, the sender, the fee estimator — gets only proven data):
 *   masterchainInfo(Ext)  the announced head is proven from the trusted key block (ChainVerifier);
 *   accountState          the masterchain block is proven, then the shard and account proofs;
 *   blockHeader           a masterchain block's id is proven, the header proof checked against it;
 *   configInfo            the block is proven, then the state proof (and the asked params whole);
 *   transactionList       the hash / lt / prev_trans chain from the asked transaction;
 *   libraryResult         each cell's hash is the hash it is filed under.
 * Other answers pass unchecked (docs/trustless.md lists them). A failed check throws
 * LiteserverUnverifiedError and tells `onUnverified` why.
 */
export class VerifyingEngine extends EventEmitter implements LiteEngine {
  constructor(
    private readonly engine: LiteEngine,
    private readonly chain: ChainVerifier,
    private readonly onUnverified: (reason: ProofFailure, message: string) => void,
  ) {
    super();
  }

  async query<REQ, RES>(
    f: TLFunction<REQ, RES>,
    req: REQ,
    args?: { timeout?: number; awaitSeqno?: number },
  ): Promise<RES> {
    const answer = await this.engine.query(f, req, args);
    try {
      await this.check(answer as Answer, req as Request);
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
        await this.chain.verifyMasterchainBlock(this.engine, mc);
        checkAccountState(accountStateAnswer(a), mc, account.workchain, Buffer.from(account.id));
        return;
      }
      case 'liteServer.blockHeader': {
        const a = answer as LiteApiSchema.liteServer_blockHeader;
        const id = proofBlockId(a.id);
        if (id.workchain === -1) {
          await this.chain.verifyMasterchainBlock(this.engine, id);
          checkBlockHeaderProof(
            proofRoot(Buffer.from(a.headerProof), 'block_header', 'header'),
            id,
          );
        }
        return;
      }
      case 'liteServer.configInfo': {
        const a = answer as LiteApiSchema.liteServer_configInfo;
        const id = proofBlockId(a.id);
        await this.chain.verifyMasterchainBlock(this.engine, id);
        const params = Array.isArray(req.paramList) ? (req.paramList as number[]) : [];
        checkConfigParams(
          { stateProof: Buffer.from(a.stateProof), configProof: Buffer.from(a.configProof) },
          id,
          params,
        );
        return;
      }
      case 'liteServer.transactionList': {
        const a = answer as LiteApiSchema.liteServer_transactionList;
        const account = req.account as LiteApiSchema.liteServer_accountId;
        if (a.ids.length === 0) {
          return; // nothing sent: nothing to serve
        }
        checkTransactionList(
          Buffer.from(a.transactions),
          {
            accountId: Buffer.from(account.id),
            lt: BigInt(req.lt as string),
            hash: Buffer.from(req.hash as Buffer),
          },
          Number(req.count),
        );
        return;
      }
      case 'liteServer.libraryResult': {
        const a = answer as LiteApiSchema.liteServer_libraryResult;
        checkLibraries(
          a.result.map((e) => ({ hash: Buffer.from(e.hash), data: Buffer.from(e.data) })),
          (req.libraryList as Buffer[]).map((h) => Buffer.from(h)),
        );
        return;
      }
      default:
        return;
    }
  }

  close(): void {
    this.engine.close();
  }

  isClosed(): boolean {
    return this.engine.isClosed();
  }

  isReady(): boolean {
    return this.engine.isReady();
  }
}
