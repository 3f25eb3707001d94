import {
  type GetBlockHeaderReq,
  type GetMasterchainBlockSignaturesReq,
  type GetShardBlockProofReq,
  type GetShardsReq,
  type LookupBlockReq,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BlocksReader } from './blocks.service';

/**
 * `ton.ls.v1.*` handlers of the v2 blocks endpoints.
 *
 * Each handler forwards to a reader whose signature names the reply type; RpcContextInterceptor
 * checks the reply against the subject's contract.
 */
@Controller()
export class BlocksController {
  constructor(private readonly reader: BlocksReader) {}

  @RpcHandler(Subjects.ls.lookupBlock)
  lookupBlock(@Payload() req: LookupBlockReq) {
    return this.reader.lookupBlock(req);
  }

  @RpcHandler(Subjects.ls.getShards)
  getShards(@Payload() req: GetShardsReq) {
    return this.reader.shards(req);
  }

  @RpcHandler(Subjects.ls.getBlockHeader)
  getBlockHeader(@Payload() req: GetBlockHeaderReq) {
    return this.reader.blockHeader(req);
  }

  @RpcHandler(Subjects.ls.getConsensusBlock)
  getConsensusBlock() {
    return this.reader.consensusBlock();
  }

  @RpcHandler(Subjects.ls.getMasterchainBlockSignatures)
  getMasterchainBlockSignatures(@Payload() req: GetMasterchainBlockSignaturesReq) {
    return this.reader.masterchainBlockSignatures(req);
  }

  @RpcHandler(Subjects.ls.getShardBlockProof)
  getShardBlockProof(@Payload() req: GetShardBlockProofReq) {
    return this.reader.shardBlockProof(req);
  }

  @RpcHandler(Subjects.ls.getOutMsgQueueSize)
  getOutMsgQueueSize() {
    return this.reader.outMsgQueueSizes();
  }
}
