import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkValue } from './compare';

const UPPER = '0:8FDE0001DD5DBA237F221036AB232A7F834A3A5E64BB9B273D62121E49784A69';

void describe('checkValue (generic_yaml_test check_value)', () => {
  void it('compares an address as text: another letter case is another value', () => {
    assert.doesNotThrow(() => {
      checkValue(UPPER, UPPER, 'source');
    });
    assert.throws(() => {
      checkValue(UPPER.toLowerCase(), UPPER, 'source');
    }, /source: "0:8fde/);
  });

  void it('compares integers by value and a missing field as None, but not a number with its text', () => {
    assert.doesNotThrow(() => {
      checkValue(1000000000n, 1000000000n, 'amount');
    });
    assert.doesNotThrow(() => {
      checkValue(undefined, null, 'asset');
    });
    assert.throws(() => {
      checkValue('1000000000', 1000000000n, 'amount');
    }, /amount/);
  });

  void it('requires every expected key of a nested map', () => {
    assert.throws(() => {
      checkValue({ master: UPPER }, { master: UPPER, asset_id: null }, 'evaa_supply_data');
    }, /evaa_supply_data.asset_id: missing/);
  });
});
