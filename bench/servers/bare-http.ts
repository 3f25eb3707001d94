import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The floor of the cached-read comparison: node:http answering every request with the bytes of a
 * file (BODY_FILE, a response the service sent), nothing parsed, routed or looked up.
 */
const body = readFileSync(process.env.BODY_FILE ?? '');
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? '0'), '127.0.0.1', () => {
  process.stdout.write(`listening ${JSON.stringify(server.address())}\n`);
});
