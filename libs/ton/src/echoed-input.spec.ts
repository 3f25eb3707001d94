import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ECHOED_INPUT_MAX_CHARS, echoedInput } from './echoed-input';

void describe(echoedInput.name, () => {
  void it('keeps inputs of a normal length whole and cuts longer ones with an ellipsis', () => {
    assert.equal(echoedInput('EQ-not-an-address'), 'EQ-not-an-address');
    const limit = 'x'.repeat(ECHOED_INPUT_MAX_CHARS);
    assert.equal(echoedInput(limit), limit);
    assert.equal(echoedInput('y'.repeat(900_000)), `${'y'.repeat(ECHOED_INPUT_MAX_CHARS)}…`);
  });
});
