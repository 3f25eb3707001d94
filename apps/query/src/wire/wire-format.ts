/**
 * Scalars of the query service's rows on the v3 wire (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): shards as the uint64 in
 * uppercase hex, opcodes back to their int32 (their `"0x%08x"` is libs/v3-render's, with messages).
 */

/** `-9223372036854775808` → `"8000000000000000"`. */
export function shardHex(shard: string): string {
  return BigInt.asUintN(64, BigInt(shard)).toString(16).toUpperCase().padStart(16, '0');
}

/** The signed int32 of an opcode stored as int32 or bigint. */
export function opcodeInt32(opcode: string | null): number | null {
  return opcode === null ? null : Number(BigInt.asIntN(32, BigInt(opcode)));
}
