import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { firstValueFrom, from, toArray } from 'rxjs';

import { isReplyChunk, joinReplyChunks, REPLY_CHUNK_KEY, splitReply } from './reply-chunks';

/** A reply with two- and four-byte characters, so that byte cuts land inside characters. */
const reply = {
  transactions: Array.from({ length: 40 }, (_, i) => ({
    hash: `h${String(i)}`,
    comment: `é€𝄞"\\ ${'x'.repeat(i)}`,
  })),
};

const join = (values: unknown[]): Promise<unknown[]> =>
  firstValueFrom(from(values).pipe(joinReplyChunks(), toArray()));

void describe(splitReply.name, () => {
  void it('leaves a reply within the bound alone', () => {
    assert.equal(splitReply(reply, 1_000_000), undefined);
    assert.equal(splitReply(undefined, 4), undefined);
  });

  void it('cuts a larger reply into ordered chunks of at most the bound, on character boundaries', () => {
    const max = 37;
    const chunks = splitReply(reply, max);
    assert.ok(chunks !== undefined);
    const text = JSON.stringify(reply);
    assert.equal(chunks.length > Buffer.byteLength(text) / max, true);
    chunks.forEach((chunk, index) => {
      const part = chunk[REPLY_CHUNK_KEY];
      assert.equal(part.index, index);
      assert.equal(part.count, chunks.length);
      assert.ok(Buffer.byteLength(part.text) <= max);
      // A cut inside a character would have left U+FFFD in the decoded text.
      assert.ok(!part.text.includes('\uFFFD'));
    });
    assert.equal(chunks.map((c) => c[REPLY_CHUNK_KEY].text).join(''), text);
  });

  void it('refuses a bound that cannot hold a character', () => {
    assert.throws(() => splitReply(reply, 3), RangeError);
  });
});

void describe(joinReplyChunks.name, () => {
  void it('joins the chunks back into the reply and passes other values through', async () => {
    const chunks = splitReply(reply, 100) ?? [];
    assert.deepEqual(await join([...chunks, { plain: 1 }]), [reply, { plain: 1 }]);
    assert.equal(isReplyChunk({ plain: 1 }), false);
  });

  void it('fails on a chunk out of order or a sequence that ends early, never a partial reply', async () => {
    const chunks = splitReply(reply, 100) ?? [];
    await assert.rejects(join([chunks[1], chunks[0]]), /reply chunk 1 arrived after 0/);
    await assert.rejects(join(chunks.slice(0, 2)), /reply ended after 2 chunks/);
  });
});
