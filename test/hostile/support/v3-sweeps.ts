import { type IntegerKind, integerKindOf, V3_ENDPOINTS } from '@app/gateway';

/*
 * Hostile sweeps generated from the v3 endpoint registry rather than listed by hand, so a new endpoint
 * or parameter is swept without anyone adding it: every integer parameter at the edges of the integer
 * types, and every Object.prototype member name as a query key and as a body key.
 */

const ADDRESS = '0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8';

/**
 * The other parameters an endpoint needs before it reads an integer one (its required selector):
 * without them its 422 would name the selector, not the swept parameter.
 */
export const REQUIRED_BASE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  transactionsByMessage: { msg_hash: 'ab'.repeat(32) },
  'multisig/wallets': { address: ADDRESS },
  'multisig/orders': { address: ADDRESS },
  vesting: { contract_address: ADDRESS },
  'dns/records': { domain: 'foundation.ton' },
};

export { EDGE_VALUES } from './integer-edges';

const within = (v: bigint, lo: bigint, hi: bigint): boolean => v >= lo && v <= hi;
const INT32 = [-(2n ** 31n), 2n ** 31n - 1n] as const;

/**
 * Whether a parameter of `kind` takes `value` written in decimal (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): int32,
 * uint32 and uint64 by range; a shard and an opcode are read as hex first (so short digit strings
 * are hex) and then as a signed decimal; limit is an int32 of at most 1000 (below 1 reads as 1),
 * offset an int32 (negative reads as 0).
 */
export function takes(kind: IntegerKind, value: bigint): boolean {
  const text = value.toString();
  switch (kind) {
    case 'int32':
    case 'offset':
      return within(value, ...INT32);
    case 'limit':
      return within(value, INT32[0], 1000n);
    case 'uint32':
      return within(value, 0n, 2n ** 32n - 1n);
    case 'uint64':
      return within(value, 0n, 2n ** 64n - 1n);
    case 'int64':
      return /^[0-9a-fA-F]{1,16}$/.test(text) || within(value, -(2n ** 63n), 2n ** 63n - 1n);
    case 'opcode':
      return /^[0-9a-fA-F]{1,8}$/.test(text) || within(value, ...INT32);
  }
}

/** One integer parameter of one GET endpoint, with the request around it. */
export interface IntegerTarget {
  readonly endpoint: string;
  readonly param: string;
  readonly kind: IntegerKind;
  readonly base: Readonly<Record<string, string>>;
}

/** Every integer parameter of every GET endpoint of the registry. */
export function integerTargets(): IntegerTarget[] {
  return [...V3_ENDPOINTS.values()]
    .filter((e) => (e.verbs ?? ['GET']).includes('GET'))
    .flatMap((e) =>
      Object.entries(e.query.shape as Record<string, import('zod').ZodType>).flatMap(
        ([param, field]) => {
          const kind = integerKindOf(field);
          return kind === undefined
            ? []
            : [{ endpoint: e.name, param, kind, base: REQUIRED_BASE[e.name] ?? {} }];
        },
      ),
    );
}

/** Every endpoint with the verbs it is served on (POST ones read their body). */
export function endpointVerbs(): { endpoint: string; verb: 'GET' | 'POST' }[] {
  return [...V3_ENDPOINTS.values()].flatMap((e) =>
    (e.verbs ?? ['GET']).map((verb) => ({ endpoint: e.name, verb })),
  );
}

/** The names of Object.prototype's own members: `constructor`, `toString`, `__proto__`, … */
export const PROTOTYPE_KEYS: readonly string[] = Object.getOwnPropertyNames(Object.prototype);
