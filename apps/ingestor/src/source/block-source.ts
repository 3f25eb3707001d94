import { type LiteserverPool, lookupMasterchainBlock } from '@app/liteclient';
import { type BlockIdFull, LiteApiSchema, readBoc } from '@app/ton';
import { type Cell } from '@ton/core';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';

/** A block id as lite_api carries it (shard as the signed decimal string ton-lite-client uses). */
export interface LiteBlockId {
  readonly workchain: number;
  readonly shard: bigint;
  readonly seqno: number;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

export interface FetchedBlock {
  readonly id: LiteBlockId;
  readonly root: Cell;
  readonly bytes: number;
}

/**
 * The ingestor's reads from the liteserver pool: the head, the full id of a masterchain block, and full
 * blocks. The pool retries retryable failures on another liteserver; every read is pinned to the
 * masterchain seqno it belongs to so that an old block goes to an archival server.
 */
export class BlockSource {
  constructor(private readonly pool: LiteserverPool) {}

  async headSeqno(): Promise<{ seqno: number; utime: number }> {
    const { value } = await this.pool.execute('getMasterchainInfoExt', (client) =>
      client.getMasterchainInfoExt(),
    );
    return { seqno: value.last.seqno, utime: value.lastUtime };
  }

  async masterchainBlockId(seqno: number): Promise<LiteBlockId> {
    return fromLite(await lookupMasterchainBlock(this.pool, seqno));
  }

  /** The full block, checked against its id: the root hash must match (and the file hash). */
  async block(id: LiteBlockId, mcSeqno: number): Promise<FetchedBlock> {
    const { value } = await this.pool.execute(
      'getBlock',
      (client) =>
        client.engine.query(LiteApiSchema.Functions.liteServer_getBlock, {
          kind: 'liteServer.getBlock',
          id: toLite(id),
        }),
      { seqno: mcSeqno },
    );
    // readBoc: Cell.fromBoc's cells, with the hashes of plain cells taken from the BoC bytes.
    const roots = readBoc(value.data);
    const root = roots[0];
    if (roots.length !== 1 || root === undefined) {
      throw new Error(
        `getBlock ${describeBlock(id)}: expected one root, got ${String(roots.length)}`,
      );
    }
    if (!root.hash().equals(id.rootHash)) {
      throw new Error(`getBlock ${describeBlock(id)}: root hash mismatch`);
    }
    return { id, root, bytes: value.data.length };
  }
}

export function describeBlock(id: { workchain: number; shard: bigint; seqno: number }): string {
  const shard = BigInt.asUintN(64, id.shard).toString(16).padStart(16, '0');
  return `(${String(id.workchain)},${shard},${String(id.seqno)})`;
}

function fromLite(id: tonNode_blockIdExt): LiteBlockId {
  return {
    workchain: id.workchain,
    shard: BigInt(id.shard),
    seqno: id.seqno,
    rootHash: id.rootHash,
    fileHash: id.fileHash,
  };
}

function toLite(id: LiteBlockId): tonNode_blockIdExt {
  return {
    kind: 'tonNode.blockIdExt',
    workchain: id.workchain,
    shard: BigInt.asIntN(64, id.shard).toString(),
    seqno: id.seqno,
    rootHash: id.rootHash,
    fileHash: id.fileHash,
  };
}

/** A parsed id (base64 hashes, signed shard) back to the lite_api form. */
export function liteIdOf(id: BlockIdFull): LiteBlockId {
  return {
    workchain: id.workchain,
    shard: id.shard,
    seqno: id.seqno,
    rootHash: Buffer.from(id.rootHash, 'base64'),
    fileHash: Buffer.from(id.fileHash, 'base64'),
  };
}
