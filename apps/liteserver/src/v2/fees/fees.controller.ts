import { type EstimateFeeReq, type QueryFees, Subjects } from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LiteserverPoolService } from '@app/liteclient';
import { FeeEstimator } from './fee.estimator';

/** `ton.ls.v1.estimateFee`: the v2 estimateFee endpoint, by emulation (toncenter v2 §9). */
@Controller()
export class FeesController {
  private readonly estimator: FeeEstimator;

  constructor(pool: LiteserverPoolService) {
    this.estimator = new FeeEstimator(pool);
  }

  @RpcHandler(Subjects.ls.estimateFee)
  estimateFee(@Payload() req: EstimateFeeReq): Promise<QueryFees> {
    return this.estimator.estimate(req);
  }
}
