import { GET_METHOD_STACK_LIMITS, type ParsedAddress } from '@app/ton';
import { z } from 'zod';
import { type V2Field, v2Field } from './v2-field';
import {
  optionalFlag,
  optionalHash,
  optionalInteger,
  optionalNonNegativeLt,
  optionalSeqno,
  own,
  requiredAddress,
  requiredInteger,
  validationError,
} from './v2-params';
import { blockIdParams, V2Param, V2Range } from './v2-schemas';
import { addressAsGiven } from './params/accounts.params';
import {
  accountHash,
  boundedCount,
  locateAddress,
  requiredCreatedLt,
  requiredShard,
} from './params/transactions.params';
import {
  type ExternalMessageBoc,
  legacyStack,
  optionalLibraries,
  requiredExternalMessage,
  requiredMethodId,
  requiredParsedAddress,
  tonlibStack,
} from './params/methods.params';
import { messageCellBudget, optionalCellBoc, requiredCellBoc } from './params/fees.params';

/**
 * The v2 parameters, each a schema (what clients send, for the OpenAPI document) and its reader
 * (toncenter 2.1's conversion and wording) in one place
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). A method
 * lists the ones it takes in `fields`.
 */

const METHOD_ID_SCHEMA = z
  .union([z.string().max(127), z.int()])
  .meta({ description: 'Get-method name or numeric id', example: 'seqno' });

/** The cell budget the parts of one message share (fees.params.ts). */
const MESSAGE_CELLS = Symbol('message cells');

export const V2Fields = {
  /** Any address form toncenter reads, as the raw `wc:hex` the services take. */
  address: (description?: string): V2Field<string> =>
    v2Field(V2Param.address(description), requiredAddress),

  /** An address that may be left out (dnsResolve's resolver). */
  optionalAddress: (description: string): V2Field<string | undefined> =>
    v2Field(V2Param.address(description).optional(), (raw, name, source) => {
      const value = own(raw, name);
      return value === undefined || value === '' ? undefined : requiredAddress(raw, name, source);
    }),

  /** An address with the form it was written in (the address utilities need the flags). */
  parsedAddress: (description?: string): V2Field<ParsedAddress> =>
    v2Field(V2Param.address(description), requiredParsedAddress),

  /** An address as the services take it and as toncenter echoes it back (getTokenData). */
  echoedAddress: (): V2Field<{ raw: string; given: string }> =>
    v2Field(V2Param.address(), (raw, name, source) => ({
      raw: requiredAddress(raw, name, source),
      given: addressAsGiven(raw, name, source),
    })),

  /** tryLocate* `source` / `destination`: `empty <name> address` when missing. */
  locateAddress: (description: string): V2Field<string> =>
    v2Field(V2Param.address(description), (raw, name, source) =>
      locateAddress(raw, name as 'source' | 'destination', source),
    ),

  /** A masterchain seqno for "state as of that block": positive in 2.1. */
  seqno: (): V2Field<number | undefined> =>
    v2Field(V2Param.seqno(), (raw, _name, source) => optionalSeqno(raw, source)),

  /** `workchain` (int32). */
  workchain: (): V2Field<number> =>
    v2Field(blockIdParams.workchain, (raw, name, source) =>
      requiredInteger(raw, name, source, V2Range.int32),
    ),

  /** `shard`: int64, or the same bits unsigned; its signed decimal string. */
  shard: (): V2Field<string> =>
    v2Field(blockIdParams.shard, (raw, _name, source) => requiredShard(raw, source)),

  /**
   * A block seqno of any chain: block.tlb's uint32, carried as the lite_api's TL `int`, so 2.1 and
   * the wire both stop at 2^31−1; 0 names a zero state.
   */
  blockSeqno: (): V2Field<number> =>
    v2Field(blockIdParams.seqno, (raw, name, source) =>
      requiredInteger(raw, name, source, V2Range.nonNegativeInt32),
    ),

  optionalBlockSeqno: (): V2Field<number | undefined> =>
    v2Field(blockIdParams.seqno.optional(), (raw, name, source) =>
      optionalInteger(raw, name, source, V2Range.nonNegativeInt32),
    ),

  /** A required masterchain `seqno` (getShards, getMasterchainBlockSignatures): positive in 2.1. */
  masterchainSeqno: (): V2Field<number> =>
    v2Field(
      V2Param.integer('Masterchain block seqno', 1, V2Range.positiveInt32),
      (raw, name, source) => {
        const seqno = requiredInteger(raw, name, source, V2Range.int32);
        if (seqno <= 0) {
          throw validationError(`${name} should be positive`, name);
        }
        return seqno;
      },
    ),

  /** An optional integer within `range`. */
  optionalInteger: (
    description: string,
    example: number,
    range: typeof V2Range.int32,
  ): V2Field<number | undefined> =>
    v2Field(V2Param.integer(description, example, range).optional(), (raw, name, source) =>
      optionalInteger(raw, name, source, range),
    ),

  /** An optional int32 that 2.1 refuses below zero with `<name> should be non-negative`. */
  nonNegativeInteger: (description: string, example: number): V2Field<number | undefined> =>
    v2Field(
      V2Param.integer(description, example, V2Range.nonNegativeInt32).optional(),
      (raw, name, source) => {
        const value = optionalInteger(raw, name, source, V2Range.int32);
        if (value !== undefined && value < 0) {
          throw validationError(`${name} should be non-negative`, name);
        }
        return value;
      },
    ),

  /** An optional logical time (int64, `<name> should be non-negative`) as decimal text. */
  lt: (description: string, example: string): V2Field<string | undefined> =>
    v2Field(V2Param.lt(description, example).optional(), optionalNonNegativeLt),

  /** tryLocate* `created_lt`: required. */
  createdLt: (): V2Field<string> =>
    v2Field(V2Param.lt('created_lt of the message', '1000000'), (raw, _name, source) =>
      requiredCreatedLt(raw, source),
    ),

  /** An optional 256-bit hash in any of 2.1's `TonHash` forms. */
  hash: (description: string): V2Field<Buffer | undefined> =>
    v2Field(V2Param.hash(description).optional(), optionalHash),

  /** A required 256-bit hash: `empty <name>` when missing. */
  requiredHash: (description: string): V2Field<Buffer> =>
    v2Field(V2Param.hash(description), (raw, name, source) => {
      const hash = optionalHash(raw, name, source);
      if (!hash) {
        throw validationError(`empty ${name}`, name);
      }
      return hash;
    }),

  /** An optional block hash (`root_hash`, `file_hash`) as standard base64 for the wire. */
  blockHash: (description: string): V2Field<string | undefined> =>
    v2Field(V2Param.hash(description).optional(), (raw, name, source) =>
      optionalHash(raw, name, source)?.toString('base64'),
    ),

  /** getBlockTransactions' `after_hash`: a hash or an address, whose account id is used. */
  afterHash: (): V2Field<string | undefined> =>
    v2Field(
      z
        .string()
        .meta({
          description: 'Cursor: account of the last transaction seen (hash or address)',
          example: '3333333333333333333333333333333333333333333333333333333333333333',
        })
        .optional(),
      (raw, _name, source) => accountHash(raw, source),
    ),

  /** A count 1…max with a default: `<name> should be positive` / `… less or equal <max>`. */
  count: (description: string, defaults: { value: number; max: number }): V2Field<number> =>
    v2Field(
      V2Param.integer(description, defaults.value, V2Range.bounded(1, defaults.max)).optional(),
      (raw, name, source) => boundedCount(raw, name, source, defaults),
    ),

  /** A 2.1 boolean. */
  flag: (description: string): V2Field<boolean | undefined> =>
    v2Field(V2Param.boolean(description).optional(), optionalFlag),

  /** A required BoC of one cell, drawing on the request's message cell budget. */
  messageCell: (description: string): V2Field<string> =>
    v2Field(V2Param.boc(description), (raw, name, source, scope) =>
      requiredCellBoc(raw, name, source, shared(scope, MESSAGE_CELLS, messageCellBudget)),
    ),

  /** An optional BoC of one cell (`""` when absent), drawing on the same budget. */
  optionalMessageCell: (description: string): V2Field<string> =>
    v2Field(V2Param.boc(description).optional(), (raw, name, source, scope) =>
      optionalCellBoc(raw, name, source, shared(scope, MESSAGE_CELLS, messageCellBudget)),
    ),

  /** One external message (`boc` of sendBoc). */
  externalMessage: (): V2Field<ExternalMessageBoc> =>
    v2Field(V2Param.boc('One external message, serialized'), (raw, _name, source) =>
      requiredExternalMessage(raw, source),
    ),

  /** `method`: a get-method name or id. */
  methodId: (): V2Field<number> =>
    v2Field(METHOD_ID_SCHEMA, (raw, _name, source) => requiredMethodId(raw, source)),

  /** runGetMethod's legacy `stack`, serialised for the liteserver. */
  legacyStack: (): V2Field<string> =>
    v2Field(
      z
        .array(z.array(z.unknown()))
        // Checked on the length before any entry (GET_METHOD_STACK_LIMITS).
        .max(GET_METHOD_STACK_LIMITS.maxEntries)
        .meta({
          description: 'Legacy stack entries: [["num", "0x1"], ["cell", "<b64>"], …]',
          example: [],
        }),
      (raw, _name, source) => legacyStack(raw, source),
    ),

  /** runGetMethodStd's typed `stack`, serialised for the liteserver. */
  tonlibStack: (): V2Field<string> =>
    v2Field(
      z
        .array(z.looseObject({ '@type': z.string() }))
        .max(GET_METHOD_STACK_LIMITS.maxEntries)
        .meta({ description: 'Typed tonlib stack entries (tvm.stackEntryNumber, …)', example: [] }),
      (raw, _name, source) => tonlibStack(raw, source),
    ),

  /** getLibraries `libraries`: repeated or a JSON array; none is an empty list. */
  libraries: (): V2Field<string[]> =>
    v2Field(
      z
        .union([
          z.array(V2Param.hash('Library cell hash')).max(256),
          V2Param.hash('Library cell hash'),
        ])
        .meta({
          description: 'Library hashes (repeat the query parameter for several)',
          example: ['DyRnqxvXMjxK0FL6Pa+xYH4k0Bv8yvjzN6xPXbWPhjg='],
        })
        .optional(),
      (raw, _name, source) => optionalLibraries(raw, source),
    ),
} as const;

/** The value the fields of one request share under `key`, made on first use. */
function shared<T>(scope: Map<symbol, unknown>, key: symbol, make: () => T): T {
  if (!scope.has(key)) {
    scope.set(key, make());
  }
  return scope.get(key) as T;
}

/** `address` and the optional masterchain `seqno` (every account read, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const ACCOUNT_READ_FIELDS = { address: V2Fields.address(), seqno: V2Fields.seqno() };
