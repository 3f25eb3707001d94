import {
  type PendingActionsReq,
  type PendingActionsRes,
  type PendingTracesReq,
  type PendingTracesRes,
  type PendingTransactionsReq,
  type PendingTransactionsRes,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PendingTracesService } from './pending-traces.service';

/** `ton.send.v1.pending*`: v3 pendingTraces, pendingActions, pendingTransactions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
@Controller()
export class PendingTracesController {
  constructor(private readonly pending: PendingTracesService) {}

  @RpcHandler(Subjects.send.pendingTraces)
  pendingTraces(@Payload() req: PendingTracesReq): Promise<PendingTracesRes> {
    return this.pending.pendingTraces(req);
  }

  @RpcHandler(Subjects.send.pendingActions)
  pendingActions(@Payload() req: PendingActionsReq): Promise<PendingActionsRes> {
    return this.pending.pendingActions(req);
  }

  @RpcHandler(Subjects.send.pendingTransactions)
  pendingTransactions(@Payload() req: PendingTransactionsReq): Promise<PendingTransactionsRes> {
    return this.pending.pendingTransactions(req);
  }
}
