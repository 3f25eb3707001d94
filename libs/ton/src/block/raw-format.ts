import { type Address } from '@ton/core';

/*
 * The text forms of the v3 rows (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): hashes are standard
 * base64 with padding, addresses raw `<workchain>:<64 UPPERCASE hex>`, shards signed 64-bit integers.
 */

/** A 256-bit hash as standard base64 (44 characters). */
export function hashBase64(hash: Buffer): string {
  return hash.toString('base64');
}

/** A bits256 field that @ton/core read as an unsigned bigint, as standard base64. */
export function uint256Base64(value: bigint): string {
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex').toString('base64');
}

/** The raw form `wc:HEX` of an account id (the 256-bit address without its workchain). */
export function rawAccount(workchain: number, accountId: bigint): string {
  return `${workchain}:${accountId.toString(16).padStart(64, '0').toUpperCase()}`;
}

/** The raw form `wc:HEX` of an internal address. */
export function rawAddress(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex').toUpperCase()}`;
}

/** The uint64 shard id (prefix bits and tag bit) as the signed 64-bit integer the v3 rows store. */
export function signedShard(shard: bigint): bigint {
  return BigInt.asIntN(64, shard);
}
