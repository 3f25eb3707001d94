import { NatsConnectionModule, NatsRpcModule, type NatsRpcModuleOptions } from '@app/nats';
import { type DynamicModule, Module, type Type } from '@nestjs/common';

@Module({})
class RpcClientProcessModule {}

/**
 * A process's RPC client wired as the apps wire it: NatsRpcModule over the process's one NATS
 * connection (NatsConnectionModule) when `natsUrl` is given, over the in-process bus otherwise.
 */
export function rpcClientProcess(
  natsUrl: string | undefined,
  options: NatsRpcModuleOptions = {},
  imports: readonly (Type | DynamicModule)[] = [],
): DynamicModule {
  return {
    module: RpcClientProcessModule,
    imports: [
      NatsConnectionModule.forRoot({ natsUrl, name: 'test-rpc-client' }),
      ...imports,
      NatsRpcModule.forRoot(options),
    ],
  };
}
