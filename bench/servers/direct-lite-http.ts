import { createServer } from 'node:http';
import { Address } from '@ton/core';
import { DIRECT_READS, directClient, isDirectReadName } from '../support/v2-direct-reads';

/**
 * The floor of the uncached-read comparison: node:http in front of the direct ton-lite-client (caches
 * off). `/api/v2/<read>` makes that read's liteserver calls (bench/support/v2-direct-reads.ts) and
 * answers `{"ok":true}`; nothing is validated, rendered or verified. The service's HTTP path is
 * measured against it with the same client, so both pay the HTTP round trip.
 * Env: LITESERVER_HOST, LITESERVER_PORT, LITESERVER_KEY (base64), WALLET (raw address), PORT.
 */
const OK = Buffer.from('{"ok":true}');
const FAILED = Buffer.from('{"ok":false}');

async function main(): Promise<void> {
  const wallet = Address.parseRaw(process.env.WALLET ?? '');
  const { client } = await directClient({
    host: process.env.LITESERVER_HOST ?? '127.0.0.1',
    port: Number(process.env.LITESERVER_PORT ?? '0'),
    publicKey: Buffer.from(process.env.LITESERVER_KEY ?? '', 'base64'),
  });
  const server = createServer((request, response) => {
    // A POST's body (runGetMethod) is read and dropped: the read's parameters are fixed.
    request.resume();
    const name = (request.url ?? '').split('?')[0]?.slice('/api/v2/'.length) ?? '';
    const reply = (status: number, body: Buffer): void => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'content-length': String(body.length),
      });
      response.end(body);
    };
    if (!isDirectReadName(name)) {
      reply(404, FAILED);
      return;
    }
    DIRECT_READS[name](client, wallet).then(
      (ok) => {
        reply(ok ? 200 : 500, ok ? OK : FAILED);
      },
      () => {
        reply(502, FAILED);
      },
    );
  });
  server.listen(Number(process.env.PORT ?? '0'), '127.0.0.1', () => {
    process.stdout.write(`listening ${JSON.stringify(server.address())}\n`);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
