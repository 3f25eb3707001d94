import { renderMetrics } from '@app/observability';
import { Controller, Get, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { Registry } from 'prom-client';

/** Prometheus exposition of the process's registry. */
@Controller()
export class MetricsController {
  constructor(private readonly registry: Registry) {}

  @Get('metrics')
  async metrics(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await renderMetrics(this.registry);
    void reply.header('content-type', contentType).send(body);
  }
}
