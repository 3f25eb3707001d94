import { type DynamicModule, Module } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';

import { TonNatsReplyDeserializer } from './client/reply-deserializer';
import { RpcClient } from './client/rpc-client';
import { RpcTransportHealth } from './client/rpc-transport.health';
import { defaultInProcessBus } from './in-process/in-process-bus';
import { InProcessClient } from './in-process/in-process.client';
import {
  DEFAULT_REPLY_CHECK_CPU_PERCENT,
  DEFAULT_RPC_TIMEOUT_MS,
  NATS_RPC_OPTIONS,
  RPC_CLIENT_PROXY,
} from './nats.constants';
import { natsServers } from './nats-servers';
import { type NatsRpcModuleOptions, type ResolvedNatsRpcOptions } from './nats-rpc.options';

/**
 * Global provider of `RpcClient` (typed requests) and `RpcTransportHealth`, over NATS when
 * `natsUrl` is set and over the in-process bus otherwise, so callers never know the mode.
 */
@Module({})
export class NatsRpcModule {
  static forRoot(options: NatsRpcModuleOptions = {}): DynamicModule {
    const resolved: ResolvedNatsRpcOptions = {
      natsUrl: options.natsUrl === '' ? undefined : options.natsUrl,
      defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
      replyCheckCpuPercent: options.replyCheckCpuPercent ?? DEFAULT_REPLY_CHECK_CPU_PERCENT,
      subjectPrefix: options.subjectPrefix ?? '',
      bus: options.bus ?? defaultInProcessBus,
      name: options.name ?? 'tonapi-client',
    };
    return {
      module: NatsRpcModule,
      global: true,
      providers: [
        { provide: NATS_RPC_OPTIONS, useValue: resolved },
        {
          provide: RPC_CLIENT_PROXY,
          useFactory: () =>
            resolved.natsUrl === undefined
              ? new InProcessClient(resolved.bus)
              : new ClientNats({
                  servers: natsServers(resolved.natsUrl),
                  name: resolved.name,
                  // nats.js gives up after 10 attempts (~20 s); a longer NATS outage must not leave
                  // the caller disconnected for good.
                  maxReconnectAttempts: -1,
                  // Successful replies arrive as raw JSON parts (chunking/reply-chunks.ts).
                  deserializer: new TonNatsReplyDeserializer(),
                }),
        },
        RpcClient,
        RpcTransportHealth,
      ],
      exports: [RpcClient, RpcTransportHealth, RPC_CLIENT_PROXY, NATS_RPC_OPTIONS],
    };
  }
}
