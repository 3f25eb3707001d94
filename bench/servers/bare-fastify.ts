import Fastify from 'fastify';

/**
 * The floor of the HTTP comparison: Fastify answering a constant shaped like getMasterchainInfo,
 * with nothing behind it.
 */
const body = {
  ok: true,
  result: {
    '@type': 'blocks.masterchainInfo',
    last: { '@type': 'ton.blockIdExt', workchain: -1, shard: '-9223372036854775808', seqno: 1 },
  },
};

async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/api/v2/getMasterchainInfo', () => body);
  const port = Number(process.env.PORT ?? '0');
  const address = await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write(`listening ${address}\n`);
}

void main();
