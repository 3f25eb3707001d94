/**
 * coffee_mev_protect_failed_swap (toncenter `blocks/liquidity.py` CoffeeMevProtectFailedSwapMatcher):
 * the MEV-protect contract returning TON with mev_protect_failed_swap#ee51ce51. toncenter serialises the
 * type with the common columns only (its serialiser has no case for it), and so must this classifier.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell, Address } from '@ton/core';
import { classifyTrace } from '../core/pipeline';
import { renderApiAction } from '../api-render';
import { defaultRegistry } from '../registry';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const RELAYER = testAddress(0, 'a');
const MEV = testAddress(0, 'b');
const USER = testAddress(0, 'c');

void describe('coffee_mev_protect_failed_swap', () => {
  void it('a TON refund with the failed-swap body is one action over both transactions', () => {
    const body = beginCell()
      .storeUint(0xee51ce51, 32)
      .storeUint(42, 64)
      .storeAddress(Address.parse(USER))
      .endCell();
    const t = syntheticTrace(
      walletSends(RELAYER, {
        to: MEV,
        body: beginCell().storeUint(0x12345678, 32).endCell(),
        children: [{ from: MEV, to: USER, body, value: 3_000_000_000n }],
      }),
    );
    const { actions, error } = classifyTrace(t, defaultRegistry);
    assert.equal(error, undefined);
    const found = actions.filter((a) => a.type === 'coffee_mev_protect_failed_swap');
    assert.equal(found.length, 1);
    const a = found[0]!;
    assert.equal(a.success, true);
    assert.equal(a.destination, null);
    assert.equal(a.asset, null);
    assert.equal(a.amount, null);
    assert.deepEqual(a.tx_hashes.sort(), ['tx1', 'tx2']);
    assert.deepEqual(a.accounts.sort(), [MEV, USER].sort());
    // ton-index-go's ParseRawAction has no case for the type either: v3 shows its error and raw row
    const rendered = renderApiAction(a);
    assert.deepEqual(rendered.details, {
      error: "unsupported action type: 'coffee_mev_protect_failed_swap'",
    });
    assert.equal((rendered.raw_action as Record<string, unknown>).type, a.type);
  });
});
