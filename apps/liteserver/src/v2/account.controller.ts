import {
  type GetAddressInformationReq,
  type GetAddressInformationRes,
  type GetMasterchainInfoRes,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AccountReader } from './account.service';

/** `ton.ls.v1.*` handlers for the chain head and account states. */
@Controller()
export class AccountController {
  constructor(private readonly reader: AccountReader) {}

  @RpcHandler(Subjects.ls.getMasterchainInfo)
  getMasterchainInfo(): Promise<GetMasterchainInfoRes> {
    return this.reader.masterchainInfo();
  }

  @RpcHandler(Subjects.ls.getAddressInformation)
  getAddressInformation(
    @Payload() req: GetAddressInformationReq,
  ): Promise<GetAddressInformationRes> {
    return this.reader.addressInformation(req);
  }
}
