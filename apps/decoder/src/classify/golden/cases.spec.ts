import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { emptyAction } from '@app/classify';
import { checkCase, type GoldenCase } from './cases';

const one = (selector: string): GoldenCase => ({
  file: 'test.yaml',
  name: 'selector',
  traceId: 'x',
  expected: [{ type: 'ton_transfer', selector, values: {} }],
});

void describe('checkCase selectors (generic_yaml_test find_matching_item)', () => {
  void it('see a column the action leaves out as None, as on the Action model', () => {
    const a = emptyAction({ trace_id: 't', action_id: 'a', type: 'ton_transfer' });
    assert.doesNotThrow(() => {
      checkCase(one('{{ value.jetton_swap_data == None }}'), [a]);
    });
    assert.throws(() => {
      checkCase(one('{{ value.jetton_swap_data != None }}'), [a]);
    }, /no action matches/);
  });
});
