import {
  type BlocksReq,
  ErrorCode,
  type MasterchainBlockShardStateReq,
  type MasterchainBlockShardsReq,
  type MasterchainInfoRes,
  Subjects,
  TonApiError,
  type V3BlocksRes,
} from '@app/contracts';
import { BlockQueryRepository, ReadScopeInterceptor } from '@app/database';
import { RpcHandler } from '@app/nats';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { toV3Block } from './block.mapper';

/** `ton.query.v1.*` handlers of the v3 block endpoints (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
@Controller()
// All of a request's reads on one server: a read replica when one serves (DATABASE_READ_URLS).
@UseInterceptors(ReadScopeInterceptor)
export class BlocksController {
  constructor(private readonly blocks: BlockQueryRepository) {}

  @RpcHandler(Subjects.query.masterchainInfo)
  async masterchainInfo(): Promise<MasterchainInfoRes> {
    const { first, last } = await this.blocks.masterchainEnds();
    if (first === undefined || last === undefined) {
      throw new TonApiError(ErrorCode.NOT_FOUND, 'masterchain blocks not found');
    }
    return { first: toV3Block(first), last: toV3Block(last) };
  }

  @RpcHandler(Subjects.query.blocks)
  async list(@Payload() req: BlocksReq): Promise<V3BlocksRes> {
    const rows = await this.blocks.blocks(req);
    return { blocks: rows.map(toV3Block) };
  }

  @RpcHandler(Subjects.query.masterchainBlockShardState)
  async shardState(@Payload() req: MasterchainBlockShardStateReq): Promise<V3BlocksRes> {
    const rows = await this.blocks.shardState(req);
    if (rows.length === 0) {
      throw new TonApiError(ErrorCode.NOT_FOUND, 'blocks not found');
    }
    return { blocks: rows.map(toV3Block) };
  }

  @RpcHandler(Subjects.query.masterchainBlockShards)
  async shards(@Payload() req: MasterchainBlockShardsReq): Promise<V3BlocksRes> {
    const rows = await this.blocks.shards(req);
    if (rows.length === 0) {
      throw new TonApiError(ErrorCode.NOT_FOUND, 'blocks not found');
    }
    return { blocks: rows.map(toV3Block) };
  }
}
