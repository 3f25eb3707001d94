import {
  createInProcessMicroserviceOptions,
  createNatsMicroservice,
  type InProcessBus,
  parsePartHeader,
  REPLY_DISPOSED_HEADER,
  REPLY_ID_HEADER,
  REPLY_PART_HEADER,
} from '@app/nats';
import { createLogger, type LogLevel, NatsMetrics, PINO_LOGGER } from '@app/observability';
import { connect, createInbox } from '@nats-io/transport-node';
import { type DynamicModule, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Logger } from 'pino';
import { type Registry } from 'prom-client';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** A transport the RPC client and the test liteserver talk over. */
export interface Mode {
  name: 'nats' | 'in-process';
  /** A test liteserver service on the mode's transport, not yet listening. */
  createServer: (
    root: DynamicModule,
    prefix: string,
    bus: InProcessBus,
  ) => Promise<INestMicroservice>;
  natsUrl: string | undefined;
}

export const modes: Mode[] = [
  {
    name: 'nats',
    natsUrl: NATS_URL,
    createServer: (root, prefix) =>
      createNatsMicroservice('liteserver', root, {
        natsUrl: NATS_URL,
        subjectPrefix: prefix,
        logger: false,
      }),
  },
  {
    name: 'in-process',
    natsUrl: undefined,
    createServer: (root, prefix, bus) =>
      NestFactory.createMicroservice(root, {
        ...createInProcessMicroserviceOptions('liteserver', { subjectPrefix: prefix, bus }),
        logger: false,
      }),
  },
];

/** A forwarded reply's JSON as text, whether it came as bytes (NATS) or text (in process). */
export function asText(json: string | Uint8Array | undefined): string | undefined {
  return json === undefined || typeof json === 'string' ? json : Buffer.from(json).toString('utf8');
}

/** A deterministic JSON logger whose lines the test reads back, parsed. */
export function capturingLogger(
  app: string,
  level: LogLevel,
): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    app,
    level,
    timestamp: false,
    destination: {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { logger, lines };
}

/** Module token of the client's test observability (its providers are given dynamically). */
@Module({})
class ClientObservability {}

/** The client's own metrics and logger, as ObservabilityModule provides them to an app. */
export function clientObservability(registry: Registry, logger: Logger): DynamicModule {
  return {
    module: ClientObservability,
    global: true,
    providers: [
      { provide: NatsMetrics, useValue: new NatsMetrics(registry) },
      { provide: PINO_LOGGER, useValue: logger },
    ],
    exports: [NatsMetrics, PINO_LOGGER],
  };
}

/** One message of a reply as it crossed NATS: its part headers and its raw bytes. */
export interface WirePart {
  part: string;
  id: string;
  disposed: string;
  bytes: Buffer;
}

/**
 * Sends Nest's request packet (as ClientNats writes it) straight over NATS and collects the reply's
 * messages up to its last part.
 */
export async function requestOnTheWire(
  prefix: string,
  subject: string,
  data: unknown,
  id: string,
): Promise<WirePart[]> {
  const nc = await connect({ servers: NATS_URL });
  try {
    const inbox = createInbox();
    const sub = nc.subscribe(inbox, { timeout: 5000 });
    nc.publish(`${prefix}.${subject}`, JSON.stringify({ pattern: subject, data, id }), {
      reply: inbox,
    });
    const parts: WirePart[] = [];
    for await (const m of sub) {
      const part = m.headers?.get(REPLY_PART_HEADER) ?? '';
      parts.push({
        part,
        id: m.headers?.get(REPLY_ID_HEADER) ?? '',
        disposed: m.headers?.get(REPLY_DISPOSED_HEADER) ?? '',
        bytes: Buffer.from(m.data),
      });
      const at = parsePartHeader(part);
      if (at === undefined || at.index === at.count - 1) {
        break;
      }
    }
    return parts;
  } finally {
    await nc.close();
  }
}
