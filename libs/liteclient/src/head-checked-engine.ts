import { type LiteEngine } from 'ton-lite-client';
import { type TLFunction } from 'ton-tl';
import { WrappedEngine } from './wrapped-engine';
import { type LiteQueryOptions } from './query-options';

/** The masterchain seqno of a liteServer.masterchainInfo / masterchainInfoExt answer, if it is one. */
function headSeqnoOf(answer: unknown): number | undefined {
  if (typeof answer !== 'object' || answer === null || !('kind' in answer)) {
    return undefined;
  }
  if (
    answer.kind !== 'liteServer.masterchainInfo' &&
    answer.kind !== 'liteServer.masterchainInfoExt'
  ) {
    return undefined;
  }
  const last: unknown = 'last' in answer ? answer.last : undefined;
  return typeof last === 'object' &&
    last !== null &&
    'seqno' in last &&
    typeof last.seqno === 'number'
    ? last.seqno
    : undefined;
}

/**
 * An engine that shows every head a liteserver announces (its getMasterchainInfo / Ext answers) to
 * `observeHead` before the caller sees it; `observeHead` throws to refuse a head, which then fails the
 * query like any liteserver failure. The pool uses it so that a liteserver that fell behind since the
 * last probe does not answer head reads with its old head ("lagging servers are not used
 * for head reads").
 */
export class HeadCheckedEngine extends WrappedEngine {
  constructor(
    engine: LiteEngine,
    private readonly observeHead: (seqno: number) => void,
  ) {
    super(engine);
  }

  async query<REQ, RES>(f: TLFunction<REQ, RES>, req: REQ, args?: LiteQueryOptions): Promise<RES> {
    const answer = await this.engine.query(f, req, args);
    const seqno = headSeqnoOf(answer);
    if (seqno !== undefined) {
      this.observeHead(seqno);
    }
    return answer;
  }
}
