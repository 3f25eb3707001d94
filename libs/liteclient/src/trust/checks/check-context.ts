import { type LiteEngine } from 'ton-lite-client';
import { type TLFunction } from 'ton-tl';
import { ProofError, type ProofFailure } from '@app/ton';

import { classifyFailure } from '../../liteserver-errors';
import { type ChainVerifier } from '../chain-verifier';

/** What an answer check works with: the liteserver's own (unverified) engine and the trusted chain. */
export interface CheckContext {
  readonly engine: LiteEngine;
  readonly chain: ChainVerifier;
}

/**
 * A further question to the same liteserver, asked to prove its answer. A liteserver that cannot back
 * its answer (an error answer) fails with `reason`; timeouts and dropped connections are thrown as
 * they are, so the pool retries elsewhere without blaming the answer.
 */
export async function askForProof<REQ, RES>(
  ctx: CheckContext,
  f: TLFunction<REQ, RES>,
  req: REQ,
  reason: ProofFailure,
  what: string,
): Promise<RES> {
  try {
    return await ctx.engine.query(f, req);
  } catch (error) {
    if (classifyFailure(error) !== 'answer') {
      throw error;
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new ProofError(reason, `cannot prove ${what}: ${message}`);
  }
}
