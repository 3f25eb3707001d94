import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import { TLReadBuffer } from 'ton-tl';
import type { ChainReader } from '../chain/chain-reader';
import { BlockNotKeptError, StateNotKeptError } from '../chain/state-retention';
import { LITE_API_FUNCTIONS } from './lite-api-ids.generated';
import type { LiteApiHandler } from './lite-api-handler';
import { LiteServerError, LiteServerErrorCode } from './lite-server-error';
import { LITE_API_HANDLERS } from './handlers';
import { encodeTl } from './tl-encode';

const FUNCTION_NAMES = new Map<number, string>(LITE_API_FUNCTIONS.map((f) => [f.id, f.name]));

function functionId(name: string): number {
  const f = LITE_API_FUNCTIONS.find((x) => x.name === name);
  if (!f) {
    throw new Error(`${name} missing from the generated lite_api table`);
  }
  return f.id;
}

const QUERY_ID = functionId('liteServer.query');
const QUERY_PREFIX_ID = functionId('liteServer.queryPrefix');
const WAIT_MC_SEQNO_ID = functionId('liteServer.waitMasterchainSeqno');
/** run_ext_query waits at most 10 s for waitMasterchainSeqno, whatever timeout_ms asks. */
export const MAX_WAIT_MS = 10_000;

export interface LiteApiDispatcherOptions {
  readonly chain: ChainReader;
  readonly handlers?: readonly LiteApiHandler[];
}

/** Answers one ADNL query payload: never throws, every failure becomes a liteServer.error. */
export type LiteApiDispatcher = (query: Buffer) => Promise<Buffer>;

export function encodeLiteServerError(code: number, message: string): Buffer {
  return encodeTl(ClientCodecs.liteServer_Error, { kind: 'liteServer.error', code, message });
}

function hex32(id: number): string {
  return '0x' + (id >>> 0).toString(16).padStart(8, '0');
}

/**
 * The lite_api layer of a liteserver, as ValidatorManagerImpl::run_ext_query + LiteQuery do it:
 *   liteServer.query data:bytes = Object;  (or the liteServer.queryPrefix form)
 *   liteServer.waitMasterchainSeqno seqno:int timeout_ms:int = Object;  // optional prefix, really awaited
 * then one lite_api function, routed by its TL id to its handler.
 */
export function createLiteApiDispatcher(options: LiteApiDispatcherOptions): LiteApiDispatcher {
  const byName = new Map<string, LiteApiHandler>(
    (options.handlers ?? LITE_API_HANDLERS).map((h) => [h.name, h]),
  );
  const chain = options.chain;

  const answer = async (query: Buffer): Promise<Buffer> => {
    // ton-tl's readInt64 mutates its buffer for negative values: decode from a private copy.
    let data = Buffer.from(query);
    if (data.length < 4) {
      throw new LiteServerError(LiteServerErrorCode.untyped, 'Not enough data to read at 0');
    }
    const outer = data.readInt32LE(0);
    if (outer === QUERY_ID) {
      data = Buffer.from(new TLReadBuffer(data.subarray(4)).readBuffer());
    } else if (outer === QUERY_PREFIX_ID) {
      data = data.subarray(4);
    } else {
      throw new LiteServerError(
        LiteServerErrorCode.untyped,
        `Unknown constructor found ${hex32(outer)} at 4`,
      );
    }
    if (data.length >= 12 && data.readInt32LE(0) === WAIT_MC_SEQNO_ID) {
      const seqno = data.readInt32LE(4);
      const timeoutMs = data.readInt32LE(8);
      data = data.subarray(12);
      if (seqno > chain.head().id.seqno) {
        const wait = Math.max(0, Math.min(timeoutMs, MAX_WAIT_MS));
        if (!(await chain.waitForMasterchainSeqno(seqno, wait))) {
          throw new LiteServerError(LiteServerErrorCode.timeout, 'timeout');
        }
      }
    }
    if (data.length < 4) {
      throw new LiteServerError(LiteServerErrorCode.untyped, 'Not enough data to read at 0');
    }
    const id = data.readInt32LE(0);
    const name = FUNCTION_NAMES.get(id);
    if (!name) {
      throw new LiteServerError(
        LiteServerErrorCode.untyped,
        `Unknown constructor found ${hex32(id)} at 4`,
      );
    }
    const handler = byName.get(name);
    if (!handler) {
      // LiteQuery::perform: a function it parses but does not serve
      throw new LiteServerError(LiteServerErrorCode.protoviolation, 'unknown query');
    }
    return handler.run(new TLReadBuffer(Buffer.from(data.subarray(4))), { chain });
  };

  return async (query) => {
    try {
      return await answer(query);
    } catch (err) {
      if (err instanceof LiteServerError) {
        return encodeLiteServerError(err.code, err.message);
      }
      if (err instanceof StateNotKeptError) {
        // The code a C++ liteserver answers "state already gc'd" with (the db's ErrorCode::error).
        return encodeLiteServerError(LiteServerErrorCode.error, err.message);
      }
      if (err instanceof BlockNotKeptError) {
        // "not in db": the C++ db's ErrorCode::notready.
        return encodeLiteServerError(LiteServerErrorCode.notready, err.message);
      }
      // TL parse failures and anything unexpected: the C++ fatal_error default code
      const message = err instanceof Error ? err.message : String(err);
      return encodeLiteServerError(LiteServerErrorCode.fatal, message);
    }
  };
}
