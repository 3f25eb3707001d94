import { type ChainBlockHashes } from '@app/database';
import { type LiteserverPool, lookupMasterchainBlock, toTlBlockId } from '@app/liteclient';
import { type BlockIdFull, LiteApiSchema } from '@app/ton';
import {
  type liteServer_masterchainInfoExt,
  type tonNode_blockIdExt,
} from 'ton-lite-client/dist/schema';
import { type BlockDecodeResult } from './decode/block-decode';
import { type BlockDecoder, INLINE_BLOCK_DECODER } from './decode/block-decoder';

/** A block id as lite_api carries it (shard as the signed decimal string ton-lite-client uses). */
export interface LiteBlockId {
  readonly workchain: number;
  readonly shard: bigint;
  readonly seqno: number;
  readonly rootHash: Buffer;
  readonly fileHash: Buffer;
}

/** liteServer.masterchainInfoExt: the head block and the chain's zero state. */
export interface ChainHead extends ChainBlockHashes {
  readonly utime: number;
  readonly zeroState: ChainBlockHashes;
}

/** A block as the liteserver sent it, checked against its id: parsed, or why it could not be. */
export interface FetchedBlock {
  readonly id: LiteBlockId;
  readonly decoded: Exclude<BlockDecodeResult, { readonly kind: 'bad-data' }>;
  readonly bytes: number;
}

/**
 * The ingestor's reads from the liteserver pool: the head, the full id of a masterchain block, and full
 * blocks. The pool retries retryable failures on another liteserver; every read is pinned to the
 * masterchain seqno it belongs to so that an old block goes to an archival server.
 */
export class BlockSource {
  /**
   * The full id of the last head read: the follower's next block is that head (it waited for it), so
   * its id needs no liteServer.lookupBlock round trip.
   */
  private lastHead: LiteBlockId | undefined;

  constructor(
    private readonly pool: LiteserverPool,
    private readonly decoder: BlockDecoder = INLINE_BLOCK_DECODER,
  ) {}

  /** The head masterchain block and the zero state of the chain the pool serves (hashes base64). */
  async headSeqno(): Promise<ChainHead> {
    const { value } = await this.pool.execute('getMasterchainInfoExt', (client) =>
      client.getMasterchainInfoExt(),
    );
    return this.remember(value);
  }

  /**
   * The head once the masterchain reaches `seqno`, or the current head when it has not after about
   * `waitMs`. The liteserver holds the query until the block exists (the
   * `liteServer.waitMasterchainSeqno seqno:int timeout_ms:int` prefix of lite_api.tl), so a follower
   * that is caught up learns of a block when it is made instead of at its next poll. A wait that ends
   * without the block is an answer, not a failure: it neither marks the liteserver suspect nor retries
   * elsewhere. `waitMs` must leave the pool's deadline room for the plain read that follows it.
   */
  async nextHead(seqno: number, waitMs: number): Promise<ChainHead> {
    const { value } = await this.pool.execute('getMasterchainInfoExt', async (client) => {
      try {
        return await client.getMasterchainInfoExt({ awaitSeqno: seqno, timeout: waitMs });
      } catch (error) {
        if (!isWaitTimeout(error)) {
          throw error;
        }
        return client.getMasterchainInfoExt();
      }
    });
    return this.remember(value);
  }

  /** The full id of masterchain block `seqno`: the last head's, or liteServer.lookupBlock's. */
  async masterchainBlockId(seqno: number): Promise<LiteBlockId> {
    const head = this.lastHead;
    if (head?.seqno === seqno) {
      return head;
    }
    return fromLite(await lookupMasterchainBlock(this.pool, seqno));
  }

  private remember(value: liteServer_masterchainInfoExt): ChainHead {
    this.lastHead = fromLite(value.last);
    return chainHeadOf(value);
  }

  /**
   * The full block, checked against its id (one root, of the id's root hash) and parsed by the
   * decoder. Bytes that are not the block asked for throw, so that the read is retried.
   */
  async block(id: LiteBlockId, mcSeqno: number): Promise<FetchedBlock> {
    const { value } = await this.pool.execute(
      'getBlock',
      (client) =>
        client.engine.query(LiteApiSchema.Functions.liteServer_getBlock, {
          kind: 'liteServer.getBlock',
          id: toTlBlockId(id),
        }),
      { seqno: mcSeqno },
    );
    const decoded = await this.decoder.decode(value.data, id);
    if (decoded.kind === 'bad-data') {
      throw new Error(`getBlock ${describeBlock(id)}: ${decoded.error}`);
    }
    return { id, decoded, bytes: value.data.length };
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

/** liteServer.masterchainInfoExt as the follower uses it (hashes base64). */
function chainHeadOf(value: liteServer_masterchainInfoExt): ChainHead {
  return {
    seqno: value.last.seqno,
    utime: value.lastUtime,
    rootHash: value.last.rootHash.toString('base64'),
    fileHash: value.last.fileHash.toString('base64'),
    zeroState: {
      seqno: 0,
      rootHash: value.init.rootHash.toString('base64'),
      fileHash: value.init.fileHash.toString('base64'),
    },
  };
}

/**
 * The wait for a masterchain seqno ran out: the liteserver answers liteServer.error "timeout"
 * (ValidatorManagerImpl's wait, ErrorCode::timeout), or the client's own deadline, set to the same
 * length, fires first ("Timeout").
 */
function isWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.toLowerCase() === 'timeout';
}
