import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import {
  JSON_CONTENT_TYPE,
  type V2Reply,
  V2_API_VERSION,
  errorReply,
  replyJson,
} from './v2-envelope';
import { answerJsonRpc, type JsonRpcAnswer } from './v2-json-rpc';
import { V2Executor } from './v2.executor';
import { type RawParams } from './v2-params';

export const V2_EXECUTOR = Symbol('V2_EXECUTOR');

function isRecord(value: unknown): value is RawParams {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * /api/v2: every method over GET (query string) and POST (JSON body), and /api/v2/jsonRPC. The status
 * of every reply equals the envelope's `code`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
@Controller('api/v2')
export class V2Controller {
  constructor(@Inject(V2_EXECUTOR) private readonly executor: V2Executor) {}

  @Post('jsonRPC')
  async jsonRpc(@Body() body: unknown, @Res() reply: FastifyReply): Promise<void> {
    send(reply, await answerJsonRpc(this.executor, body, process.hrtime.bigint()));
  }

  @Get('jsonRPC')
  jsonRpcGet(@Res() reply: FastifyReply): void {
    send(reply, errorReply(405, 'method GET is not supported', process.hrtime.bigint()));
  }

  @Get(':method')
  async get(
    @Param('method') method: string,
    @Query() query: Record<string, unknown>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    send(reply, await this.executor.call(method, 'GET', query, process.hrtime.bigint()));
  }

  @Post(':method')
  async post(
    @Param('method') method: string,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const startedAt = process.hrtime.bigint();
    const params = body ?? {};
    if (!isRecord(params)) {
      send(
        reply,
        errorReply(422, 'failed to parse post request: the body must be a JSON object', startedAt),
      );
      return;
    }
    send(reply, await this.executor.call(method, 'POST', params, startedAt));
  }
}

function send(reply: FastifyReply, v2: V2Reply | JsonRpcAnswer): void {
  void reply.status(v2.status).header('X-API-Version', V2_API_VERSION);
  if ('resultJson' in v2 && v2.resultJson !== undefined) {
    // The text Fastify's JSON.stringify would send, with the kept result spliced in as it is.
    void reply.header('content-type', JSON_CONTENT_TYPE).send(replyJson(v2));
    return;
  }
  void reply.send(v2.body);
}
