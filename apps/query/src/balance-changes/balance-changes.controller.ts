import {
  type BalanceChangesReq,
  type BalanceChangesRes,
  ErrorCode,
  Subjects,
  TonApiError,
} from '@app/contracts';
import { BalanceChangesQueryRepository, ReadScopeInterceptor } from '@app/database';
import { RpcHandler } from '@app/nats';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { balanceChanges, jettonWalletCandidates } from './balance-changes';

/** What toncenter answers for an action that moves nothing of its own (a contract_deploy). */
const NOTHING: BalanceChangesRes = { changes: null, fees: null, jettons: null };

/**
 * `ton.query.v1.balanceChanges`: the balance changes of a trace, or of one of its actions
 * (ton-index-go `QueryBalanceChanges`), computed from the stored transactions, messages, actions
 * and Jetton wallets.
 */
@Controller()
// All of a request's reads on one server: a read replica when one serves (DATABASE_READ_URLS).
@UseInterceptors(ReadScopeInterceptor)
export class BalanceChangesController {
  constructor(private readonly reads: BalanceChangesQueryRepository) {}

  @RpcHandler(Subjects.query.balanceChanges)
  async balanceChanges(@Payload() req: BalanceChangesReq): Promise<BalanceChangesRes> {
    let traceId = req.trace_id;
    if (traceId === undefined && req.action_id !== undefined) {
      traceId = (await this.reads.traceOfAction(req.action_id)) ?? undefined;
      if (traceId === undefined) {
        throw new TonApiError(ErrorCode.NOT_FOUND, 'action_id not found');
      }
    }
    if (traceId === undefined) {
      throw new TonApiError(ErrorCode.INVALID_ARGUMENT, 'trace_id or action_id is required', {
        details: { param: 'trace_id' },
      });
    }
    const rows = await this.reads.traceMessages(traceId);
    const [actions, wallets] = await Promise.all([
      req.action_id === undefined ? [] : this.reads.traceActions(traceId),
      this.reads.jettonWallets(jettonWalletCandidates(rows)),
    ]);
    const computed = balanceChanges(rows, actions, wallets);
    if (computed === undefined) {
      throw new TonApiError(ErrorCode.NOT_FOUND, 'trace not found');
    }
    if (req.action_id === undefined) {
      return computed.trace;
    }
    return computed.actions.get(req.action_id) ?? NOTHING;
  }
}
