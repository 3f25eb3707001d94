/**
 * What the metadata fetcher's integration spec serves and expects: the accounts whose content it
 * fetches, a metadata host on 127.0.0.1 with one path per kind of answer, and the `address_metadata`
 * row it expects for each.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type DataSource } from '@app/database';

const acct = (c: string): string => `0:${c.repeat(64)}`;
export const J_OK = acct('1');
export const J_REDIRECTS = acct('2');
export const J_TOO_MANY = acct('3');
export const J_BIG = acct('4');
export const J_404 = acct('5');
export const J_FLAKY = acct('6');
export const J_TEXT = acct('7');
export const J_FTP = acct('8');
export const J_ONCHAIN = acct('9');
export const C_ARRAY = acct('A');
export const I_SEMI = acct('B');
export const I_SLOW = acct('C');
export const J_LOOPBACK_IP = acct('D');
export const J_LOCALHOST = acct('E');

export const T0 = new Date('2030-01-01T00:00:00.000Z');
export const at = (ms: number): Date => new Date(T0.getTime() + ms);
export const DAY = 86_400_000;
const JETTON_JSON = {
  name: 'Off Jetton',
  symbol: 'OFF',
  description: 'fetched',
  image: 'https://img.example/j.png',
  decimals: 9,
};
export const ITEM_JSON = {
  name: 'Off item',
  description: 'off desc',
  image: 'https://img.example/i.png',
  attributes: [{ trait_type: 'eyes', value: 'green' }],
};

/** A metadata host on 127.0.0.1 that counts requests per path and notes their User-Agent. */
export class MetadataHost {
  readonly hits = new Map<string, number>();
  readonly agents = new Set<string | undefined>();
  private readonly timers: NodeJS.Timeout[] = [];
  private flaky = 0;
  private server: Server | undefined;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.serve(req, res);
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.base = `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}`;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) {
      clearTimeout(t);
    }
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  total(): number {
    return [...this.hits.values()].reduce((a, b) => a + b, 0);
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    this.agents.add(req.headers['user-agent']);
    res.on('error', () => undefined);
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const redirect = (status: number, location: string): void => {
      res.writeHead(status, { location }).end();
    };
    switch (path) {
      case '/jetton.json':
        json(200, JETTON_JSON);
        return;
      case '/item.json':
        json(200, ITEM_JSON);
        return;
      case '/r0':
        redirect(302, '/r1');
        return;
      case '/r1':
        redirect(302, '/r2');
        return;
      case '/r2':
        redirect(301, `${this.base}/r3`);
        return;
      case '/r3':
        redirect(307, 'jetton.json');
        return;
      case '/missing':
        json(404, { error: 'not found' });
        return;
      case '/flaky':
        this.flaky += 1;
        if (this.flaky === 1) {
          json(500, { error: 'busy' });
        } else {
          json(200, { name: 'Flaky' });
        }
        return;
      case '/text':
        res.writeHead(200, { 'content-type': 'text/plain' }).end('not json at all');
        return;
      case '/array':
        json(200, [1, 2]);
        return;
      case '/slow':
        this.timers.push(
          setTimeout(() => {
            json(200, {});
          }, 20_000),
        );
        return;
      case '/big': {
        // 11 MiB, chunked (no Content-Length): the cap has to be enforced while streaming.
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const pump = (): void => {
          while (sent < 11) {
            sent += 1;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        pump();
        return;
      }
      default:
        json(404, {});
        return;
    }
  }
}

export interface MetadataRow {
  address: string;
  type: string;
  valid: boolean | null;
  name: string | null;
  description: string | null;
  symbol: string | null;
  image: string | null;
  extra: unknown;
  updated_at: Date;
  expires_at: Date | null;
  reindex_allowed: boolean;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
}

/** The keys of an entry's first token info, in their order. */
export function infoKeys(entry: unknown): string[] {
  const { token_info: infos } = entry as { token_info: object[] };
  return Object.keys(infos[0] ?? {});
}

/** A row as the test expects it: the columns not given are those of a failure without data. */
export function row(r: Partial<MetadataRow> & Pick<MetadataRow, 'address' | 'type'>): MetadataRow {
  return {
    valid: null,
    name: null,
    description: null,
    symbol: null,
    image: null,
    extra: null,
    updated_at: T0,
    expires_at: null,
    reindex_allowed: true,
    attempts: 0,
    next_attempt_at: null,
    last_error: null,
    ...r,
  };
}

/** A jetton master whose content is `content`. */
export async function insertJetton(
  ds: DataSource,
  address: string,
  content: unknown,
): Promise<void> {
  await ds.query(
    `INSERT INTO jetton_masters (address, total_supply, mintable, jetton_content, last_transaction_lt)
     VALUES ($1, 1, true, $2, 1)`,
    [address, JSON.stringify(content)],
  );
}

/** The jettons, collection and items of the accounts above, their content served by `base`. */
export async function seedContents(ds: DataSource, base: string): Promise<void> {
  const u = (path: string): { uri: string } => ({ uri: `${base}${path}` });
  await insertJetton(ds, J_OK, u('/jetton.json'));
  await insertJetton(ds, J_REDIRECTS, u('/r1'));
  await insertJetton(ds, J_TOO_MANY, u('/r0'));
  await insertJetton(ds, J_BIG, u('/big'));
  await insertJetton(ds, J_404, u('/missing'));
  await insertJetton(ds, J_FLAKY, u('/flaky'));
  await insertJetton(ds, J_TEXT, u('/text'));
  await insertJetton(ds, J_FTP, { uri: 'ftp://127.0.0.1/meta.json' });
  await insertJetton(ds, J_ONCHAIN, { name: 'Plain', symbol: 'PLN' });
  await ds.query(
    `INSERT INTO nft_collections (address, next_item_index, collection_content, last_transaction_lt)
     VALUES ($1, 2, $2, 1)`,
    [C_ARRAY, JSON.stringify(u('/array'))],
  );
  await ds.query(
    `INSERT INTO nft_items (address, init, index, collection_address, content, last_transaction_lt)
     VALUES ($1, true, 7, $3, $2, 1), ($4, true, 8, $3, $5, 1)`,
    [
      I_SEMI,
      JSON.stringify({ ...u('/item.json'), name: 'On-chain name' }),
      C_ARRAY,
      I_SLOW,
      JSON.stringify(u('/slow')),
    ],
  );
}
