import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWalLsn, walBytesBehind } from './wal-lsn';

void describe('WAL positions', () => {
  void it('reads pg_lsn text as a byte offset (high 32 bits / low 32 bits, hex)', () => {
    assert.equal(parseWalLsn('0/0'), 0n);
    assert.equal(parseWalLsn('0/3000148'), 0x3000148n);
    assert.equal(parseWalLsn('16/B374D848'), (0x16n << 32n) | 0xb374d848n);
    assert.equal(parseWalLsn('FFFFFFFF/FFFFFFFF'), (1n << 64n) - 1n);
  });

  void it('has no position for NULL or text that is not an LSN', () => {
    assert.equal(parseWalLsn(null), undefined);
    assert.equal(parseWalLsn(undefined), undefined);
    assert.equal(parseWalLsn('16B374D848'), undefined);
    assert.equal(parseWalLsn('1/G'), undefined);
    assert.equal(parseWalLsn('123456789/0'), undefined);
  });

  void it('counts the bytes a replica is behind, never below 0', () => {
    assert.equal(walBytesBehind(0x3000148n, 0x3000100n), 0x48n);
    assert.equal(walBytesBehind(0x3000100n, 0x3000148n), 0n);
  });
});
