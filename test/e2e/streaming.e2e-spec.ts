import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '@app/observability';
import { createTestDatabase, natsUrl, type TestDatabase } from '@app/testing';
import { normalizedExternalHash } from '@app/ton';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Address, beginCell, type Cell, internal, SendMode, toNano } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { createMeshGateway, DEFAULT_STREAMING } from '@app/gateway';
import { GENESIS, GenesisAccount, type Localnet, startLocalnet } from '@app/localnet';
import { createStandaloneApp } from '@app/standalone';
import { genesisDecoded } from './support/genesis-decoded';
import { SHARED_LOOP_PROTECTION } from './support/standalone-options';
import { openSse, openWs, type StreamClient, type StreamMessage } from './support/stream-clients';
import { externalMessage } from '../integration/support/external-message';

/** TEP-74 jetton transfer (`transfer#0f8a7ea5`). */
const JETTON_TRANSFER = 0x0f8a7ea5;

/** Every client of this test connects from 127.0.0.1 without a key: room for all of them. */
const STREAMING = { ...DEFAULT_STREAMING, anonymousConnections: 100, anonymousAddresses: 1000 };

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The notification's fields without our replay id (WebSocket adds `event_id`). */
function payloadOf(m: StreamMessage): Record<string, unknown> {
  const { event_id: _ignored, ...rest } = m.data;
  return rest;
}

function isEvent(type: string, norm: string, finality?: string): (m: StreamMessage) => boolean {
  return (m) =>
    m.data.type === type &&
    m.data.trace_external_hash_norm === norm &&
    (finality === undefined || m.data.finality === finality);
}

/**
 * Streaming API v2 end to end: the whole service in one process on NATS (JetStream log) with
 * the live ingestor and decoder over a manual-mode genesis localnet, plus a second gateway replica on
 * the same NATS. Clients on either replica see the same events: pending from the sender's emulation,
 * then confirmed and finalized from the indexed blocks; replay after a reconnect is exact.
 */
describe('Streaming API v2 over SSE and WebSocket', () => {
  let localnet: Localnet;
  let db: TestDatabase;
  let single: NestFastifyApplication;
  let replica: NestFastifyApplication;
  let urlA: string;
  let urlB: string;
  const run = randomUUID();
  let seqno: number = GENESIS.finalSeqno.v4r2;
  const clients: StreamClient[] = [];

  const seedAccount = (name: string): Localnet['accounts'][number] => {
    const found = localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found;
  };
  const raw = (name: string): string => seedAccount(name).address.toRawString().toUpperCase();

  function wallet(): { contract: WalletContractV4; secretKey: Buffer } {
    const seed = seedAccount(GenesisAccount.walletV4r2);
    assert.ok(seed.publicKey && seed.secretKey, 'v4r2 keys');
    return {
      contract: WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey }),
      secretKey: seed.secretKey,
    };
  }

  /** An external message from the v4r2 wallet carrying one internal message; bumps the seqno. */
  function signed(to: Address, value: bigint, body: Cell | string): Cell {
    const { contract, secretKey } = wallet();
    const transfer = contract.createTransfer({
      seqno,
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to, value, bounce: false, body })],
    });
    seqno += 1;
    return externalMessage(contract.address, transfer);
  }

  async function send(message: Cell): Promise<string> {
    const response = await fetch(`${urlA}/api/v2/sendBoc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boc: message.toBoc().toString('base64') }),
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    return normalizedExternalHash(message).toString('base64');
  }

  /** Seals blocks until the trace's internal messages have run. */
  async function sealRounds(rounds: number): Promise<void> {
    for (let i = 0; i < rounds; i += 1) {
      await localnet.producer.sealNow();
      await sleep(50);
    }
  }

  async function v3<T>(path: string): Promise<T> {
    const response = await fetch(`${urlA}/api/v3/${path}`);
    const text = await response.text();
    assert.equal(response.status, 200, `${path}: ${text}`);
    return JSON.parse(text) as T;
  }

  async function track<T extends StreamClient>(client: Promise<T>): Promise<T> {
    const opened = await client;
    clients.push(opened);
    return opened;
  }

  before(async () => {
    localnet = await startLocalnet({ seed: 'genesis', mode: 'manual', liteservers: 2 });
    db = await createTestDatabase({ prefix: 'streaming_e2e' });
    const subjectPrefix = `test-${run}`;
    single = await createStandaloneApp({
      natsUrl: natsUrl(),
      subjectPrefix,
      natsRequestTimeoutMs: 10_000,
      endpoints: localnet.liteservers.map((ls) => ls.endpoint),
      liteserverTimeoutMs: 3000,
      databaseUrl: db.url,
      ingest: { follow: true, startSeqno: 1, window: 4, readyLag: 30 },
      streaming: STREAMING,
      protection: SHARED_LOOP_PROTECTION,
      logger: createLogger({ app: 'test', level: 'silent' }),
    });
    await single.listen({ port: 0, host: '127.0.0.1' });
    urlA = await single.getUrl();
    replica = await createMeshGateway({
      natsUrl: natsUrl(),
      subjectPrefix,
      requestTimeoutMs: 10_000,
      streaming: STREAMING,
      protection: SHARED_LOOP_PROTECTION,
      logger: createLogger({ app: 'test', level: 'silent' }),
    });
    await replica.listen({ port: 0, host: '127.0.0.1' });
    urlB = await replica.getUrl();
    // The genesis history indexed and decoded: the v4r2 wallet's seed transactions are served.
    await genesisDecoded(urlA, raw(GenesisAccount.walletV4r2), 90_000);
  });

  after(async () => {
    for (const client of clients) {
      client.close();
    }
    await replica.close();
    await single.close();
    await db.drop();
    await localnet.stop();
  });

  it('a transfer sent through v2 streams pending, then confirmed, then finalized, to SSE and WebSocket clients on two replicas', async () => {
    const sender = raw(GenesisAccount.walletV4r2);
    const recipient = raw(GenesisAccount.walletV3r2);
    const subscription = {
      types: ['transactions', 'actions'],
      addresses: [seedAccount(GenesisAccount.walletV4r2).address.toString({ urlSafe: true })],
      min_finality: 'pending',
      include_address_book: true,
    };
    const sse = await track(openSse(urlA, subscription));
    const connected = await sse.waitFor((m) => m.event === 'connected');
    assert.deepEqual(connected.data, { status: 'subscribed' });
    const ws = await track(openWs(urlB));
    ws.send({ operation: 'subscribe', id: 's1', ...subscription, addresses: [sender] });
    assert.deepEqual((await ws.waitFor((m) => m.data.id === 's1')).data, {
      id: 's1',
      status: 'subscribed',
    });

    const norm = await send(
      signed(seedAccount(GenesisAccount.walletV3r2).address, toNano('0.01'), `stream ${run}`),
    );
    const pending = await sse.waitFor(isEvent('transactions', norm, 'pending'));
    await sealRounds(3);
    const finalized = await sse.waitFor(isEvent('transactions', norm, 'finalized'), 60_000);
    const confirmed = await sse.waitFor(isEvent('transactions', norm, 'confirmed'));
    const order = [pending, confirmed, finalized].map((m) => sse.messages.indexOf(m));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      'pending, then confirmed, then finalized',
    );

    // The finalized transactions are the indexed ones, rendered as v3 renders them.
    const transactions = finalized.data.transactions as { hash: string; account: string }[];
    assert.deepEqual(
      transactions.map((t) => t.account),
      [sender],
    );
    const indexed = await v3<{ transactions: unknown[] }>(
      `transactions?hash=${encodeURIComponent(transactions[0]?.hash ?? '')}`,
    );
    assert.deepEqual(transactions, indexed.transactions);
    const book = finalized.data.address_book as Record<string, { user_friendly: string }>;
    assert.equal(
      book[sender]?.user_friendly,
      seedAccount(GenesisAccount.walletV4r2).address.toString({
        urlSafe: true,
        bounceable: false,
      }),
    );

    // Its action: the ton_transfer, at every finality the trace reached.
    const action = await sse.waitFor(isEvent('actions', norm, 'finalized'));
    const actions = action.data.actions as {
      type: string;
      details: Record<string, unknown>;
      accounts: string[];
    }[];
    assert.deepEqual(
      actions.map((a) => [a.type, a.details.source, a.details.destination, a.details.value]),
      [['ton_transfer', sender, recipient, '10000000']],
    );

    // The replica's WebSocket client saw the same notifications of this trace, in the same order.
    await ws.waitFor(isEvent('actions', norm, 'finalized'), 20_000);
    const ofTrace = (c: StreamClient): Record<string, unknown>[] =>
      c
        .notifications()
        .filter((m) => m.data.trace_external_hash_norm === norm)
        .map(payloadOf);
    assert.deepEqual(ofTrace(ws), ofTrace(sse));
  });

  it('a Jetton transfer yields jettons_change for both owners with their new balances', async () => {
    const owners = [raw(GenesisAccount.walletV4r2), raw(GenesisAccount.walletV3r2)];
    interface JettonWallet {
      address: string;
      balance: string;
      owner: string;
      jetton: string;
      last_transaction_lt: string;
      code_hash: string | null;
      data_hash: string | null;
    }
    const walletsOf = async (): Promise<Map<string, JettonWallet>> => {
      const body = await v3<{ jetton_wallets: JettonWallet[] }>(
        `jetton/wallets?${owners.map((o) => `owner_address=${o}`).join('&')}&limit=10`,
      );
      return new Map(body.jetton_wallets.map((w) => [w.owner, w]));
    };
    const before = await walletsOf();
    const sse = await track(
      openSse(urlA, {
        types: ['jettons_change'],
        addresses: owners,
        min_finality: 'finalized',
      }),
    );
    await sse.waitFor((m) => m.event === 'connected');

    const amount = 5_000_000_000n;
    const body = beginCell()
      .storeUint(JETTON_TRANSFER, 32)
      .storeUint(7, 64)
      .storeCoins(amount)
      .storeAddress(seedAccount(GenesisAccount.walletV3r2).address)
      .storeAddress(seedAccount(GenesisAccount.walletV4r2).address)
      .storeBit(false)
      .storeCoins(1n)
      .storeBit(false)
      .endCell();
    await send(signed(seedAccount(GenesisAccount.jettonWalletV4r2).address, toNano('0.2'), body));
    await sealRounds(5);

    const expected = new Map([
      [owners[0], BigInt(before.get(owners[0] ?? '')?.balance ?? '0') - amount],
      [owners[1], BigInt(before.get(owners[1] ?? '')?.balance ?? '0') + amount],
    ]);
    for (const [owner, balance] of expected) {
      await sse.waitFor(
        (m) =>
          m.data.type === 'jettons_change' &&
          (m.data.jetton as JettonWallet).owner === owner &&
          (m.data.jetton as JettonWallet).balance === String(balance),
        60_000,
      );
    }
    const after = await walletsOf();
    for (const owner of owners) {
      const event = sse
        .notifications()
        .filter((m) => (m.data.jetton as JettonWallet).owner === owner)
        .at(-1);
      assert.ok(event);
      const indexed = after.get(owner);
      assert.ok(indexed);
      assert.deepEqual(event.data.jetton, {
        address: indexed.address,
        balance: indexed.balance,
        owner: indexed.owner,
        jetton: indexed.jetton,
        last_transaction_lt: indexed.last_transaction_lt,
        code_hash: indexed.code_hash,
        data_hash: indexed.data_hash,
      });
      assert.equal(event.data.finality, 'finalized');
    }
  });

  it('a client that reconnects with its last event id gets every missed event exactly once, on either replica', async () => {
    const subscription = {
      types: ['transactions'],
      addresses: [raw(GenesisAccount.walletV4r2)],
      min_finality: 'finalized',
    };
    const reference = await track(openSse(urlA, subscription));
    const leaving = await track(openSse(urlA, subscription));
    await Promise.all([reference, leaving].map((c) => c.waitFor((m) => m.event === 'connected')));
    const recipient = seedAccount(GenesisAccount.walletV3r2).address;

    const first = await send(signed(recipient, toNano('0.01'), `replay 1 ${run}`));
    await sealRounds(2);
    const seen = await leaving.waitFor(isEvent('transactions', first, 'finalized'), 60_000);
    assert.ok(seen.id, 'SSE notifications carry an id');
    leaving.close();

    // Traffic while it is away (more than 5 s).
    const startedAway = Date.now();
    const missed: string[] = [];
    for (let i = 2; i <= 3; i += 1) {
      missed.push(await send(signed(recipient, toNano('0.01'), `replay ${String(i)} ${run}`)));
      await sealRounds(2);
      await reference.waitFor(isEvent('transactions', missed.at(-1) ?? '', 'finalized'), 60_000);
    }
    await sleep(Math.max(0, 5000 - (Date.now() - startedAway)));

    const back = await track(openSse(urlB, subscription, { 'last-event-id': seen.id ?? '' }));
    await back.waitFor(isEvent('transactions', missed.at(-1) ?? '', 'finalized'), 20_000);
    // Give a duplicate, if any, the time to show up.
    await sleep(500);
    const lastSeenAt = reference.messages.findIndex((m) => m.id === seen.id);
    assert.ok(lastSeenAt >= 0, 'both clients number events alike');
    const after = reference.messages.slice(lastSeenAt + 1);
    const replayed = back.notifications();
    assert.deepEqual(
      replayed.map((m) => [m.id, m.data]),
      after.filter((m) => typeof m.data.type === 'string').map((m) => [m.id, m.data]),
    );
    assert.equal(new Set(replayed.map((m) => m.id)).size, replayed.length, 'no duplicate');
    for (const norm of missed) {
      assert.ok(replayed.some(isEvent('transactions', norm, 'finalized')), norm);
    }
  });
});
