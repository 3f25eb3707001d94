import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveMetadataUrl } from './metadata-url';

const GATEWAY = 'https://ipfs.io/ipfs/';

/** The resolved URL as text, or the reason it is not fetched. */
function sut(uri: string, gateway = GATEWAY): string {
  const r = resolveMetadataUrl(uri, gateway);
  return 'url' in r ? r.url.href : `invalid: ${r.invalid}`;
}

void describe('resolveMetadataUrl', () => {
  void it('fetches http and https URIs as they are', () => {
    assert.equal(sut('https://example.com/meta/1.json'), 'https://example.com/meta/1.json');
    assert.equal(sut('http://example.com:8080/a?b=c'), 'http://example.com:8080/a?b=c');
    assert.equal(sut('  https://example.com/x.json\n'), 'https://example.com/x.json');
  });

  void it('maps ipfs://<cid>/<path> onto the gateway', () => {
    assert.equal(
      sut('ipfs://QmTestCid/items/7.json'),
      'https://ipfs.io/ipfs/QmTestCid/items/7.json',
    );
    assert.equal(sut('ipfs://ipfs/QmTestCid/a.json'), 'https://ipfs.io/ipfs/QmTestCid/a.json');
    assert.equal(
      sut('ipfs://bafyCid', 'http://127.0.0.1:8080/ipfs'),
      'http://127.0.0.1:8080/ipfs/bafyCid',
    );
  });

  void it('refuses other schemes and malformed URIs', () => {
    assert.equal(sut('ftp://example.com/a.json'), 'invalid: unsupported scheme ftp:');
    assert.equal(sut('file:///etc/passwd'), 'invalid: unsupported scheme file:');
    assert.equal(sut('data:application/json,{}'), 'invalid: unsupported scheme data:');
    assert.equal(sut('tonstorage://abc/meta.json'), 'invalid: unsupported scheme tonstorage:');
    assert.equal(sut('ipfs://'), 'invalid: unsupported scheme ipfs:');
    assert.equal(sut('not a url'), 'invalid: malformed uri "not a url"');
    assert.equal(sut(''), 'invalid: malformed uri ""');
  });
});
