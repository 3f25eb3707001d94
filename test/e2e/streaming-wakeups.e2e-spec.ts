import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PIPELINE_SIGNALS, type PipelineSignals } from '@app/nats';
import { createLogger } from '@app/observability';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { normalizedExternalHash } from '@app/ton';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { internal, SendMode, toNano } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { DEFAULT_STREAMING } from '@app/gateway';
import { GENESIS, GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { genesisDecoded } from './support/genesis-decoded';
import { openSse, type StreamClient, type StreamMessage } from './support/stream-clients';
import { externalMessage } from '../integration/support/external-message';
import { SHARED_LOOP_PROTECTION } from './support/standalone-options';

/** Longer than any wait below: a block that reaches a client got there by wake-ups, not by a poll. */
const NO_SAFETY_NET_MS = 3_600_000;

/**
 * The single process without NATS (in-memory stream log, in-process bus): the ingestor's commit wakes
 * the decoder, whose commit wakes the stream publisher (PipelineSignals), whose append reaches the
 * gateway's clients. The decoder's and the publisher's safety-net polls are set beyond the test's
 * waits, so every notification here was carried by the wake-up chain alone.
 */
describe('Streaming API v2: the wake-up chain of the single process without NATS', () => {
  let localnet: Localnet;
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let url: string;
  let client: StreamClient | undefined;
  const indexed: number[] = [];
  const decoded: number[] = [];
  const published: number[] = [];
  let seqno: number = GENESIS.finalSeqno.v4r2;

  const seedAccount = (name: string): Localnet['accounts'][number] => {
    const found = localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found;
  };

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', liteservers: 1 });
    db = await createTestDatabase({ prefix: 'stream_wakeups' });
    app = await createStandaloneApp({
      natsRequestTimeoutMs: 10_000,
      endpoints: localnet.liteservers.map((ls) => ls.endpoint),
      liteserverTimeoutMs: 3000,
      databaseUrl: db.url,
      ingest: { follow: true, startSeqno: 1, window: 4, readyLag: 30 },
      pipelinePollMs: NO_SAFETY_NET_MS,
      streaming: { ...DEFAULT_STREAMING, anonymousConnections: 10, anonymousAddresses: 100 },
      protection: SHARED_LOOP_PROTECTION,
      logger: createLogger({ app: 'test', level: 'silent' }),
    });
    const signals = app.get<PipelineSignals>(PIPELINE_SIGNALS);
    signals.on('blockIndexed', (s) => indexed.push(s));
    signals.on('txsDecoded', (s) => decoded.push(s));
    signals.on('streamPublished', (s) => published.push(s));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = await app.getUrl();
    // The genesis history indexed and decoded, woken block by block.
    const v4 = seedAccount(GenesisAccount.walletV4r2).address.toRawString().toUpperCase();
    await genesisDecoded(url, v4, 120_000);
  });

  after(async () => {
    client?.close();
    await app.close();
    await db.drop();
    await localnet.stop();
  });

  it('a transfer reaches an SSE client confirmed, then finalized, carried by the in-process wake-ups', async () => {
    const seed = seedAccount(GenesisAccount.walletV4r2);
    assert.ok(seed.publicKey && seed.secretKey, 'v4r2 keys');
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey });
    const account = wallet.address.toRawString().toUpperCase();
    client = await openSse(url, {
      types: ['transactions'],
      addresses: [wallet.address.toString({ urlSafe: true })],
      min_finality: 'confirmed',
    });
    await client.waitFor((m) => m.event === 'connected');
    const transfer = wallet.createTransfer({
      seqno,
      secretKey: seed.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [
        internal({
          to: seedAccount(GenesisAccount.walletV3r2).address,
          value: toNano('0.01'),
          bounce: false,
          body: 'woken',
        }),
      ],
    });
    seqno += 1;
    const message = externalMessage(wallet.address, transfer);
    const norm = normalizedExternalHash(message).toString('base64');
    await localnet.chain.sendMessage(message);
    const sealed = await localnet.producer.sealNow();

    const ofTrace =
      (finality: string) =>
      (m: StreamMessage): boolean =>
        m.data.type === 'transactions' &&
        m.data.trace_external_hash_norm === norm &&
        m.data.finality === finality;
    const confirmed = await client.waitFor(ofTrace('confirmed'), 60_000);
    const finalized = await client.waitFor(ofTrace('finalized'), 60_000);
    const txs = (n: StreamMessage): { account: string; mc_block_seqno: number }[] =>
      n.data.transactions as { account: string; mc_block_seqno: number }[];
    // The wallet's external-in transaction, in the masterchain block just sealed, at both stages.
    for (const n of [confirmed, finalized]) {
      assert.deepEqual(
        txs(n).map((t) => [t.account, t.mc_block_seqno]),
        [[account, sealed.id.seqno]],
      );
    }
    assert.ok(
      client.messages.indexOf(confirmed) < client.messages.indexOf(finalized),
      'confirmed before finalized',
    );
    // Each stage announced that block to the next one in the process.
    assert.ok(indexed.includes(sealed.id.seqno), `blockIndexed ${String(sealed.id.seqno)}`);
    assert.ok(decoded.includes(sealed.id.seqno), `txsDecoded ${String(sealed.id.seqno)}`);
    assert.ok(published.includes(sealed.id.seqno), `streamPublished ${String(sealed.id.seqno)}`);
  });
});
