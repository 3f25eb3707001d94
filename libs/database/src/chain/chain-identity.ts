import { type DataSource, type EntityManager } from 'typeorm';
import { type BlockEntity } from '../entities/block.entity';
import { ChainIdentityEntity } from '../entities/chain-identity.entity';
import { type LeftJoined, type QueryRow, selectList } from '../entities/query-row';
import { type McBlockBatch } from './chain-batch';

/** Masterchain shard id as the `blocks` table stores it (signed 64-bit 0x8000000000000000). */
const MASTERCHAIN_SHARD = (-(2n ** 63n)).toString();

/** What an operator does about a mismatch; every mismatch line ends with it. */
export const INDEX_RESET_HINT =
  'nothing was written; if the new chain is the one to index, reset the index with "npm run ingest -- --reset --yes" (docs/operations.md, "Indexing another chain")';

/** A block id's hashes, base64 as the schema stores them. */
export interface ChainBlockHashes {
  readonly seqno: number;
  readonly rootHash: string;
  readonly fileHash: string;
}

export interface RecordedChain {
  readonly zeroStateRootHash: string;
  readonly zeroStateFileHash: string;
  /** null until the first block is written. */
  readonly globalId: number | null;
}

/**
 * The liteservers serve a chain other than the one the index holds. `message` is one line naming
 * both hashes (or both global ids) and what to do; the follower logs it and stops.
 */
export class ChainMismatchError extends Error {
  override readonly name = 'ChainMismatchError';
}

const IDENTITY_KEYS = ['zeroStateRootHash', 'zeroStateFileHash', 'globalId'] as const;
type IdentityRow = QueryRow<ChainIdentityEntity, (typeof IDENTITY_KEYS)[number]>;
type HashRow = QueryRow<BlockEntity, 'rootHash' | 'fileHash'>;
/** The recorded global_id (null before the first block) beside the stored previous block, if any. */
type BatchCheckRow = QueryRow<ChainIdentityEntity, 'globalId'> & LeftJoined<HashRow>;

/**
 * Table `chain_identity` and the checks that keep one chain per index: the zero state the
 * liteservers report (liteServer.masterchainInfo `init`) against the recorded one, the head block
 * against the index's block of that seqno, and every written masterchain block's `prev_ref`
 * (block.tlb BlkPrevInfo) and `global_id` against the stored previous block and the recorded id.
 */
export class ChainIdentityRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get(): Promise<RecordedChain | null> {
    const [row]: IdentityRow[] = await this.dataSource.query(
      `SELECT ${selectList(ChainIdentityEntity, IDENTITY_KEYS)} FROM chain_identity WHERE id = 1`,
    );
    return row === undefined
      ? null
      : {
          zeroStateRootHash: row.zero_state_root_hash,
          zeroStateFileHash: row.zero_state_file_hash,
          globalId: row.global_id,
        };
  }

  /**
   * Records `zeroState` when the index holds no chain yet; throws ChainMismatchError when it holds
   * another one. An index written before chain_identity existed is adopted by its first check.
   */
  async verifyZeroState(zeroState: ChainBlockHashes): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO chain_identity (id, zero_state_root_hash, zero_state_file_hash) VALUES (1, $1, $2)
       ON CONFLICT (id) DO NOTHING`,
      [zeroState.rootHash, zeroState.fileHash],
    );
    const recorded = await this.get();
    if (
      recorded !== null &&
      (recorded.zeroStateRootHash !== zeroState.rootHash ||
        recorded.zeroStateFileHash !== zeroState.fileHash)
    ) {
      throw new ChainMismatchError(
        `chain mismatch: the liteservers' zero state is ${zeroState.rootHash} but the index holds the chain of zero state ${recorded.zeroStateRootHash} — the liteservers serve another chain; ${INDEX_RESET_HINT}`,
      );
    }
  }

  /** The liteservers' masterchain block `head.seqno` against the index's block of that seqno. */
  async verifyHead(head: ChainBlockHashes): Promise<void> {
    const [row]: HashRow[] = await this.dataSource.query(
      `SELECT root_hash, file_hash FROM blocks WHERE workchain = -1 AND shard = $1 AND seqno = $2`,
      [MASTERCHAIN_SHARD, head.seqno],
    );
    if (row !== undefined && (row.root_hash !== head.rootHash || row.file_hash !== head.fileHash)) {
      throw new ChainMismatchError(
        `chain mismatch: the liteservers' masterchain block ${String(head.seqno)} is ${head.rootHash} but the index holds ${row.root_hash} for block ${String(head.seqno)} — the liteservers serve another chain; ${INDEX_RESET_HINT}`,
      );
    }
  }

  /**
   * Inside the transaction that writes `batch`: its masterchain block's prev_ref must be the stored
   * previous masterchain block (when the index has it) and its global_id the recorded one (recorded
   * by the first block written). Throws ChainMismatchError before anything of the batch is written.
   */
  async verifyBatch(m: EntityManager, batch: McBlockBatch): Promise<void> {
    const header = batch.masterchain.header;
    const [row]: BatchCheckRow[] = await m.query(
      `SELECT (SELECT global_id FROM chain_identity WHERE id = 1) AS global_id, b.root_hash, b.file_hash
       FROM (SELECT 1) AS one
       LEFT JOIN blocks b ON b.workchain = -1 AND b.shard = $1 AND b.seqno = $2`,
      [MASTERCHAIN_SHARD, header.seqno - 1],
    );
    if (row === undefined) {
      return;
    }
    const prev = header.prevBlocks[0];
    if (
      row.root_hash !== null &&
      prev !== undefined &&
      (prev.rootHash !== row.root_hash || prev.fileHash !== row.file_hash)
    ) {
      throw new ChainMismatchError(
        `chain mismatch: masterchain block ${String(header.seqno)} says its previous block is ${prev.rootHash} but the index holds ${row.root_hash} for block ${String(header.seqno - 1)} — the liteservers serve another chain; ${INDEX_RESET_HINT}`,
      );
    }
    if (row.global_id !== null && row.global_id !== header.globalId) {
      throw new ChainMismatchError(
        `chain mismatch: masterchain block ${String(header.seqno)} has global_id ${String(header.globalId)} but the index holds global_id ${String(row.global_id)} — the liteservers serve another network; ${INDEX_RESET_HINT}`,
      );
    }
    if (row.global_id === null) {
      await m.query(`UPDATE chain_identity SET global_id = $1 WHERE id = 1 AND global_id IS NULL`, [
        header.globalId,
      ]);
    }
  }
}
