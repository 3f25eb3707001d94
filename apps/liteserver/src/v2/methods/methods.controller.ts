import {
  type ConfigInfo,
  type GetConfigAllReq,
  type GetConfigParamReq,
  type GetLibrariesReq,
  type RunGetMethodReq,
  type RunGetMethodRes,
  type RunGetMethodStdRes,
  type SmcLibraryResult,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ConfigReader } from './config.reader';
import { GetMethodRunner } from './get-method.runner';

/** `ton.ls.v1.*` handlers of the v2 get-method, config and library endpoints. */
@Controller()
export class MethodsController {
  constructor(
    private readonly runner: GetMethodRunner,
    private readonly config: ConfigReader,
  ) {}

  @RpcHandler(Subjects.ls.runGetMethod)
  runGetMethod(@Payload() req: RunGetMethodReq): Promise<RunGetMethodRes> {
    return this.runner.runLegacy(req);
  }

  @RpcHandler(Subjects.ls.runGetMethodStd)
  runGetMethodStd(@Payload() req: RunGetMethodReq): Promise<RunGetMethodStdRes> {
    return this.runner.runStd(req);
  }

  @RpcHandler(Subjects.ls.getConfigParam)
  getConfigParam(@Payload() req: GetConfigParamReq): Promise<ConfigInfo> {
    return this.config.configParam(req);
  }

  @RpcHandler(Subjects.ls.getConfigAll)
  getConfigAll(@Payload() req: GetConfigAllReq): Promise<ConfigInfo> {
    return this.config.configAll(req);
  }

  @RpcHandler(Subjects.ls.getLibraries)
  getLibraries(@Payload() req: GetLibrariesReq): Promise<SmcLibraryResult> {
    return this.config.libraries(req);
  }
}
