/**
 * A write-ahead log position as PostgreSQL prints a `pg_lsn` (`16/B374D848`: the high and low 32 bits
 * in hex, https://www.postgresql.org/docs/15/datatype-pg-lsn.html) as a byte offset; undefined for
 * NULL (a server that is not replaying) or text that is not an LSN.
 */
export function parseWalLsn(text: string | null | undefined): bigint | undefined {
  if (text === null || text === undefined) {
    return undefined;
  }
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (match === null) {
    return undefined;
  }
  const [, high = '0', low = '0'] = match;
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** Bytes of WAL `replayed` is behind `current`; 0 when it is level or ahead (read a moment later). */
export function walBytesBehind(current: bigint, replayed: bigint): bigint {
  return current > replayed ? current - replayed : 0n;
}
