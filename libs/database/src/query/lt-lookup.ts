/**
 * The lts of the rows a hash names, from the lookup tables the chain writer fills with them
 * (migration PartitionHistory): a condition `<lt column> = ANY(<this>)` beside the hash condition
 * lets PostgreSQL read only the partitions of those lts (run-time partition pruning,
 * https://www.postgresql.org/docs/current/ddl-partitioning.html#DDL-PARTITION-PRUNING) instead of
 * probing the hash index of every partition.
 */

/** The lts of the transactions whose hashes are the char(44)[] parameter `param`. */
export function transactionLts(param: string): string {
  return `ARRAY(SELECT TL.lt FROM transaction_lts TL WHERE TL.hash = ANY(${param}::char(44)[]))`;
}

/** The lts of the transactions that have a message of the hashes (or normalized hashes) in `param`. */
export function messageTxLts(param: string): string {
  return `ARRAY(SELECT ML.tx_lt FROM message_lts ML WHERE ML.msg_hash = ANY(${param}::char(44)[]))`;
}
