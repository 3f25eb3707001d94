import { createServer } from 'node:net';

/**
 * Ports handed out below the usual ephemeral ranges (Linux 32768–60999, macOS and Windows
 * 49152–65535, https://www.kernel.org/doc/Documentation/networking/ip-sysctl.txt
 * `ip_local_port_range`): the kernel never gives one of these to an outgoing connection, so a port
 * that was free when probed cannot be taken by some client's socket before its server binds it.
 */
export const FREE_PORT_RANGE = { from: 20_000, to: 32_767 } as const;

/** Every port this process has handed out or is probing: two callers never get the same one. */
const handedOut = new Set<number>();

/**
 * A port nobody listens on (probed on the wildcard address, as the services listen) and that this
 * process has not handed out before, picked at random in {@link FREE_PORT_RANGE} so concurrent test
 * processes rarely probe the same one.
 */
export async function findFreePort(): Promise<number> {
  const span = FREE_PORT_RANGE.to - FREE_PORT_RANGE.from + 1;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = FREE_PORT_RANGE.from + Math.floor(Math.random() * span);
    if (handedOut.has(port)) {
      continue;
    }
    // Claimed before the probe: concurrent callers that draw the same port skip it rather than
    // probe it one after the other and both find it free.
    handedOut.add(port);
    if (await canListen(port)) {
      return port;
    }
    handedOut.delete(port);
  }
  throw new Error(
    `no free port found in ${String(FREE_PORT_RANGE.from)}-${String(FREE_PORT_RANGE.to)}`,
  );
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => {
      resolveFree(false);
    });
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => {
      probe.close(() => {
        resolveFree(true);
      });
    });
  });
}
