import { RpcClient } from '@app/nats';
import { Module } from '@nestjs/common';
import { KeyChangesConnection } from './edge/auth/key-changes.connection';
import { deadlineOptions } from './edge/protection/request-deadline';
import { SheddingState } from './edge/protection/shedding-state';
import { HealthController } from './ops/health.controller';
import { MetricsController } from './ops/metrics.controller';
import { V2_EXECUTOR, V2Controller } from './v2/v2.controller';
import { V2Executor } from './v2/v2.executor';
import { ForwardedReply, type V3Backend } from './v3/v3-endpoint';
import { V3_BACKEND, V3Controller } from './v3/v3.controller';

/**
 * The HTTP surface: /api/v2, /api/v3, /healthz, /readyz, /metrics. Needs the global ObservabilityModule and
 * NatsRpcModule (RpcClient), which the app's root (mesh) or the standalone launcher provides, and
 * the process's NATS connection (NatsConnectionModule) when it has one.
 */
@Module({
  controllers: [V2Controller, V3Controller, HealthController, MetricsController],
  providers: [
    KeyChangesConnection,
    SheddingState,
    {
      provide: V2_EXECUTOR,
      inject: [RpcClient],
      // Each NATS request gets what is left of the HTTP request's deadline (edge/protection).
      useFactory: (rpc: RpcClient) =>
        new V2Executor({ request: (s, p) => rpc.request(s, p, deadlineOptions()) }),
    },
    {
      provide: V3_BACKEND,
      inject: [RpcClient],
      useFactory: (rpc: RpcClient): V3Backend => ({
        request: (s, p) => rpc.request(s, p, deadlineOptions()),
        forward: async (s, p) => {
          const { value, json } = await rpc.forward(s, p, deadlineOptions());
          return new ForwardedReply(value, json);
        },
      }),
    },
  ],
})
export class GatewayModule {}
