import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandSupportedActionTypes } from './action-types';

const V1_COUNT = 23;

void describe('expandSupportedActionTypes (toncenter)', () => {
  void it('defaults to latest (v4) and always includes v1', () => {
    const latest = expandSupportedActionTypes(undefined);
    assert.equal(latest.length, V1_COUNT + 23 + 17 + 12);
    assert.ok(latest.includes('cocoon_grant_refund'));
    assert.ok(!latest.includes('tgbtc_mint'), 'tgBTC types are in no version');
    assert.equal(expandSupportedActionTypes(['v1']).length, V1_COUNT);
  });

  void it('expands group shortcuts, recursively, on top of v1', () => {
    const nftV3 = expandSupportedActionTypes(['nft.v3']);
    assert.ok(nftV3.includes('nft_purchase'));
    assert.ok(nftV3.includes('nft_mint'), 'nft.v3 includes the nft group');
    assert.ok(!nftV3.includes('multisig_approve'));
    const tgbtc = expandSupportedActionTypes(['tgbtc']);
    assert.deepEqual(
      tgbtc.filter((t) => t.startsWith('tgbtc_')),
      [
        'tgbtc_burn',
        'tgbtc_burn_fallback',
        'tgbtc_dkg_log_fallback',
        'tgbtc_mint',
        'tgbtc_mint_fallback',
        'tgbtc_new_key',
        'tgbtc_new_key_fallback',
      ],
    );
    assert.equal(tgbtc.length, V1_COUNT + 7);
    const coffee = expandSupportedActionTypes(['coffee']);
    assert.ok(!coffee.includes('coffee_mev_protect_failed_swap'));
    assert.equal(coffee.length, V1_COUNT + 7);
  });

  void it('uses unknown names literally and lists each type once', () => {
    const out = expandSupportedActionTypes(['my_type', 'jettons', 'v1']);
    assert.deepEqual(out, [...out].sort());
    assert.equal(new Set(out).size, out.length);
    assert.ok(out.includes('my_type'));
    assert.equal(out.length, V1_COUNT + 1, 'jettons is inside v1');
  });
});
