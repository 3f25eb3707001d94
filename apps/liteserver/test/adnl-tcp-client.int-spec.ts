import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { adnlKeyPairFromSeed, AdnlTcpClient } from '@app/liteclient';
import { AdnlServer } from '@app/localnet';

const SEED = createHash('sha256').update('adnl-tcp-client.int-spec').digest();
/** adnl.message.query queryId:int256 query:bytes (adnl.tl), its constructor id. */
const ADNL_MESSAGE_QUERY = 0xb48bf97a;

/** adnl.message.query of `query` (a TL `bytes` shorter than 254 bytes). */
function queryPayload(queryId: Buffer, query: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(ADNL_MESSAGE_QUERY, 0);
  const padding = (4 - ((1 + query.length) % 4)) % 4;
  return Buffer.concat([head, queryId, Buffer.from([query.length]), query, Buffer.alloc(padding)]);
}

async function ready(client: AdnlTcpClient): Promise<void> {
  const event = once(client, 'ready');
  client.connect();
  await event;
}

void describe(AdnlTcpClient.name, () => {
  let server: AdnlServer;
  let port: number;

  before(async () => {
    // Answers with `n` KiB of a repeated byte, `n` being the query's first byte.
    server = new AdnlServer({
      seed: SEED,
      handler: (query) => Promise.resolve(Buffer.alloc((query[0] ?? 0) * 1024, 0x5a)),
    });
    ({ port } = await server.listen(0));
  });

  after(async () => {
    await server.close();
  });

  void it('completes the handshake with the localnet ADNL server and gets a 255 KiB answer whole', async () => {
    const sut = new AdnlTcpClient('127.0.0.1', port, server.publicKey);
    try {
      await ready(sut);
      const queryId = Buffer.alloc(32, 9);
      const answer = once(sut, 'data');
      sut.write(queryPayload(queryId, Buffer.from([255])));
      const [payload] = (await answer) as [Buffer];
      // adnl.message.answer queryId:int256 answer:bytes; bytes of 255 KiB take the 4-byte length form.
      assert.equal(payload.readUInt32LE(0), 0x0fac8416);
      assert.deepEqual(payload.subarray(4, 36), queryId);
      assert.equal(payload[36], 0xfe);
      assert.equal(payload.readUIntLE(37, 3), 255 * 1024);
      assert.deepEqual(payload.subarray(40, 40 + 255 * 1024), Buffer.alloc(255 * 1024, 0x5a));
    } finally {
      sut.destroy();
    }
  });

  void it('closes without ready when the server does not hold the key it was given', async () => {
    const wrongKey = adnlKeyPairFromSeed(Buffer.alloc(32, 1)).publicKey;
    const sut = new AdnlTcpClient('127.0.0.1', port, wrongKey);
    let wasReady = false;
    sut.on('ready', () => {
      wasReady = true;
    });
    const closed = once(sut, 'close');
    sut.connect();
    await closed;
    assert.equal(wasReady, false);
  });

  void it('closes once on a stream it cannot read, and on a refused connection', async () => {
    // A peer that answers the handshake with bytes that decrypt to no valid frame.
    const garbage: Server = createServer((socket) => {
      socket.once('data', () => socket.write(Buffer.alloc(200, 0xff)));
    });
    garbage.listen(0, '127.0.0.1');
    await once(garbage, 'listening');
    const address = garbage.address();
    assert.ok(address !== null && typeof address === 'object');
    try {
      const sut = new AdnlTcpClient('127.0.0.1', address.port, server.publicKey);
      let closes = 0;
      sut.on('close', () => (closes += 1));
      const closed = once(sut, 'close');
      sut.connect();
      await closed;
      sut.destroy();
      assert.equal(closes, 1);
    } finally {
      garbage.close();
    }
    const refused = new AdnlTcpClient('127.0.0.1', address.port, server.publicKey);
    const closed = once(refused, 'close');
    refused.connect();
    await closed;
  });
});
