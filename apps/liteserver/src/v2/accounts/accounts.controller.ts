import {
  type DnsResolved,
  type DnsResolveReq,
  type GetExtendedAddressInformationReq,
  type GetExtendedAddressInformationRes,
  type GetTokenDataReq,
  type GetShardAccountCellReq,
  type GetShardAccountCellRes,
  type GetTokenDataRes,
  type GetWalletInformationReq,
  type GetWalletInformationRes,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AccountCellsReader } from './account-cells.reader';
import { AccountsReader } from './accounts.service';

/** `ton.ls.v1.*` handlers of the v2 accounts endpoints. */
@Controller()
export class AccountsController {
  constructor(
    private readonly reader: AccountsReader,
    private readonly cells: AccountCellsReader,
  ) {}

  @RpcHandler(Subjects.ls.getShardAccountCell)
  getShardAccountCell(@Payload() req: GetShardAccountCellReq): Promise<GetShardAccountCellRes> {
    return this.cells.shardAccountCell(req);
  }

  @RpcHandler(Subjects.ls.dnsResolve)
  dnsResolve(@Payload() req: DnsResolveReq): Promise<DnsResolved> {
    return this.cells.dnsResolve(req);
  }

  @RpcHandler(Subjects.ls.getWalletInformation)
  getWalletInformation(@Payload() req: GetWalletInformationReq): Promise<GetWalletInformationRes> {
    return this.reader.walletInformation(req);
  }

  @RpcHandler(Subjects.ls.getExtendedAddressInformation)
  getExtendedAddressInformation(
    @Payload() req: GetExtendedAddressInformationReq,
  ): Promise<GetExtendedAddressInformationRes> {
    return this.reader.extendedAddressInformation(req);
  }

  @RpcHandler(Subjects.ls.getTokenData)
  getTokenData(@Payload() req: GetTokenDataReq): Promise<GetTokenDataRes> {
    return this.reader.tokenData(req);
  }
}
