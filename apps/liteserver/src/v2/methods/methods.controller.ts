import {
  type GetConfigAllReq,
  type GetConfigParamReq,
  type GetLibrariesReq,
  type RunGetMethodReq,
  Subjects,
} from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ConfigReader } from './config.reader';
import { GetMethodRunner } from './get-method.runner';

/**
 * `ton.ls.v1.*` handlers of the v2 get-method, config and library endpoints.
 *
 * Each handler forwards to a reader whose signature names the reply type; RpcContextInterceptor
 * checks the reply against the subject's contract.
 */
@Controller()
export class MethodsController {
  constructor(
    private readonly runner: GetMethodRunner,
    private readonly config: ConfigReader,
  ) {}

  @RpcHandler(Subjects.ls.runGetMethod)
  runGetMethod(@Payload() req: RunGetMethodReq) {
    return this.runner.runLegacy(req);
  }

  @RpcHandler(Subjects.ls.runGetMethodStd)
  runGetMethodStd(@Payload() req: RunGetMethodReq) {
    return this.runner.runStd(req);
  }

  @RpcHandler(Subjects.ls.getConfigParam)
  getConfigParam(@Payload() req: GetConfigParamReq) {
    return this.config.configParam(req);
  }

  @RpcHandler(Subjects.ls.getConfigAll)
  getConfigAll(@Payload() req: GetConfigAllReq) {
    return this.config.configAll(req);
  }

  @RpcHandler(Subjects.ls.getLibraries)
  getLibraries(@Payload() req: GetLibrariesReq) {
    return this.config.libraries(req);
  }
}
