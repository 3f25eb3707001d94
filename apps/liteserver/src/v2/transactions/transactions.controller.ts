import {
  type GetBlockTransactionsReq,
  type GetTransactionsReq,
  Subjects,
  type TryLocateTxReq,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { TransactionsReader } from './transactions.service';

/**
 * `ton.ls.v1.*` handlers of the v2 transactions endpoints (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 *
 * Each handler forwards to a reader whose signature names the reply type; RpcContextInterceptor
 * checks the reply against the subject's contract.
 */
@Controller()
export class TransactionsController {
  constructor(private readonly reader: TransactionsReader) {}

  @RpcHandler(Subjects.ls.getTransactions)
  getTransactions(@Payload() req: GetTransactionsReq) {
    return this.reader.transactions(req);
  }

  @RpcHandler(Subjects.ls.getTransactionsStd)
  getTransactionsStd(@Payload() req: GetTransactionsReq) {
    return this.reader.transactionsStd(req);
  }

  @RpcHandler(Subjects.ls.getBlockTransactions)
  getBlockTransactions(@Payload() req: GetBlockTransactionsReq) {
    return this.reader.blockTransactions(req);
  }

  @RpcHandler(Subjects.ls.getBlockTransactionsExt)
  getBlockTransactionsExt(@Payload() req: GetBlockTransactionsReq) {
    return this.reader.blockTransactionsExt(req);
  }

  // tryLocateTx and tryLocateResultTx are the same search
  // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
  @RpcHandler(Subjects.ls.tryLocateTx)
  tryLocateTx(@Payload() req: TryLocateTxReq) {
    return this.reader.locateResult(req);
  }

  @RpcHandler(Subjects.ls.tryLocateResultTx)
  tryLocateResultTx(@Payload() req: TryLocateTxReq) {
    return this.reader.locateResult(req);
  }

  @RpcHandler(Subjects.ls.tryLocateSourceTx)
  tryLocateSourceTx(@Payload() req: TryLocateTxReq) {
    return this.reader.locateSource(req);
  }
}
