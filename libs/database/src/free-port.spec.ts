import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, describe, it } from 'node:test';
import { FREE_PORT_RANGE, findFreePort } from './free-port';

void describe('findFreePort', () => {
  const held: Server[] = [];
  after(async () => {
    await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
  });

  void it('never hands out the same port twice in one process, even once it is free again', async () => {
    const ports = await Promise.all(Array.from({ length: 200 }, () => findFreePort()));
    assert.equal(new Set(ports).size, ports.length);
  });

  void it('stays below the ephemeral ranges outgoing connections use', async () => {
    const port = await findFreePort();
    assert.ok(port >= FREE_PORT_RANGE.from && port <= FREE_PORT_RANGE.to, String(port));
  });

  void it('hands out a port a server can then listen on at the wildcard address', async () => {
    const port = await findFreePort();
    const server = createServer();
    held.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '0.0.0.0', resolve);
    });
    assert.equal((server.address() as { port: number }).port, port);
  });
});
