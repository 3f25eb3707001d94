/**
 * The staking, elector and subscription details (ton-index-go `index/parse/actions.go` and the json
 * tags of `index/models/actions.go`): which column feeds which key, the provider alias, and the keys
 * Go leaves out when nil (`omitempty`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type ActionRenderRow, renderActionDetails } from './action-details';

const POOL = '0:A45B17F28409229B78360E3290420F13E4FE20F90D7E2BF8C4AC6703259E22FA';
const HOLDER = '0:90D9D438C3D05F474DD5ABC232C2A7D493D3D890C43EF74742999A68015AB874';
const TSTON = '0:BDF3FA8098D129B54B4F73B5BAC5D1E1FD91EB054169C3916DFC8CCD536D1000';

function row(fields: Partial<ActionRenderRow>): ActionRenderRow {
  return {
    source: null,
    source_secondary: null,
    destination: null,
    destination_secondary: null,
    asset: null,
    asset_secondary: null,
    asset2: null,
    asset2_secondary: null,
    value: null,
    amount: null,
    opcode: null,
    value_extra_currencies: {},
    ...fields,
  };
}

void describe('staking action details', () => {
  void it('stake_deposit: holder, pool, amount, minted tokens; no source_asset outside ethena', () => {
    const details = renderActionDetails(
      'stake_deposit',
      row({
        source: HOLDER,
        destination: POOL,
        amount: 10_000_000_000n,
        asset: TSTON,
        staking_data: { provider: 'liquid_staking', tokens_minted: 9_439_323_796n },
      }),
    );
    assert.deepEqual(details, {
      provider: 'liquid_staking',
      stake_holder: HOLDER,
      pool: POOL,
      amount: '10000000000',
      tokens_minted: '9439323796',
      asset: TSTON,
    });
  });

  void it('stake_withdrawal_request: the aliased provider never shows tokens_burnt', () => {
    const details = renderActionDetails(
      'stake_withdrawal_request',
      row({
        source: HOLDER,
        destination: POOL,
        amount: 67_599n,
        asset: TSTON,
        staking_data: { provider: 'tonstakers', ts_nft: POOL },
      }),
    );
    assert.deepEqual(details, {
      provider: 'liquid_staking',
      stake_holder: HOLDER,
      pool: POOL,
      payout_nft: POOL,
      asset: TSTON,
      tokens_burnt: null,
    });
  });

  void it('stake_withdrawal of a nominator pool has no payout NFT nor burnt tokens', () => {
    assert.deepEqual(
      renderActionDetails(
        'stake_withdrawal',
        row({
          source: HOLDER,
          destination: POOL,
          amount: 5n,
          staking_data: { provider: 'nominator' },
        }),
      ),
      {
        provider: 'nominator',
        stake_holder: HOLDER,
        pool: POOL,
        amount: '5',
        payout_nft: null,
        tokens_burnt: null,
        asset: null,
      },
    );
  });

  void it('election_recover without its confirmation leaves out amount; unsubscribe its nils', () => {
    assert.deepEqual(renderActionDetails('election_recover', row({ source: HOLDER })), {
      stake_holder: HOLDER,
    });
    assert.deepEqual(
      renderActionDetails('unsubscribe', row({ source: HOLDER, destination_secondary: POOL })),
      { subscriber: HOLDER, subscription: POOL },
    );
    assert.deepEqual(
      renderActionDetails('subscribe', row({ source: HOLDER, destination_secondary: POOL })),
      { subscriber: HOLDER, subscription: POOL, amount: null },
    );
  });
});
