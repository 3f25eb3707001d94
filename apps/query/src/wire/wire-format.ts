/**
 * Scalar renderings of the v3 wire (toncenter-v3 §2.1): shards as the uint64 in uppercase hex, opcodes
 * as `"0x%08x"` of the uint32.
 */

/** `-9223372036854775808` → `"8000000000000000"`. */
export function shardHex(shard: string): string {
  return BigInt.asUintN(64, BigInt(shard)).toString(16).toUpperCase().padStart(16, '0');
}

/** A signed int32 (or its uint32) → `"0x0f8a7ea5"`; `-1` → `"0xffffffff"`. */
export function opcodeHex(opcode: number | string | null): string | null {
  if (opcode === null) {
    return null;
  }
  const n = BigInt.asUintN(32, BigInt(opcode));
  return `0x${n.toString(16).padStart(8, '0')}`;
}

/** The signed int32 of an opcode stored as int32 or bigint. */
export function opcodeInt32(opcode: string | null): number | null {
  return opcode === null ? null : Number(BigInt.asIntN(32, BigInt(opcode)));
}
