import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, type Cell, Dictionary } from '@ton/core';
import { sha256_sync } from '@ton/crypto';
import { readSnakeBytes } from '@app/ton';
import { parseTep64Content } from './tep64-content.parser';

function key(name: string): bigint {
  return BigInt(`0x${sha256_sync(name).toString('hex')}`);
}

/** `snake#00` value cell holding `bytes`, split over a chain of cells 100 bytes at a time. */
function snake(bytes: Buffer, prefix = true): Cell {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 100) {
    chunks.push(bytes.subarray(i, i + 100));
  }
  let tail: Cell | undefined;
  for (const chunk of chunks.slice(1).reverse()) {
    const b = beginCell().storeBuffer(chunk);
    tail = (tail ? b.storeRef(tail) : b).endCell();
  }
  const head = beginCell();
  if (prefix) {
    head.storeUint(0, 8);
  }
  head.storeBuffer(chunks[0] ?? Buffer.alloc(0));
  return (tail ? head.storeRef(tail) : head).endCell();
}

function onchain(values: [string, Cell][]): Cell {
  const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  for (const [name, value] of values) {
    dict.set(key(name), value);
  }
  return beginCell().storeUint(0, 8).storeDict(dict).endCell();
}

describe('TEP-64 content as toncenter 2.1 renders it', () => {
  it('reads on-chain snake attributes by their names', () => {
    const long = 'A description long enough to need more than one cell of snake data. '.repeat(3);
    const content = onchain([
      ['name', snake(Buffer.from('Localnet Token'))],
      ['symbol', snake(Buffer.from('LOCAL'))],
      ['decimals', snake(Buffer.from('9'))],
      ['description', snake(Buffer.from(long))],
    ]);
    assert.deepEqual(parseTep64Content(content), {
      type: 'onchain',
      data: { name: 'Localnet Token', symbol: 'LOCAL', decimals: '9', description: long },
    });
  });

  it('reads chunked values, renders image_data as base64, drops unknown keys and bad UTF-8', () => {
    const chunks = Dictionary.empty(Dictionary.Keys.Uint(32), Dictionary.Values.Cell());
    chunks.set(1, snake(Buffer.from('world'), false));
    chunks.set(0, snake(Buffer.from('hello '), false));
    const chunked = beginCell().storeUint(1, 8).storeDict(chunks).endCell();
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]);
    const content = onchain([
      ['name', chunked],
      ['image_data', snake(image)],
      ['favourite_colour', snake(Buffer.from('blue'))],
      ['symbol', snake(Buffer.from([0xff, 0xfe]))],
    ]);
    assert.deepEqual(parseTep64Content(content), {
      type: 'onchain',
      data: { name: 'hello world', image_data: image.toString('base64') },
    });
  });

  it('accepts values stored inline in the dictionary', () => {
    const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.BitString(8 * 6));
    const inline = beginCell().storeUint(0, 8).storeStringTail('LOCAL').endCell();
    dict.set(key('symbol'), inline.beginParse().loadBits(8 * 6));
    const content = beginCell().storeUint(0, 8).storeDict(dict).endCell();
    assert.deepEqual(parseTep64Content(content), { type: 'onchain', data: { symbol: 'LOCAL' } });
  });

  it('reads off-chain content as its URI, across cells', () => {
    const uri = `https://example.invalid/${'x'.repeat(150)}.json`;
    const content = beginCell()
      .storeUint(1, 8)
      .storeBuffer(Buffer.from(uri.slice(0, 50)));
    const rest = snake(Buffer.from(uri.slice(50)), false);
    assert.deepEqual(parseTep64Content(content.storeRef(rest).endCell()), {
      type: 'offchain',
      data: uri,
    });
  });

  it('rejects an unknown layout prefix', () => {
    assert.throws(() => parseTep64Content(beginCell().storeUint(7, 8).endCell()), /prefix 0x7/);
  });

  it('readSnakeBytes concatenates the whole chain', () => {
    const bytes = Buffer.from(Array.from({ length: 250 }, (_, i) => i));
    assert.deepEqual(readSnakeBytes(snake(bytes, false).beginParse()), bytes);
  });
});
