import { EventEmitter } from 'node:events';
import { type LiteEngine } from 'ton-lite-client';
import { type TLFunction } from 'ton-tl';
import { type LiteQueryOptions } from './query-options';

/**
 * An engine in front of another (ton-lite-client's LiteEngine) that sees each query and its answer
 * on the way; its connection (close, isClosed, isReady) is the wrapped engine's.
 */
export abstract class WrappedEngine extends EventEmitter implements LiteEngine {
  constructor(protected readonly engine: LiteEngine) {
    super();
  }

  abstract query<REQ, RES>(
    f: TLFunction<REQ, RES>,
    req: REQ,
    args?: LiteQueryOptions,
  ): Promise<RES>;

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
