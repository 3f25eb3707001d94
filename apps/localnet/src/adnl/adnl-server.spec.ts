import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { once } from 'node:events';
import { ADNLClientTCP } from 'adnl';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import { Codecs, Functions } from 'ton-lite-client/dist/schema';
import { TLReadBuffer, TLWriteBuffer } from 'ton-tl';
import { AdnlServer } from './adnl-server';
import { adnlKeyPairFromSeed } from '@app/liteclient';
import { ADNL_MESSAGE_ANSWER, TCP_PONG, tlBytes } from './adnl-tl';

const SEED = createHash('sha256').update('adnl-server.spec').digest();
const FIXED_NOW = 1_700_000_123;

/** An ADNLClientTCP that can also put raw or mis-framed bytes on its socket. */
class RawAdnlClient extends ADNLClientTCP {
  writeRaw(data: Buffer): void {
    const socket: unknown = this.socket;
    assert.ok(socket instanceof Socket);
    socket.write(data);
  }
  /** Encrypts `data` into the client's stream without ADNL framing. */
  writeEncrypted(data: Buffer): void {
    this.writeRaw(this.encrypt(data));
  }
}

/** Writes its handshake and a first frame in one socket write. */
class EagerAdnlClient extends RawAdnlClient {
  constructor(
    url: string,
    publicKey: Buffer,
    private readonly firstFrame: Buffer,
  ) {
    super(url, publicKey);
  }
  protected override onHandshake(): void {
    this.writeRaw(Buffer.concat([this.handshake, this.encrypt(this.firstFrame)]));
  }
}

function pingPayload(randomId: Buffer): Buffer {
  const b = Buffer.alloc(12);
  b.writeUInt32LE(0x4d082b9a, 0);
  randomId.copy(b, 4);
  return b;
}

function queryPayload(queryId: Buffer, query: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(0xb48bf97a, 0);
  return Buffer.concat([head, queryId, tlBytes(query)]);
}

/** An ADNL frame: u32le size ‖ nonce ‖ payload ‖ sha256(nonce ‖ payload). */
function frame(payload: Buffer): Buffer {
  const nonce = randomBytes(32);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length + 64, 0);
  return Buffer.concat([
    size,
    nonce,
    payload,
    createHash('sha256').update(nonce).update(payload).digest(),
  ]);
}

/** Decodes an adnl.message.answer payload. */
function parseAnswer(payload: Buffer): { queryId: Buffer; answer: Buffer } {
  assert.equal(payload.readUInt32LE(0), ADNL_MESSAGE_ANSWER);
  const r = new TLReadBuffer(payload.subarray(36));
  return { queryId: payload.subarray(4, 36), answer: r.readBuffer() };
}

async function connect(url: string, publicKey: Buffer): Promise<RawAdnlClient> {
  const client = new RawAdnlClient(url, publicKey);
  const ready = once(client, 'ready');
  await client.connect();
  await ready;
  return client;
}

function nextData(client: ADNLClientTCP): Promise<Buffer> {
  return new Promise((resolve) => client.once('data', resolve));
}

void describe(AdnlServer.name, () => {
  let sut: AdnlServer;
  let url: string;
  const clients: ADNLClientTCP[] = [];

  before(async () => {
    sut = new AdnlServer({
      seed: SEED,
      handler: async (query) => {
        // "echo" queries answer after the delay (ms) in their first byte, so answers cross.
        if (query[0] !== undefined && query.length === 2) {
          await new Promise((r) => setTimeout(r, query[0]));
          return Buffer.from(query.subarray(1));
        }
        // otherwise: a lite_api liteServer.query{liteServer.getTime} answered with a fixed time
        const w = new TLWriteBuffer();
        Codecs.liteServer_CurrentTime.encode({ kind: 'liteServer.currentTime', now: FIXED_NOW }, w);
        return w.build();
      },
    });
    const { port } = await sut.listen(0);
    url = `tcp://127.0.0.1:${port}`;
  });

  after(async () => {
    for (const c of clients) {
      c.end();
    }
    await sut.close();
  });

  void it('derives the public key and key id from the seed', () => {
    const keys = adnlKeyPairFromSeed(SEED);
    assert.deepEqual(sut.publicKey, keys.publicKey);
    const tl = Buffer.concat([Buffer.from('c6b41348', 'hex'), keys.publicKey]);
    assert.deepEqual(keys.keyId, createHash('sha256').update(tl).digest());
  });

  void it('completes the handshake with the adnl client and answers tcp.ping with tcp.pong', async () => {
    const client = await connect(url, sut.publicKey);
    clients.push(client);
    const randomId = randomBytes(8);
    const data = nextData(client);
    client.write(pingPayload(randomId));
    const pong = await data;
    assert.equal(pong.length, 12);
    assert.equal(pong.readUInt32LE(0), TCP_PONG);
    assert.deepEqual(pong.subarray(4), randomId);
  });

  void it('answers queries as they finish, matched by query id', async () => {
    const client = await connect(url, sut.publicKey);
    clients.push(client);
    const answers: { queryId: Buffer; answer: Buffer }[] = [];
    const done = new Promise<void>((resolve) => {
      client.on('data', (payload) => {
        answers.push(parseAnswer(payload));
        if (answers.length === 3) {
          resolve();
        }
      });
    });
    const ids = [randomBytes(32), randomBytes(32), randomBytes(32)];
    // one TCP write holding three frames, so that Nagle's algorithm cannot space the queries out
    client.writeEncrypted(
      Buffer.concat([
        frame(queryPayload(ids[0]!, Buffer.from([120, 0xa1]))),
        frame(queryPayload(ids[1]!, Buffer.from([60, 0xb2]))),
        frame(queryPayload(ids[2]!, Buffer.from([0, 0xc3]))),
      ]),
    );
    await done;
    assert.deepEqual(
      answers.map((a) => [a.queryId.toString('hex'), a.answer.toString('hex')]),
      [
        [ids[2]!.toString('hex'), 'c3'],
        [ids[1]!.toString('hex'), 'b2'],
        [ids[0]!.toString('hex'), 'a1'],
      ],
    );
  });

  void it('serves several ton-lite-client engines with concurrent queries', async () => {
    const engines = [0, 1, 2].map(
      () => new LiteSingleEngine({ host: url, publicKey: sut.publicKey }),
    );
    try {
      await Promise.all(engines.map((e) => once(e, 'ready')));
      const results = await Promise.all(
        engines.flatMap((engine) =>
          Array.from({ length: 20 }, () => new LiteClient({ engine }).getCurrentTime()),
        ),
      );
      assert.equal(results.length, 60);
      assert.ok(results.every((t) => t === FIXED_NOW));
      const direct = await engines[0]!.query(Functions.liteServer_getTime, {
        kind: 'liteServer.getTime',
      });
      assert.deepEqual(direct, { kind: 'liteServer.currentTime', now: FIXED_NOW });
    } finally {
      for (const e of engines) {
        e.close();
      }
    }
  });

  void it('reassembles a 2 MB query that arrives in many TCP chunks', async () => {
    const client = await connect(url, sut.publicKey);
    clients.push(client);
    const id = randomBytes(32);
    const answer = nextData(client);
    client.write(queryPayload(id, Buffer.alloc(2 << 20, 0x5a)));
    const parsed = parseAnswer(await answer);
    assert.deepEqual(parsed.queryId, id);
    const r = new TLReadBuffer(parsed.answer);
    assert.equal(r.readInt32(), -380436467); // liteServer.currentTime
    assert.equal(r.readInt32(), FIXED_NOW);
  });

  void it('closes only the connection that sends a bad handshake', async () => {
    const healthy = await connect(url, sut.publicKey);
    clients.push(healthy);
    const raw = new Socket();
    raw.connect(Number(new URL(url).port), '127.0.0.1');
    await once(raw, 'connect');
    const closed = once(raw, 'close');
    raw.write(randomBytes(256));
    await closed;
    const pong = nextData(healthy);
    healthy.write(pingPayload(randomBytes(8)));
    assert.equal((await pong).readUInt32LE(0), TCP_PONG);
  });

  void it('closes only the connection that sends an oversized or corrupted frame', async () => {
    const healthy = await connect(url, sut.publicKey);
    clients.push(healthy);
    const oversized = await connect(url, sut.publicKey);
    const corrupted = await connect(url, sut.publicKey);
    const closedA = once(oversized, 'close');
    const closedB = once(corrupted, 'close');
    const huge = Buffer.alloc(4);
    huge.writeUInt32LE(0xfffffff0, 0);
    oversized.writeEncrypted(huge);
    // a well-sized frame whose checksum does not match
    const size = Buffer.alloc(4);
    size.writeUInt32LE(64 + 12, 0);
    corrupted.writeEncrypted(
      Buffer.concat([size, randomBytes(32), pingPayload(randomBytes(8)), randomBytes(32)]),
    );
    await Promise.all([closedA, closedB]);
    const pong = nextData(healthy);
    healthy.write(pingPayload(randomBytes(8)));
    assert.equal((await pong).readUInt32LE(0), TCP_PONG);
  });

  void it('accepts a frame that arrives in the same write as the handshake packet', async () => {
    const id = randomBytes(32);
    // answered 50 ms later, so that the answer does not share a chunk with the handshake confirmation
    const client = new EagerAdnlClient(
      url,
      sut.publicKey,
      frame(queryPayload(id, Buffer.from([50, 0x7e]))),
    );
    clients.push(client);
    const answer = nextData(client);
    const ready = once(client, 'ready');
    await client.connect();
    await ready;
    const parsed = parseAnswer(await answer);
    assert.deepEqual(parsed.queryId, id);
    assert.deepEqual(parsed.answer, Buffer.from([0x7e]));
  });

  void it('stops reading while a connection has maxInFlight queries running', async () => {
    const releases: (() => void)[] = [];
    let started = 0;
    const server = new AdnlServer({
      seed: randomBytes(32),
      limits: { maxInFlight: 2 },
      handler: (query) => {
        started++;
        return new Promise((resolve) => {
          releases.push(() => {
            resolve(query);
          });
        });
      },
    });
    const { port } = await server.listen(0);
    const client = await connect(`tcp://127.0.0.1:${port}`, server.publicKey);
    try {
      const answers: Buffer[] = [];
      const allAnswered = new Promise<void>((resolve) => {
        client.on('data', (payload) => {
          answers.push(parseAnswer(payload).answer);
          if (answers.length === 5) {
            resolve();
          }
        });
      });
      client.writeEncrypted(
        Buffer.concat(
          [1, 2, 3, 4, 5].map((n) => frame(queryPayload(randomBytes(32), Buffer.from([n])))),
        ),
      );
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(started, 2);
      // releasing the running queries lets the paused ones in, two at a time
      while (answers.length < 5) {
        const batch = releases.splice(0);
        batch.forEach((release) => {
          release();
        });
        await new Promise((r) => setTimeout(r, 30));
        assert.ok(started - answers.length <= 2);
      }
      await allAnswered;
      assert.equal(started, 5);
      assert.deepEqual(answers.map((a) => a[0]).sort(), [1, 2, 3, 4, 5]);
    } finally {
      client.end();
      await server.close();
    }
  });

  void it('close() ends every connection and stops listening', async () => {
    const server = new AdnlServer({
      seed: randomBytes(32),
      handler: () => Promise.resolve(Buffer.alloc(0)),
    });
    const { port } = await server.listen(0);
    const a = await connect(`tcp://127.0.0.1:${port}`, server.publicKey);
    const b = await connect(`tcp://127.0.0.1:${port}`, server.publicKey);
    assert.equal(server.connectionCount, 2);
    const closed = Promise.all([once(a, 'close'), once(b, 'close')]);
    await server.close();
    await closed;
    const refused = new Socket();
    const err = once(refused, 'error');
    refused.connect(port, '127.0.0.1');
    const [e] = (await err) as [NodeJS.ErrnoException];
    assert.equal(e.code, 'ECONNREFUSED');
  });
});
