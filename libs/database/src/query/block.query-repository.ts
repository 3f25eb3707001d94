import {
  type BlocksReq,
  type MasterchainBlockShardStateReq,
  type MasterchainBlockShardsReq,
  type PageKey,
  type TimeRangeKey,
} from '@app/contracts';
import { type DataSource } from 'typeorm';
import { BlockEntity } from '../entities/block.entity';
import { type EntityRow, selectAll } from '../entities/query-row';
import { dir, SqlFilter } from './sql-filter';

/** A `blocks` row as PostgreSQL returns it (int8 as decimal strings). */
export type BlockRow = EntityRow<BlockEntity>;

/** What /blocks filters and pages by, as its parsed request names them. */
export type BlockFilter = Pick<
  BlocksReq,
  'workchain' | 'shard' | 'seqno' | 'root_hash' | 'file_hash' | 'mc_seqno' | TimeRangeKey | PageKey
>;

const COLUMNS = selectAll(BlockEntity, 'B');

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
    if (f.root_hash !== undefined) {
      q.and(`B.root_hash = ${q.param(f.root_hash)}`);
    }
    if (f.file_hash !== undefined) {
      q.and(`B.file_hash = ${q.param(f.file_hash)}`);
    }
    if (f.mc_seqno !== undefined) {
      q.and(`B.mc_block_seqno = ${q.param(f.mc_seqno)}`);
    }
    if (f.start_utime !== undefined) {
      q.and(`B.gen_utime >= ${q.param(f.start_utime)}`);
    }
    if (f.end_utime !== undefined) {
      q.and(`B.gen_utime <= ${q.param(f.end_utime)}`);
    }
    if (f.start_lt !== undefined) {
      q.and(`B.start_lt >= ${q.param(f.start_lt)}::bigint`);
    }
    if (f.end_lt !== undefined) {
      q.and(`B.start_lt <= ${q.param(f.end_lt)}::bigint`);
    }
    const order = f.sort === undefined ? '' : ` ORDER BY B.gen_utime ${dir(f.sort)}`;
    return this.ds.query<BlockRow[]>(
      `SELECT ${COLUMNS} FROM blocks B${q.where()}${order}${q.page(f.limit, f.offset)}`,
      q.params,
    );
  }

  /** The shard tops recorded for masterchain block `seqno`, the masterchain block included (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
  shardState({ seqno }: MasterchainBlockShardStateReq): Promise<BlockRow[]> {
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
  shards({ seqno, limit, offset, sort }: MasterchainBlockShardsReq): Promise<BlockRow[]> {
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
