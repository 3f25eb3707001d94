import { type DataSource } from '@app/database';

/** The masterchain's shard, as `blocks.shard` stores it (a signed 64-bit `0x8000000000000000`). */
const MC_SHARD = '-9223372036854775808';

/** A masterchain `blocks` row with the given hashes (other columns: any valid value). */
export async function insertMcBlock(
  ds: DataSource,
  seqno: number,
  rootHash: string,
  fileHash: string,
): Promise<void> {
  await ds.query(
    `INSERT INTO blocks (workchain, shard, seqno, root_hash, file_hash, mc_block_workchain,
       mc_block_shard, mc_block_seqno, global_id, version, after_merge, before_split, after_split,
       want_merge, want_split, key_block, vert_seqno_incr, flags, gen_utime, start_lt, end_lt,
       validator_list_hash_short, gen_catchain_seqno, min_ref_mc_seqno, prev_key_block_seqno,
       vert_seqno, master_ref_seqno, rand_seed, created_by, tx_count, prev_blocks)
     VALUES (-1, $1, $2, $3, $4, -1, $1, $2, -217, 0, false, false, false, false, false, false,
       false, 0, 0, 0, 1, 0, 0, 0, 0, 0, NULL, $3, $3, 0, '[]')`,
    [MC_SHARD, seqno, rootHash, fileHash],
  );
}
