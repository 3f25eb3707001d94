import { type DataSource } from 'typeorm';
import { type BlockRefJson } from '../entities/block-ref.json';
import { dir, SqlFilter } from './sql-filter';

/** A `blocks` row as PostgreSQL returns it (int8 as decimal strings). */
export interface BlockRow {
  workchain: number;
  shard: string;
  seqno: number;
  root_hash: string;
  file_hash: string;
  mc_block_workchain: number | null;
  mc_block_shard: string | null;
  mc_block_seqno: number | null;
  global_id: number;
  version: string;
  after_merge: boolean;
  before_split: boolean;
  after_split: boolean;
  want_merge: boolean;
  want_split: boolean;
  key_block: boolean;
  vert_seqno_incr: boolean;
  flags: number;
  gen_utime: string;
  start_lt: string;
  end_lt: string;
  validator_list_hash_short: string;
  gen_catchain_seqno: string;
  min_ref_mc_seqno: number;
  prev_key_block_seqno: number;
  vert_seqno: number;
  master_ref_seqno: number | null;
  rand_seed: string;
  created_by: string;
  tx_count: number;
  prev_blocks: BlockRefJson[];
}

export interface BlockFilter {
  workchain?: number | undefined;
  shard?: string | undefined;
  seqno?: number | undefined;
  rootHash?: string | undefined;
  fileHash?: string | undefined;
  mcSeqno?: number | undefined;
  startUtime?: number | undefined;
  endUtime?: number | undefined;
  startLt?: string | undefined;
  endLt?: string | undefined;
  limit: number;
  offset: number;
  sort?: 'asc' | 'desc' | undefined;
}

const COLUMNS = `B.workchain, B.shard, B.seqno, B.root_hash, B.file_hash, B.mc_block_workchain,
  B.mc_block_shard, B.mc_block_seqno, B.global_id, B.version, B.after_merge, B.before_split,
  B.after_split, B.want_merge, B.want_split, B.key_block, B.vert_seqno_incr, B.flags, B.gen_utime,
  B.start_lt, B.end_lt, B.validator_list_hash_short, B.gen_catchain_seqno, B.min_ref_mc_seqno,
  B.prev_key_block_seqno, B.vert_seqno, B.master_ref_seqno, B.rand_seed, B.created_by, B.tx_count,
  B.prev_blocks`;

/** Reads of the v3 block endpoints (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml), each on an index of ChainTables. */
export class BlockQueryRepository {
  constructor(private readonly ds: DataSource) {}

  /** The lowest and highest masterchain blocks (blocks_mc_seqno_idx). */
  async masterchainEnds(): Promise<{ first: BlockRow | undefined; last: BlockRow | undefined }> {
    const [first] = await this.ds.query<BlockRow[]>(
      `SELECT ${COLUMNS} FROM blocks B WHERE B.workchain = -1 ORDER BY B.seqno ASC LIMIT 1`,
    );
    const [last] = await this.ds.query<BlockRow[]>(
      `SELECT ${COLUMNS} FROM blocks B WHERE B.workchain = -1 ORDER BY B.seqno DESC LIMIT 1`,
    );
    return { first, last };
  }

  /** blocks: ordered by gen_utime only when a sort is given (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
  async blocks(f: BlockFilter): Promise<BlockRow[]> {
    const q = new SqlFilter();
    if (f.workchain !== undefined) {
      q.and(`B.workchain = ${q.param(f.workchain)}`);
    }
    if (f.shard !== undefined) {
      q.and(`B.shard = ${q.param(f.shard)}::bigint`);
    }
    if (f.seqno !== undefined) {
      q.and(`B.seqno = ${q.param(f.seqno)}`);
    }
    if (f.rootHash !== undefined) {
      q.and(`B.root_hash = ${q.param(f.rootHash)}`);
    }
    if (f.fileHash !== undefined) {
      q.and(`B.file_hash = ${q.param(f.fileHash)}`);
    }
    if (f.mcSeqno !== undefined) {
      q.and(`B.mc_block_seqno = ${q.param(f.mcSeqno)}`);
    }
    if (f.startUtime !== undefined) {
      q.and(`B.gen_utime >= ${q.param(f.startUtime)}`);
    }
    if (f.endUtime !== undefined) {
      q.and(`B.gen_utime <= ${q.param(f.endUtime)}`);
    }
    if (f.startLt !== undefined) {
      q.and(`B.start_lt >= ${q.param(f.startLt)}::bigint`);
    }
    if (f.endLt !== undefined) {
      q.and(`B.start_lt <= ${q.param(f.endLt)}::bigint`);
    }
    const order = f.sort === undefined ? '' : ` ORDER BY B.gen_utime ${dir(f.sort)}`;
    return this.ds.query<BlockRow[]>(
      `SELECT ${COLUMNS} FROM blocks B${q.where()}${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** The shard tops recorded for masterchain block `seqno`, the masterchain block included (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
  shardState(seqno: number): Promise<BlockRow[]> {
    return this.ds.query<BlockRow[]>(
      `SELECT ${COLUMNS} FROM shard_state S
       JOIN blocks B ON B.workchain = S.workchain AND B.shard = S.shard AND B.seqno = S.seqno
       WHERE S.mc_seqno = $1 ORDER BY S.workchain, S.shard, S.seqno`,
      [seqno],
    );
  }

  /**
   * The blocks first committed by masterchain block `seqno`
   * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). With
   * `sort`, by gen_utime in that direction, as toncenter orders them (it reads them through its
   * blocks query); without, toncenter leaves them unordered and a fixed order keeps paging stable.
   * Ties keep the fixed order.
   */
  shards(seqno: number, limit: number, offset: number, sort?: 'asc' | 'desc'): Promise<BlockRow[]> {
    const first = sort === undefined ? '' : `B.gen_utime ${dir(sort)}, `;
    return this.ds.query<BlockRow[]>(
      `SELECT ${COLUMNS} FROM blocks B WHERE B.mc_block_seqno = $1
       ORDER BY ${first}B.workchain, B.shard, B.seqno LIMIT $2 OFFSET $3`,
      [seqno, limit, offset],
    );
  }

  async masterchainBlockExists(seqno: number): Promise<boolean> {
    const rows = await this.ds.query<unknown[]>(
      `SELECT 1 FROM blocks WHERE workchain = -1 AND seqno = $1 LIMIT 1`,
      [seqno],
    );
    return rows.length > 0;
  }
}
