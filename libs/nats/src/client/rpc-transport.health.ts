import { performance } from 'node:perf_hooks';

import { type NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { ClientNats, ClientProxy } from '@nestjs/microservices';

import { RPC_CLIENT_PROXY } from '../nats.constants';

/**
 * The transport's liveness for readiness probes: on NATS a real round trip to the server
 * (PING/PONG, `nc.rtt()`), connecting first if needed; in-process always reachable.
 * Use with `TonHealthIndicators.nats('nats', () => transportHealth.roundTripMs())`.
 */
@Injectable()
export class RpcTransportHealth {
  constructor(@Inject(RPC_CLIENT_PROXY) private readonly proxy: ClientProxy) {}

  get mode(): 'nats' | 'in-process' {
    return this.proxy instanceof ClientNats ? 'nats' : 'in-process';
  }

  async roundTripMs(): Promise<number> {
    if (!(this.proxy instanceof ClientNats)) {
      return 0;
    }
    const started = performance.now();
    await this.proxy.connect();
    const nc = this.proxy.unwrap<NatsConnection>();
    await nc.rtt();
    return Math.round((performance.now() - started) * 1000) / 1000;
  }
}
