import {
  type EstimateFeeReq,
  type ExtMessageInfo,
  type QueryFees,
  type SendBocReq,
  Subjects,
  type TonlibOk,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { SenderService } from './sender.service';

/** `ton.send.v1.*`: message submission and fee estimation (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml, v3 POST message). */
@Controller()
export class SenderController {
  constructor(private readonly sender: SenderService) {}

  @RpcHandler(Subjects.send.boc)
  async boc(@Payload() req: SendBocReq): Promise<TonlibOk> {
    await this.sender.send(req.boc);
    return { '@type': 'ok' };
  }

  @RpcHandler(Subjects.send.bocReturnHash)
  bocReturnHash(@Payload() req: SendBocReq): Promise<ExtMessageInfo> {
    return this.sender.send(req.boc);
  }

  @RpcHandler(Subjects.send.estimateFee)
  estimateFee(@Payload() req: EstimateFeeReq): Promise<QueryFees> {
    return this.sender.estimateFee(req);
  }
}
