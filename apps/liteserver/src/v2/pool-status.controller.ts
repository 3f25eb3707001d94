import { type PoolStatusRes, Subjects } from '@app/contracts';
import { RpcHandler } from '@app/nats';
import { Controller } from '@nestjs/common';
import { LiteserverPoolService } from '@app/liteclient';

/** `ton.ls.v1.poolStatus`: what the gateway's readiness probe asks the liteserver service. */
@Controller()
export class PoolStatusController {
  constructor(private readonly pool: LiteserverPoolService) {}

  @RpcHandler(Subjects.ls.poolStatus)
  poolStatus(): PoolStatusRes {
    const health = this.pool.health();
    const live = health.filter((h) => h.alive);
    const best = Math.max(0, ...live.map((h) => h.lastSeqno));
    const proven = this.pool.verifiedHead();
    return {
      healthy: live.length,
      total: health.length,
      ...(best > 0 ? { masterchainSeqno: best } : {}),
      ...(this.pool.provesAnswers()
        ? { proving: true, ...(proven ? { provenSeqno: proven.seqno } : {}) }
        : {}),
    };
  }
}
