import {
  type DnsResolveReq,
  type GetExtendedAddressInformationReq,
  type GetTokenDataReq,
  type GetShardAccountCellReq,
  type GetWalletInformationReq,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AccountCellsReader } from './account-cells.reader';
import { AccountsReader } from './accounts.service';

/**
 * `ton.ls.v1.*` handlers of the v2 accounts endpoints.
 *
 * Each handler forwards to a reader whose signature names the reply type; RpcContextInterceptor
 * checks the reply against the subject's contract.
 */
@Controller()
export class AccountsController {
  constructor(
    private readonly reader: AccountsReader,
    private readonly cells: AccountCellsReader,
  ) {}

  @RpcHandler(Subjects.ls.getShardAccountCell)
  getShardAccountCell(@Payload() req: GetShardAccountCellReq) {
    return this.cells.shardAccountCell(req);
  }

  @RpcHandler(Subjects.ls.dnsResolve)
  dnsResolve(@Payload() req: DnsResolveReq) {
    return this.cells.dnsResolve(req);
  }

  @RpcHandler(Subjects.ls.getWalletInformation)
  getWalletInformation(@Payload() req: GetWalletInformationReq) {
    return this.reader.walletInformation(req);
  }

  @RpcHandler(Subjects.ls.getExtendedAddressInformation)
  getExtendedAddressInformation(@Payload() req: GetExtendedAddressInformationReq) {
    return this.reader.extendedAddressInformation(req);
  }

  @RpcHandler(Subjects.ls.getTokenData)
  getTokenData(@Payload() req: GetTokenDataReq) {
    return this.reader.tokenData(req);
  }
}
