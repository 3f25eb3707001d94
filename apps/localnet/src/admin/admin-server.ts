import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { LiteServerFault } from '../liteserver/lite-server-fault';
import { type Localnet } from '../localnet';

/**
 * The local network's control surface, for tests and developers (loopback only):
 *   POST /seal                          produce a block now; answers the new masterchain seqno
 *   POST /key-block                     produce a key block now (the same config, re-issued); its seqno
 *   POST /liteservers/<i>/fault         body: {"mode":"none|stall|drop|error|lag|lie|stale|forge-signature|forge-tx-blocks","lagBlocks":N}
 *   GET  /status                        head seqno and the liteservers' endpoints and faults
 * It is a development tool of the localnet, not part of the service's API.
 */
export async function startAdminServer(
  localnet: Localnet,
  port: number,
  host = '127.0.0.1',
): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void handle(localnet, req, res).catch((error: unknown) => {
      json(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

async function handle(
  localnet: Localnet,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (req.method === 'POST' && path === '/seal') {
    const block = await localnet.producer.sealNow();
    json(res, 200, { seqno: block.id.seqno });
    return;
  }
  if (req.method === 'POST' && path === '/key-block') {
    // A key block is what a config change makes: re-installing the current config is the smallest one.
    localnet.chain.setBaseConfig(localnet.chain.blockchain.config);
    const block = await localnet.producer.sealNow();
    json(res, 200, { seqno: block.id.seqno, keyBlock: block.isKeyBlock });
    return;
  }
  const fault = /^\/liteservers\/(\d+)\/fault$/.exec(path);
  if (req.method === 'POST' && fault) {
    const node = localnet.liteservers[Number(fault[1])];
    if (!node) {
      json(res, 404, { error: `no liteserver ${fault[1] ?? ''}` });
      return;
    }
    const parsed = LiteServerFault.safeParse(await readJson(req));
    if (!parsed.success) {
      json(res, 422, { error: `invalid fault: ${parsed.error.issues[0]?.message ?? 'bad body'}` });
      return;
    }
    node.setFault(parsed.data);
    json(res, 200, { ok: true });
    return;
  }
  if (req.method === 'GET' && path === '/status') {
    json(res, 200, {
      seqno: localnet.chain.head().id.seqno,
      liteservers: localnet.liteservers.map((ls) => ({
        host: ls.endpoint.host,
        port: ls.endpoint.port,
        publicKey: ls.publicKey.toString('base64'),
      })),
    });
    return;
  }
  json(res, 404, { error: 'Not Found' });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > 64 * 1024) {
      throw new Error('body too large');
    }
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    // A body that is not JSON: the fault schema then rejects undefined with a 422.
    return undefined;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
