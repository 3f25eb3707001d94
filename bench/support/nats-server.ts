import { findFreePort } from '@app/database';
import { type Service, startProcess } from './processes';

/**
 * A NATS server of the benchmark's own (`nats-server` from Debian's package, or NATS_SERVER_BIN) on a
 * free port, so that no other process on a shared NATS (tests, other benchmarks) answers the
 * benchmark's requests or consumes its events. JetStream is on when a store directory is given.
 * Undefined when the binary is missing: the caller falls back to NATS_URL.
 */
export async function startPrivateNats(
  jetstreamDir?: string,
): Promise<{ url: string; service: Service } | undefined> {
  const port = await findFreePort();
  try {
    const service = await startProcess(
      'nats-server',
      process.env.NATS_SERVER_BIN ?? 'nats-server',
      [
        '-a',
        '127.0.0.1',
        '-p',
        String(port),
        ...(jetstreamDir === undefined ? [] : ['-js', '-sd', jetstreamDir]),
      ],
      {},
      /Server is ready/,
      20_000,
    );
    return { url: `nats://127.0.0.1:${String(port)}`, service };
  } catch {
    // the binary is missing or the server did not get ready: the caller falls back to NATS_URL
    return undefined;
  }
}
