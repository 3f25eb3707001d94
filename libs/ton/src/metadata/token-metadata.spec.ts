import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentUri, mergeSemichainMetadata, splitTokenMetadata } from './token-metadata';

describe('splitTokenMetadata', () => {
  it('puts the four standard keys at the top and the rest in extra, in the content order', () => {
    const sut = splitTokenMetadata({
      decimals: '9',
      symbol: 'TST',
      uri: 'https://x.example/j.json',
      name: 'Test',
      image: 'https://x.example/i.png',
      description: 'A token',
    });
    assert.deepEqual(sut, {
      standard: {
        symbol: 'TST',
        name: 'Test',
        image: 'https://x.example/i.png',
        description: 'A token',
      },
      extra: { decimals: '9', uri: 'https://x.example/j.json' },
    });
    assert.deepEqual(Object.keys(sut.standard), ['symbol', 'name', 'image', 'description']);
    assert.deepEqual(Object.keys(sut.extra), ['decimals', 'uri']);
  });

  it('keeps a standard key with a non-string value in extra', () => {
    assert.deepEqual(splitTokenMetadata({ name: 5, image: null, symbol: 'S', attributes: [1] }), {
      standard: { symbol: 'S' },
      extra: { name: 5, image: null, attributes: [1] },
    });
  });

  it('splits empty content into two empty parts', () => {
    assert.deepEqual(splitTokenMetadata({}), { standard: {}, extra: {} });
  });
});

describe('mergeSemichainMetadata', () => {
  it('lets on-chain keys override the off-chain JSON and keeps the off-chain rest', () => {
    assert.deepEqual(
      mergeSemichainMetadata(
        { name: 'Off', image: 'https://x.example/off.png', decimals: 6 },
        { uri: 'https://x.example/m.json', name: 'On', symbol: 'ON' },
      ),
      {
        name: 'On',
        image: 'https://x.example/off.png',
        decimals: 6,
        uri: 'https://x.example/m.json',
        symbol: 'ON',
      },
    );
  });
});

describe('contentUri', () => {
  it('reads a string uri of stored content and nothing else', () => {
    assert.equal(contentUri({ uri: 'ipfs://Qm/1.json' }), 'ipfs://Qm/1.json');
    assert.equal(contentUri({ uri: 'https://a/b', name: 'n' }), 'https://a/b');
    assert.equal(contentUri({ name: 'n' }), undefined);
    assert.equal(contentUri({ uri: 5 }), undefined);
    assert.equal(contentUri(null), undefined);
    assert.equal(contentUri(['uri']), undefined);
    assert.equal(contentUri('https://a/b'), undefined);
  });
});
