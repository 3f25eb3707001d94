import {
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
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BlocksReader } from './blocks.service';

/** `ton.ls.v1.*` handlers of the v2 blocks endpoints. */
@Controller()
export class BlocksController {
  constructor(private readonly reader: BlocksReader) {}

  @RpcHandler(Subjects.ls.lookupBlock)
  lookupBlock(@Payload() req: LookupBlockReq): Promise<LookupBlockRes> {
    return this.reader.lookupBlock(req);
  }

  @RpcHandler(Subjects.ls.getShards)
  getShards(@Payload() req: GetShardsReq): Promise<GetShardsRes> {
    return this.reader.shards(req);
  }

  @RpcHandler(Subjects.ls.getBlockHeader)
  getBlockHeader(@Payload() req: GetBlockHeaderReq): Promise<GetBlockHeaderRes> {
    return this.reader.blockHeader(req);
  }

  @RpcHandler(Subjects.ls.getConsensusBlock)
  getConsensusBlock(): GetConsensusBlockRes {
    return this.reader.consensusBlock();
  }

  @RpcHandler(Subjects.ls.getMasterchainBlockSignatures)
  getMasterchainBlockSignatures(
    @Payload() req: GetMasterchainBlockSignaturesReq,
  ): Promise<GetMasterchainBlockSignaturesRes> {
    return this.reader.masterchainBlockSignatures(req);
  }

  @RpcHandler(Subjects.ls.getShardBlockProof)
  getShardBlockProof(@Payload() req: GetShardBlockProofReq): Promise<GetShardBlockProofRes> {
    return this.reader.shardBlockProof(req);
  }

  @RpcHandler(Subjects.ls.getOutMsgQueueSize)
  getOutMsgQueueSize(): Promise<GetOutMsgQueueSizeRes> {
    return this.reader.outMsgQueueSizes();
  }
}
