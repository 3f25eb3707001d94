import {
  ErrorCode,
  type GetBlockHeaderReq,
  type GetBlockHeaderRes,
  type GetConsensusBlockRes,
  type GetMasterchainBlockSignaturesReq,
  type GetMasterchainBlockSignaturesRes,
  type GetOutMsgQueueSizeRes,
  type GetShardBlockProofReq,
  type GetShardBlockProofRes,
  type GetShardsReq,
  type GetShardsRes,
  type LookupBlockReq,
  type LookupBlockRes,
  TonApiError,
} from '@app/contracts';
import { LiteApiSchema } from '@app/ton';
import { Cell } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { type LiteserverPool, noLiteservers } from '@app/liteclient';
import { answerCache, CACHE_BUDGETS, masterchainSeqnoOf } from '../answer-cache';
import { toTonBlockIdExt } from '../tonlib.mapper';
import { toBlocksHeader } from './block-header.mapper';
import { toBlockLinkBack, toShardBlockLink, toTonShardTops } from './blocks.mapper';

/** The masterchain's shard id as tonlib writes it (0x8000000000000000 as a signed int64). */
const MASTERCHAIN_SHARD = '-9223372036854775808';

/** liteServer.getBlockHeader mode as tonlib sends it: every optional part of the header proof. */
const HEADER_MODE_ALL = 0xffff;

/** lookupBlock mode bits (liteServer.lookupBlock): 1 by seqno, 2 by lt, 4 by utime. */
const BY_SEQNO = 1;
const BY_LT = 2;
const BY_UTIME = 4;

function blockId(
  workchain: number,
  shard: string,
  seqno: number,
  rootHash: Buffer,
  fileHash: Buffer,
): tonNode_blockIdExt {
  return { kind: 'tonNode.blockIdExt', workchain, shard, seqno, rootHash, fileHash };
}

/** The full id of a block by (workchain, shard, seqno): liteServer.lookupBlock mode 1. */
async function lookupBySeqno(
  client: LiteClient,
  workchain: number,
  shard: string,
  seqno: number,
): Promise<tonNode_blockIdExt> {
  const header = await client.engine.query(LiteApiSchema.Functions.liteServer_lookupBlock, {
    kind: 'liteServer.lookupBlock',
    mode: BY_SEQNO,
    id: { kind: 'tonNode.blockId', workchain, shard, seqno },
    lt: null,
    utime: null,
  });
  return header.id;
}

function masterchainBlock(client: LiteClient, seqno: number): Promise<tonNode_blockIdExt> {
  return lookupBySeqno(client, -1, MASTERCHAIN_SHARD, seqno);
}

/** What getBlockHeader keeps of liteServer.blockHeader: the id and the header proof. */
interface HeaderAnswer {
  readonly id: tonNode_blockIdExt;
  readonly headerProof: Buffer;
}

/** The signed block and the proof whose forward link carries its signatures. */
interface SignaturesAnswer {
  readonly target: tonNode_blockIdExt;
  readonly proof: LiteApiSchema.liteServer_partialBlockProof;
}

/** The shard block proof, the masterchain block it runs from and the links back to mc_id. */
interface ShardProofAnswer {
  readonly from: tonNode_blockIdExt;
  readonly proof: LiteApiSchema.liteServer_shardBlockProof;
  readonly back: LiteApiSchema.liteServer_partialBlockProof['steps'];
}

/** `{seqno}` when there is one: pool routing of a read pinned to that masterchain block. */
function seqnoOption(seqno: number | undefined): { seqno?: number } {
  return seqno === undefined ? {} : { seqno };
}

/**
 * Live reads of blocks, shards and proofs for the v2 blocks endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). A block
 * named by its seqno or full id never changes once it exists, so those answers are cached (a block
 * the liteserver does not have is an error, never stored) and masterchain ones are routed to a
 * liteserver that has reached that seqno; head-relative answers are neither.
 */
export class BlocksReader {
  private readonly lookups = answerCache<LookupBlockRes>(CACHE_BUDGETS.blockIds);
  private readonly shardTops = answerCache<Buffer>(CACHE_BUDGETS.shardTops);
  private readonly headers = answerCache<HeaderAnswer>(CACHE_BUDGETS.blockHeaders);
  private readonly signatures = answerCache<SignaturesAnswer>(CACHE_BUDGETS.blockSignatures);
  private readonly proofs = answerCache<ShardProofAnswer>(CACHE_BUDGETS.shardBlockProofs);

  constructor(private readonly pool: LiteserverPool) {}

  /** lookupBlock (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): exactly one of seqno, lt, unixtime, as tonlib's mode 1·seqno + 2·lt + 4·utime. */
  async lookupBlock(req: LookupBlockReq): Promise<LookupBlockRes> {
    const mode = req.seqno !== undefined ? BY_SEQNO : req.lt !== undefined ? BY_LT : BY_UTIME;
    // By seqno the block is one and the same for ever; by lt or unixtime the answer near the head
    // depends on how far the chain has got, so only seqno lookups are cached.
    const bySeqno =
      req.seqno === undefined
        ? {}
        : {
            cache: this.lookups,
            cacheKey: `${String(req.workchain)}:${req.shard}:${String(req.seqno)}`,
            ...seqnoOption(masterchainSeqnoOf(req.workchain, req.seqno)),
          };
    const { value } = await this.pool.execute(
      'lookupBlock',
      async (client) => {
        const header = await client.engine.query(LiteApiSchema.Functions.liteServer_lookupBlock, {
          kind: 'liteServer.lookupBlock',
          mode,
          id: {
            kind: 'tonNode.blockId',
            workchain: req.workchain,
            shard: req.shard,
            seqno: req.seqno ?? 0,
          },
          lt: req.lt ?? null,
          utime: req.unixtime ?? null,
        });
        return toTonBlockIdExt(header.id);
      },
      bySeqno,
    );
    return value;
  }

  /** getShards (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): the shard tops masterchain block `seqno` commits, from its ShardHashes. */
  async shards(req: GetShardsReq): Promise<GetShardsRes> {
    const { value } = await this.pool.execute(
      'getShards',
      async (client) => {
        const mc = await masterchainBlock(client, req.seqno);
        const info = await client.engine.query(
          LiteApiSchema.Functions.liteServer_getAllShardsInfo,
          { kind: 'liteServer.getAllShardsInfo', id: mc },
        );
        return info.data;
      },
      { seqno: req.seqno, cache: this.shardTops, cacheKey: String(req.seqno) },
    );
    const data = Cell.fromBoc(value)[0];
    if (!data) {
      throw new Error('the liteserver sent allShardsInfo without data');
    }
    return { '@type': 'blocks.shards', shards: toTonShardTops(data) };
  }

  /**
   * getBlockHeader
   * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): with
   * both hashes the id is used as given (no lookup, as toncenter); otherwise the block is looked up
   * by seqno first. The header comes from the header proof.
   */
  async blockHeader(req: GetBlockHeaderReq): Promise<GetBlockHeaderRes> {
    if (req.seqno === 0) {
      // Seqno 0 names a zero state, which is no block and has no header: a C++ liteserver finds no
      // block data for it. Answered as its refusal, not left to fail the header proof's check.
      throw new TonApiError(
        ErrorCode.LITESERVER_ERROR,
        `LITE_SERVER_UNKNOWN: block (${String(req.workchain)},${BigInt.asUintN(64, BigInt(req.shard)).toString(16)},0) is a zero state, which has no header`,
      );
    }
    const hashes =
      req.root_hash !== undefined && req.file_hash !== undefined
        ? { root: req.root_hash, file: req.file_hash }
        : undefined;
    const at = `${String(req.workchain)}:${req.shard}:${String(req.seqno)}`;
    const { value } = await this.pool.execute(
      'getBlockHeader',
      async (client) => {
        const id = hashes
          ? blockId(
              req.workchain,
              req.shard,
              req.seqno,
              Buffer.from(hashes.root, 'base64'),
              Buffer.from(hashes.file, 'base64'),
            )
          : await lookupBySeqno(client, req.workchain, req.shard, req.seqno);
        const header = await client.engine.query(
          LiteApiSchema.Functions.liteServer_getBlockHeader,
          { kind: 'liteServer.getBlockHeader', id, mode: HEADER_MODE_ALL },
        );
        return { id: header.id, headerProof: header.headerProof };
      },
      {
        cache: this.headers,
        cacheKey: hashes ? `${at}:${hashes.root}:${hashes.file}` : at,
        ...seqnoOption(masterchainSeqnoOf(req.workchain, req.seqno)),
      },
    );
    const proof = Cell.fromBoc(value.headerProof)[0];
    if (!proof) {
      throw new Error('the liteserver sent an empty header proof');
    }
    return toBlocksHeader(value.id, proof);
  }

  /**
   * getConsensusBlock (2.1 shape,
   * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): the
   * masterchain seqno the live liteservers reached at the last probe, and the current time (2.1
   * reports "now"; 2.0 reported when the seqno last advanced).
   */
  consensusBlock(): GetConsensusBlockRes {
    const seqno = this.pool.consensusSeqno();
    if (seqno === undefined) {
      throw noLiteservers();
    }
    return {
      '@type': 'ext.blocks.consensusBlock',
      consensus_block: seqno,
      timestamp: Math.floor(Date.now() / 1000),
    };
  }

  /**
   * getMasterchainBlockSignatures
   * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): the
   * validator signatures of masterchain block `seqno`, as tonlib reads them: the forward link of
   * liteServer.getBlockProof from the previous block to it carries the signature set that commits the block.
   */
  async masterchainBlockSignatures(
    req: GetMasterchainBlockSignaturesReq,
  ): Promise<GetMasterchainBlockSignaturesRes> {
    const { value } = await this.pool.execute(
      'getMasterchainBlockSignatures',
      async (client) => {
        const target = await masterchainBlock(client, req.seqno);
        const known = await masterchainBlock(client, req.seqno - 1);
        const proof = await client.engine.query(LiteApiSchema.Functions.liteServer_getBlockProof, {
          kind: 'liteServer.getBlockProof',
          mode: 1,
          knownBlock: known,
          targetBlock: target,
        });
        return { target, proof };
      },
      { seqno: req.seqno, cache: this.signatures, cacheKey: String(req.seqno) },
    );
    const link = value.proof.steps.find(
      (step) => step.kind === 'liteServer.blockLinkForward' && step.to.seqno === req.seqno,
    );
    if (link?.kind !== 'liteServer.blockLinkForward') {
      throw new TonApiError(
        ErrorCode.LITESERVER_ERROR,
        `LITE_SERVER_UNKNOWN: no signed link to masterchain block ${String(req.seqno)}`,
      );
    }
    return {
      '@type': 'blocks.blockSignatures',
      id: toTonBlockIdExt(value.target),
      signatures: link.signatures.signatures.map((s) => ({
        '@type': 'blocks.signature',
        node_id_short: s.nodeIdShort.toString('base64'),
        signature: s.signature.toString('base64'),
      })),
    };
  }

  /**
   * getShardBlockProof
   * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml), as
   * tonlib's blocks.getShardBlockProof: liteServer.getShardBlockProof
   * gives the masterchain block committing the block (`mc_id`) and the links down to it; `from` is
   * the masterchain block `from_seqno` or the latest, and `mc_proof` the backward links from `from` to
   * `mc_id` (liteServer.getBlockProof), empty when they are the same block.
   */
  async shardBlockProof(req: GetShardBlockProofReq): Promise<GetShardBlockProofRes> {
    // From a given masterchain block the proof is fixed; from the head it changes every block.
    const fromGiven =
      req.from_seqno === undefined
        ? {}
        : {
            seqno: req.from_seqno,
            cache: this.proofs,
            cacheKey: `${String(req.workchain)}:${req.shard}:${String(req.seqno)}<${String(req.from_seqno)}`,
          };
    const { value } = await this.pool.execute(
      'getShardBlockProof',
      async (client) => {
        const id = await lookupBySeqno(client, req.workchain, req.shard, req.seqno);
        const proof = await client.engine.query(
          LiteApiSchema.Functions.liteServer_getShardBlockProof,
          { kind: 'liteServer.getShardBlockProof', id },
        );
        const from =
          req.from_seqno === undefined
            ? (await client.getMasterchainInfo()).last
            : await masterchainBlock(client, req.from_seqno);
        // An error thrown here would be reported as the liteserver's own answer; decided below.
        if (from.seqno <= proof.masterchainId.seqno) {
          return { from, proof, back: [] };
        }
        const back = await client.engine.query(LiteApiSchema.Functions.liteServer_getBlockProof, {
          kind: 'liteServer.getBlockProof',
          mode: 1,
          knownBlock: from,
          targetBlock: proof.masterchainId,
        });
        return { from, proof, back: back.steps };
      },
      fromGiven,
    );
    if (value.from.seqno < value.proof.masterchainId.seqno) {
      // tonlib: "from mc block is too old" — the proof cannot run forward from `from`.
      throw new TonApiError(
        ErrorCode.INVALID_ARGUMENT,
        `from_seqno ${String(value.from.seqno)} is older than masterchain block ${String(value.proof.masterchainId.seqno)}, which commits the block`,
        { details: { param: 'from_seqno' } },
      );
    }
    return {
      '@type': 'blocks.shardBlockProof',
      from: toTonBlockIdExt(value.from),
      mc_id: toTonBlockIdExt(value.proof.masterchainId),
      links: value.proof.links.map(toShardBlockLink),
      mc_proof: value.back.flatMap((step) =>
        step.kind === 'liteServer.blockLinkBack' ? [toBlockLinkBack(step)] : [],
      ),
    };
  }

  /** getOutMsgQueueSize (2.1, https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): liteServer.getOutMsgQueueSizes for every shard (mode 0). */
  async outMsgQueueSizes(): Promise<GetOutMsgQueueSizeRes> {
    const { value } = await this.pool.execute('getOutMsgQueueSize', (client) =>
      client.engine.query(LiteApiSchema.Functions.liteServer_getOutMsgQueueSizes, {
        kind: 'liteServer.getOutMsgQueueSizes',
        mode: 0,
        wc: null,
        shard: null,
      }),
    );
    return {
      '@type': 'blocks.outMsgQueueSizes',
      shards: value.shards.map((s) => ({
        '@type': 'blocks.outMsgQueueSize',
        id: toTonBlockIdExt(s.id),
        size: s.size,
      })),
      ext_msg_queue_size_limit: value.extMsgQueueSizeLimit,
    };
  }
}
