import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The floor of the cached-read comparison: node:http answering every request with the bytes of a
 * file (BODY_FILE, a response the service sent), nothing parsed, routed or looked up. With
 * HEADERS_FILE (a JSON array of [name, value] pairs, the headers of that response but the ones
 * node:http writes itself) it sends those headers too, so the whole response is the same bytes; else
 * only a content type.
 */
const body = readFileSync(process.env.BODY_FILE ?? '');
const headersFile = process.env.HEADERS_FILE;
const headers: string[] =
  headersFile === undefined || headersFile === ''
    ? ['content-type', 'application/json; charset=utf-8']
    : (JSON.parse(readFileSync(headersFile, 'utf8')) as [string, string][]).flat();
const head = [...headers, 'content-length', String(body.length)];
const server = createServer((_request, response) => {
  response.writeHead(200, head);
  response.end(body);
});
server.listen(Number(process.env.PORT ?? '0'), '127.0.0.1', () => {
  process.stdout.write(`listening ${JSON.stringify(server.address())}\n`);
});
