import { type DynamicModule, Module } from '@nestjs/common';
import { type NatsConnection } from '@nats-io/transport-node';

import { RpcClient } from './client/rpc-client';
import { RpcTransportHealth } from './client/rpc-transport.health';
import { SharedConnectionClient } from './client/shared-connection.client';
import { NATS_CONNECTION } from './connection/nats-connection.module';
import { defaultInProcessBus } from './in-process/in-process-bus';
import { InProcessClient } from './in-process/in-process.client';
import {
  DEFAULT_REPLY_CHECK_CPU_PERCENT,
  DEFAULT_RPC_TIMEOUT_MS,
  NATS_RPC_OPTIONS,
  RPC_CLIENT_PROXY,
} from './nats.constants';
import { type NatsRpcModuleOptions, type ResolvedNatsRpcOptions } from './nats-rpc.options';

/**
 * Global provider of `RpcClient` (typed requests) and `RpcTransportHealth`, over the process's NATS
 * connection when NatsConnectionModule provides one (NATS_CONNECTION) and over the in-process bus
 * otherwise, so callers never know the mode.
 */
@Module({})
export class NatsRpcModule {
  static forRoot(options: NatsRpcModuleOptions = {}): DynamicModule {
    const resolved: ResolvedNatsRpcOptions = {
      defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_RPC_TIMEOUT_MS,
      replyCheckCpuPercent: options.replyCheckCpuPercent ?? DEFAULT_REPLY_CHECK_CPU_PERCENT,
      subjectPrefix: options.subjectPrefix ?? '',
      bus: options.bus ?? defaultInProcessBus,
    };
    return {
      module: NatsRpcModule,
      global: true,
      providers: [
        { provide: NATS_RPC_OPTIONS, useValue: resolved },
        {
          provide: RPC_CLIENT_PROXY,
          inject: [{ token: NATS_CONNECTION, optional: true }],
          useFactory: async (nats: NatsConnection | undefined) => {
            if (nats === undefined) {
              return new InProcessClient(resolved.bus);
            }
            const client = new SharedConnectionClient(nats);
            // Connected now, so that it follows the connection's status from the start: a request
            // made while NATS is away then fails at once instead of waiting for its timeout.
            await client.connect();
            return client;
          },
        },
        RpcClient,
        RpcTransportHealth,
      ],
      exports: [RpcClient, RpcTransportHealth, RPC_CLIENT_PROXY, NATS_RPC_OPTIONS],
    };
  }
}
