import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { type FastifyReply } from 'fastify';
import { type V2Reply, errorReply, replyForError } from './v2-envelope';
import { V2_METHODS } from './v2-methods.registry';
import { V2Executor, notAnObject } from './v2.executor';
import { type RawParams } from './v2-params';

export const V2_EXECUTOR = Symbol('V2_EXECUTOR');

const BATCH_REFUSED =
  'failed to parse json-rpc request: batch arrays are not supported, send one object with method and params';

/** A client's text echoed in an error, cut short: a megabyte of it tells nothing more. */
function quoted(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

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
    const startedAt = process.hrtime.bigint();
    if (Array.isArray(body)) {
      // Neither toncenter version serves batches (2.0: 422, 2.1: an unhandled 500); each element
      // has still been counted against the caller's rate limit by the edge.
      send(reply, errorReply(422, BATCH_REFUSED, startedAt));
      return;
    }
    if (!isRecord(body) || typeof body.method !== 'string') {
      send(reply, errorReply(422, 'failed to parse json-rpc request: method expected', startedAt));
      return;
    }
    if (!V2_METHODS.has(body.method)) {
      // 2.1 re-posts to /api/v2/<method> and passes on its bare 404; the method is named here.
      send(reply, errorReply(404, `Not Found: unknown method '${quoted(body.method)}'`, startedAt));
      return;
    }
    const params = body.params ?? {};
    if (!isRecord(params)) {
      send(reply, replyForError(notAnObject(), startedAt));
      return;
    }
    send(
      reply,
      echoJsonRpc(await this.executor.call(body.method, 'POST', params, startedAt), body.id),
    );
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

/**
 * JSON-RPC replies carry `jsonrpc` and the caller's `id` (as sent) after the envelope, as toncenter
 * 2.0 does; the issue asks for them although 2.1 leaves them out. Clients ignore both.
 */
function echoJsonRpc(v2: V2Reply, id: unknown): V2Reply {
  const idValue = typeof id === 'string' || typeof id === 'number' ? { id } : {};
  return { status: v2.status, body: { ...v2.body, jsonrpc: '2.0', ...idValue } };
}

function send(reply: FastifyReply, v2: V2Reply): void {
  // 2.1 sends its version on every response
  // (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
  void reply.status(v2.status).header('X-API-Version', '2.1').send(v2.body);
}
