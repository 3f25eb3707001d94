import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { firstValueFrom, from, toArray } from 'rxjs';

import {
  joinReplyParts,
  parsePartHeader,
  partHeader,
  ReplyPart,
  replyParts,
  ReplyText,
} from './reply-chunks';

/** A reply with two- and four-byte characters, so that byte cuts land inside characters. */
const reply = {
  transactions: Array.from({ length: 40 }, (_, i) => ({
    hash: `h${String(i)}`,
    comment: `é€𝄞"\\ ${'x'.repeat(i)}`,
  })),
};
const text = JSON.stringify(reply);

const join = (values: unknown[]): Promise<unknown[]> =>
  firstValueFrom(from(values).pipe(joinReplyParts(), toArray()));

/** The parts of `json` as the deserializer hands them over. */
const partsOf = (json: string, max: number): ReplyPart[] => {
  const pieces = replyParts(json, max);
  return pieces.map((bytes, index) => new ReplyPart(index, pieces.length, bytes));
};

void describe(replyParts.name, () => {
  void it('keeps a reply within the bound in one part', () => {
    const parts = replyParts(text, 1_000_000);
    assert.equal(parts.length, 1);
    assert.equal(parts[0]?.toString('utf8'), text);
  });

  void it('cuts a larger reply into ordered parts of at most the bound, on character boundaries', () => {
    const max = 37;
    const parts = replyParts(text, max);
    assert.equal(parts.length > Buffer.byteLength(text) / max, true);
    for (const part of parts) {
      assert.ok(part.length <= max && part.length > 0);
      // A cut inside a character would have left U+FFFD in the part decoded alone.
      assert.ok(!part.toString('utf8').includes('\uFFFD'));
    }
    assert.equal(Buffer.concat(parts).toString('utf8'), text);
  });

  void it('refuses a bound that cannot hold a character', () => {
    assert.throws(() => replyParts(text, 3), RangeError);
  });
});

void describe('part header', () => {
  void it('writes and reads index/count, and refuses anything else', () => {
    assert.equal(partHeader(2, 5), '2/5');
    assert.deepEqual(parsePartHeader('2/5'), { index: 2, count: 5 });
    for (const bad of ['5/5', '1/0', '-1/2', '1', 'a/b', '1/2/3', '']) {
      assert.equal(parsePartHeader(bad), undefined, bad);
    }
  });
});

void describe(joinReplyParts.name, () => {
  void it('joins the parts into the reply text and passes other values through', async () => {
    const joined = await join([...partsOf(text, 100), { plain: 1 }]);
    assert.equal(joined.length, 2);
    assert.ok(joined[0] instanceof ReplyText);
    assert.equal(joined[0].json, text);
    // Its bytes as they came, for a caller that forwards them.
    assert.deepEqual(Buffer.from(joined[0].body), Buffer.from(text));
    assert.deepEqual(joined[1], { plain: 1 });
  });

  void it('keeps a text reply (the in-process transport) as text', () => {
    const reply = new ReplyText('{"é":1}');
    assert.equal(reply.body, '{"é":1}');
    assert.equal(new ReplyText(Buffer.from('{"é":1}')).json, '{"é":1}');
  });

  void it('joins one reply after another on the same stream', async () => {
    const joined = await join([...partsOf('{"a":1}', 4), ...partsOf('{"b":2}', 100)]);
    assert.deepEqual(
      joined.map((t) => (t instanceof ReplyText ? t.json : t)),
      ['{"a":1}', '{"b":2}'],
    );
  });

  void it('fails on a part out of order, a changed count or an early end, never a partial reply', async () => {
    const parts = partsOf(text, 100);
    await assert.rejects(join([parts[1], parts[0]]), /reply part 1\/\d+ arrived after 0/);
    await assert.rejects(
      join([parts[0], new ReplyPart(1, 99, Buffer.from('x'))]),
      /reply part 1\/99 arrived after 1/,
    );
    await assert.rejects(join(parts.slice(0, 2)), /reply ended after 2 parts/);
  });
});
