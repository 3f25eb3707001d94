import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bigintTransformer as sut } from './bigint.transformer';

void describe('bigintTransformer', () => {
  void describe('to (entity → database)', () => {
    void it('renders bigint as the decimal string pg expects, beyond 2^53 and at the int64 edges', () => {
      assert.equal(sut.to(0n), '0');
      assert.equal(sut.to(9007199254740993n), '9007199254740993');
      assert.equal(sut.to(-9223372036854775808n), '-9223372036854775808');
      assert.equal(sut.to(9223372036854775807n), '9223372036854775807');
      // numeric(40,0) coins: 2^120
      assert.equal(
        sut.to(1329227995784915872903807060280344576n),
        '1329227995784915872903807060280344576',
      );
    });

    void it('passes null and undefined through (undefined keeps the column out of an insert)', () => {
      assert.equal(sut.to(null), null);
      assert.equal(sut.to(undefined), undefined);
    });

    void it('accepts safe integers and decimal strings', () => {
      assert.equal(sut.to(42), '42');
      assert.equal(sut.to('-17'), '-17');
    });

    void it('rejects values that would lose or invent precision', () => {
      assert.throws(
        () => sut.to(2 ** 53),
        /cannot store the unsafe or fractional number 9007199254740992/,
      );
      assert.throws(() => sut.to(1.5), /cannot store the unsafe or fractional number 1\.5/);
      assert.throws(() => sut.to('12abc'), /cannot store the non-integer string "12abc"/);
      assert.throws(() => sut.to({}), /cannot store a value of type object/);
    });
  });

  void describe('from (database → entity)', () => {
    void it('parses the strings pg returns for int8 and numeric into exact bigint', () => {
      assert.equal(sut.from('9007199254740993'), 9007199254740993n);
      assert.equal(sut.from('-9223372036854775808'), -9223372036854775808n);
      assert.equal(sut.from('1329227995784915872903807060280344576'), 2n ** 120n);
    });

    void it('maps SQL NULL to null', () => {
      assert.equal(sut.from(null), null);
      assert.equal(sut.from(undefined), null);
    });

    void it('accepts int4 numbers and bigint values', () => {
      assert.equal(sut.from(7), 7n);
      assert.equal(sut.from(5n), 5n);
    });

    void it('rejects a non-integer numeric', () => {
      assert.throws(() => sut.from('1.50'), /database returned the non-integer string "1\.50"/);
    });

    void it('round-trips', () => {
      for (const value of [0n, 1n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 10n ** 39n]) {
        assert.equal(sut.from(sut.to(value)), value);
      }
    });
  });
});
