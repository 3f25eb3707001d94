import {
  type PendingActionsReq,
  type PendingTracesReq,
  type PendingTransactionsReq,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PendingTracesService } from './pending-traces.service';

/**
 * `ton.send.v1.pending*`: v3 pendingTraces, pendingActions, pendingTransactions (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 *
 * Each handler forwards to PendingTracesService, whose answers pending-query.ts builds and names the
 * reply types of; RpcContextInterceptor checks the reply against the subject's contract.
 */
@Controller()
export class PendingTracesController {
  constructor(private readonly pending: PendingTracesService) {}

  @RpcHandler(Subjects.send.pendingTraces)
  pendingTraces(@Payload() req: PendingTracesReq) {
    return this.pending.pendingTraces(req);
  }

  @RpcHandler(Subjects.send.pendingActions)
  pendingActions(@Payload() req: PendingActionsReq) {
    return this.pending.pendingActions(req);
  }

  @RpcHandler(Subjects.send.pendingTransactions)
  pendingTransactions(@Payload() req: PendingTransactionsReq) {
    return this.pending.pendingTransactions(req);
  }
}
