import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClientIpResolver } from './client-ip';

void describe(ClientIpResolver.name, () => {
  void it('uses the TCP peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const sut = new ClientIpResolver([]);
    assert.equal(sut.resolve('203.0.113.9', '198.51.100.1'), '203.0.113.9');
    assert.equal(sut.resolve('::ffff:203.0.113.9', undefined), '203.0.113.9');
  });

  void it('believes X-Forwarded-For only from a trusted peer', () => {
    const sut = new ClientIpResolver(['10.0.0.0/8', '::1']);
    assert.equal(sut.resolve('10.1.2.3', '198.51.100.1'), '198.51.100.1');
    assert.equal(sut.resolve('::1', '198.51.100.1'), '198.51.100.1');
    assert.equal(sut.resolve('203.0.113.9', '198.51.100.1'), '203.0.113.9');
  });

  void it('takes the first untrusted hop from the right, so a forged left part is ignored', () => {
    const sut = new ClientIpResolver(['10.0.0.0/8']);
    assert.equal(sut.resolve('10.0.0.2', '1.1.1.1, 198.51.100.7, 10.0.0.1'), '198.51.100.7');
    assert.equal(sut.resolve('10.0.0.2', ['1.1.1.1', '198.51.100.7']), '198.51.100.7');
  });

  void it('stops at garbage and at the end of the chain', () => {
    const sut = new ClientIpResolver(['10.0.0.0/8']);
    assert.equal(sut.resolve('10.0.0.2', 'nonsense, 10.0.0.5'), '10.0.0.5');
    assert.equal(sut.resolve('10.0.0.2', '10.0.0.7, 10.0.0.5'), '10.0.0.7');
    assert.equal(sut.resolve('10.0.0.2', ''), '10.0.0.2');
  });
});
