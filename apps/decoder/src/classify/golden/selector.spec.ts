import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateSelector } from './selector';

const action = {
  type: 'jetton_swap',
  start_lt: 37392996000002n,
  ancestor_type: [],
  parent_action_id: null,
  destination: '0:AB',
  jetton_swap_data: { dex: 'coffee', dex_incoming_transfer: { amount: 334602005628n } },
};

void describe('evaluateSelector', () => {
  void it('evaluates the forms the cases use', () => {
    assert.equal(evaluateSelector("{{ value.jetton_swap_data.dex == 'coffee' }}", action), true);
    assert.equal(evaluateSelector("{{ value.jetton_swap_data.dex == 'dedust' }}", action), false);
    assert.equal(
      evaluateSelector(
        '{{ value.jetton_swap_data.dex_incoming_transfer.amount == 334602005628 }}',
        action,
      ),
      true,
    );
    assert.equal(evaluateSelector('{{ value.start_lt == 37392996000002 }}', action), true);
    assert.equal(evaluateSelector('{{ value.parent_action_id == None }}', action), true);
    assert.equal(evaluateSelector('{{ value.destination != None }}', action), true);
    assert.equal(
      evaluateSelector(
        '{{ value.ancestor_type == None or value.ancestor_type|length == 0 }}',
        action,
      ),
      true,
    );
  });

  void it('reads hex integer literals', () => {
    const call = { type: 'call_contract', opcode: 0x0490f09b, start_lt: 51527776000010n };
    assert.equal(
      evaluateSelector(
        '{{ value.opcode == 0x0490f09b and value.start_lt == 51527776000010 }}',
        call,
      ),
      true,
    );
    assert.equal(evaluateSelector('{{ value.opcode == 0x0490f09c }}', call), false);
  });

  void it('treats a missing attribute as undefined, equal to nothing', () => {
    assert.equal(evaluateSelector('{{ value.nft_transfer_data.price == None }}', action), false);
    assert.equal(evaluateSelector('{{ value.nft_transfer_data.price != None }}', action), true);
  });
});
