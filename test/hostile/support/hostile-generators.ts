import { type BuildArgs } from './hostile-builders';
import { type HostileRequest } from './hostile-case';
import { pathVariants, REFUSAL_REASON } from './path-variants';

/*
 * Corpus entries that stand for many requests made in code (`"generated": [{"builder": …,
 * "args": …}]` in a corpus file), each request with the exact answer it must get.
 */
type Generator = (args: BuildArgs) => HostileRequest[];

function text(args: BuildArgs, name: string): string {
  const value = args[name];
  if (typeof value !== 'string') {
    throw new Error(`generator argument ${name} must be a string`);
  }
  return value;
}

const NOT_A_PATH = 'malformed request target: percent-encode every byte outside printable ASCII';
const JSON_RPC_CALL = { jsonrpc: '2.0', id: 1, method: 'getMasterchainInfo', params: {} };

const GENERATORS: Readonly<Record<string, Generator>> = {
  /**
   * Every other spelling of the `prefix` of `path` (support/path-variants.ts), sent byte for byte:
   * 400 naming the path for escapes, `//`, dot segments, `;` and `\`; 404 for another case or a
   * trailing slash; in the error shape of the route's API either way.
   */
  'paths.variants': (args) => {
    const method = text(args, 'method') === 'POST' ? 'POST' : 'GET';
    const prefix = text(args, 'prefix');
    const v2 = prefix === '/api/v2/';
    const shaped = (status: number, error: string): Record<string, unknown> =>
      v2 ? { ok: false, error, code: status } : { error };
    return pathVariants(text(args, 'path'), prefix).map((variant): HostileRequest => {
      const status = variant.kind === 'unknown' ? 404 : 400;
      // Node's parser answers before any route is known, in one shape for both APIs
      // (apps/gateway/src/edge/protection/client-error.reply.ts).
      const body =
        variant.kind === 'not-a-path'
          ? { ok: false, error: NOT_A_PATH, code: 400 }
          : shaped(
              status,
              variant.kind === 'unknown'
                ? 'Not Found'
                : `malformed path '${variant.path}': ${REFUSAL_REASON[variant.kind]}`,
            );
      return {
        name: `${method} ${text(args, 'path')}: ${variant.label} (${variant.path})`,
        method,
        target: variant.path,
        headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
        ...(method === 'POST' ? { body: Buffer.from(JSON.stringify(JSON_RPC_CALL)) } : {}),
        transport: 'socket',
        expect: { status, param: 'path', body },
      };
    });
  },
};

/** The requests a `generated` corpus entry stands for. */
export function generateRequests(builder: string, args: BuildArgs): HostileRequest[] {
  const generate = GENERATORS[builder];
  if (generate === undefined) {
    throw new Error(`unknown corpus generator ${builder}`);
  }
  return generate(args);
}
