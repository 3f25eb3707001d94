/** An element of `blocks.prev_blocks` (jsonb): the indexer's `blockid` with the shard as a decimal string. */
export interface BlockRefJson {
  workchain: number;
  /** Signed 64-bit shard as a decimal string (JSON has no 64-bit integers). */
  shard: string;
  seqno: number;
}
