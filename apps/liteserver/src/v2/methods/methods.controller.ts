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
import { PINO_LOGGER } from '@app/observability';
import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { LiteserverPoolService } from '@app/liteclient';
import { type Logger } from 'pino';
import { Registry } from 'prom-client';
import { EmulatorBehindNotice } from '@app/observability';
import { ConfigReader } from './config.reader';
import { GetMethodRunner } from './get-method.runner';

/** `ton.ls.v1.*` handlers of the v2 get-method, config and library endpoints. */
@Controller()
export class MethodsController {
  private readonly runner: GetMethodRunner;
  private readonly config: ConfigReader;

  constructor(
    pool: LiteserverPoolService,
    @Inject(PINO_LOGGER) logger: Logger,
    registry: Registry,
  ) {
    const behind = new EmulatorBehindNotice(registry, logger, 'get_method');
    this.runner = new GetMethodRunner(
      pool,
      (error) => {
        logger.warn(
          { err: error },
          'get-method emulator failed: instance discarded, a fresh one follows',
        );
      },
      (version) => {
        behind.seen(version);
      },
    );
    this.config = new ConfigReader(pool);
  }

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
