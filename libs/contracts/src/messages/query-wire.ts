import { z } from 'zod';

import { B64Hash } from '../v2/primitives';

/**
 * Primitives of the v3 wire (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): what the query service
 * sends and the gateway serves as is. 64-bit values are decimal strings; addresses raw
 * `wc:UPPERHEX`; hashes standard base64.
 */

/** A raw address as v3 payloads carry it: `<wc>:<64 uppercase hex>` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export const V3Address = z
  .string()
  .regex(/^-?\d{1,10}:[0-9A-F]{64}$/, "expected a raw address 'wc:HEX' in uppercase");

/** A 64-bit integer (signed or unsigned) as a decimal string. */
export const DecStr = z.string().regex(/^-?\d{1,20}$/, 'expected a decimal integer string');

/** A non-negative logical time or amount as a decimal string, as requests carry it. */
export const UDecStr = z.string().regex(/^\d{1,20}$/, 'expected an unsigned decimal string');

/** A numeric column (coins, extra flags) of any size as a decimal string. */
export const NumericStr = z.string().regex(/^-?\d+$/, 'expected a decimal integer string');

/** A shard as v3 renders it: the uint64 in 16 uppercase hex digits (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export const ShardHex = z.string().regex(/^[0-9A-F]{16}$/, 'expected 16 uppercase hex digits');

/** An opcode as `"0x%08x"` of its uint32 (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
export const OpcodeHex = z.string().regex(/^0x[0-9a-f]{8}$/, "expected '0x' and 8 hex digits");

/** A base64 BoC. */
export const BocB64 = z.string();

/** Extra currencies: `{id: amount}`. */
export const ExtraCurrencies = z.record(z.string(), z.string());

/** A seqno, workchain or utime (int32/uint32) as a JSON number. */
export const Int = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 32 - 1);

export { B64Hash };

/** One row of `address_book` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
export const AddressBookRow = z
  .object({
    user_friendly: z.string().nullable(),
    domain: z.string().nullable(),
    interfaces: z.array(z.string()),
  })
  .strict();
export type AddressBookRow = z.infer<typeof AddressBookRow>;

/** `address_book`: keyed by raw address. */
export const AddressBook = z.record(z.string(), AddressBookRow);
export type AddressBook = z.infer<typeof AddressBook>;

/** `metadata` (token info, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml): keyed by raw address. */
export const Metadata = z.record(z.string(), z.unknown());
export type Metadata = z.infer<typeof Metadata>;
