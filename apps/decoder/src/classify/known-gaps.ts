/**
 * Golden cases (`<file>: <case name>`) the classifier does not pass yet, each with the reason. The golden
 * test runs them as `todo` and asserts that they still fail, so this list stays honest: remove an entry
 * when its case passes.
 */
export const KNOWN_GAPS: ReadonlyMap<string, string> = new Map<string, string>([
  ['cocoon.yaml: Cocoon Worker Payout', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Worker Last Payout', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Proxy Payout', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Proxy Charge', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Client Top Up', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Register Proxy', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Unregister Proxy', 'part 2: Cocoon matchers are not implemented'],
  [
    'cocoon.yaml: Cocoon Client Register and Change Secret Hash',
    'part 2: Cocoon matchers are not implemented',
  ],
  [
    'cocoon.yaml: Cocoon Client Request Refund (Direct)',
    'part 2: Cocoon matchers are not implemented',
  ],
  [
    'cocoon.yaml: Cocoon Client Request Refund (Via Wallet)',
    'part 2: Cocoon matchers are not implemented',
  ],
  ['cocoon.yaml: Cocoon Grant Refund', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Client Increase Stake', 'part 2: Cocoon matchers are not implemented'],
  ['cocoon.yaml: Cocoon Client Withdraw', 'part 2: Cocoon matchers are not implemented'],
  [
    'coffee.yaml: Coffee deposit liquidity TON + CES',
    'Coffee liquidity matchers are not implemented',
  ],
  [
    'coffee.yaml: Coffee deposit liquidity TON + ARBUZ (with vault excess)',
    'Coffee liquidity matchers are not implemented',
  ],
  [
    'coffee.yaml: Coffee withdraw liquidity (jetton - jetton)',
    'Coffee liquidity matchers are not implemented',
  ],
  [
    'coffee.yaml: Coffee create pool creator (only create)',
    'Coffee pool-creation matchers are not implemented',
  ],
  [
    'coffee.yaml: Coffee create pool (full and simple)',
    'Coffee pool-creation matchers are not implemented',
  ],
  [
    'coffee.yaml: Coffee create pool (full + notification at the end)',
    'Coffee pool-creation matchers are not implemented',
  ],
  ['coffee.yaml: Coffee staking deposit', 'Coffee staking matchers are not implemented'],
  [
    'coffee.yaml: Coffee staking deposit (just another)',
    'Coffee staking matchers are not implemented',
  ],
  ['coffee.yaml: Coffee staking withdraw', 'Coffee staking matchers are not implemented'],
  ['coffee.yaml: Coffee staking claim rewards', 'Coffee staking matchers are not implemented'],
  [
    'coffee.yaml: Coffee staking claim rewards (another)',
    'Coffee staking matchers are not implemented',
  ],
  ['ethena.yaml: Deposit', 'part 2: Ethena staking matchers are not implemented'],
  ['ethena.yaml: Unstake request', 'part 2: Ethena staking matchers are not implemented'],
  ['evaa.yaml: Ton supply', 'part 2: EVAA matchers are not implemented'],
  ['evaa.yaml: Jetton supply', 'part 2: EVAA matchers are not implemented'],
  ['evaa.yaml: Withdraw Ton', 'part 2: EVAA matchers are not implemented'],
  ['evaa.yaml: Withdraw tsTon', 'part 2: EVAA matchers are not implemented'],
  ['evaa.yaml: Jetton supply (failed)', 'part 2: EVAA matchers are not implemented'],
  ['evaa.yaml: Ton withdrawal (no funds)', 'part 2: EVAA matchers are not implemented'],
  ['evaa.yaml: Jetton withdrawal(locked)', 'part 2: EVAA matchers are not implemented'],
  [
    'evaa.yaml: Jetton withdrawal (withdraw_not_collateralized_excess)',
    'part 2: EVAA matchers are not implemented',
  ],
  [
    'evaa.yaml: Ton withdrawal (withdraw_missing_prices_excess)',
    'part 2: EVAA matchers are not implemented',
  ],
  ['jvault.yaml: Stake (partial referral updates)', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Stake (simple)', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Stake (failed, cancellation)', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Stake (full referral call chain)', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Unstake (with referrals)', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Claim rewards', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Unstake (failed)', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Unstake request', 'part 2: JVault matchers are not implemented'],
  ['jvault.yaml: Unstake request (failed referral)', 'part 2: JVault matchers are not implemented'],
  [
    'jvault.yaml: Unstake request (success referral)',
    'part 2: JVault matchers are not implemented',
  ],
  ['jvault.yaml: Failed unstake request', 'part 2: JVault matchers are not implemented'],
  ['layerzero.yaml: LayerZero send msg to tron', 'part 2: LayerZero matchers are not implemented'],
  ['layerzero.yaml: LayerZero send usdt to eth', 'part 2: LayerZero matchers are not implemented'],
  [
    'layerzero.yaml: LayerZero send some test msg from ton to ton lol',
    'part 2: LayerZero matchers are not implemented',
  ],
  ['layerzero.yaml: LayerZero commit packet', 'part 2: LayerZero matchers are not implemented'],
  [
    'layerzero.yaml: LayerZero commit packet from eth to ton',
    'part 2: LayerZero matchers are not implemented',
  ],
  ['layerzero.yaml: LayerZero dvn verify', 'part 2: LayerZero matchers are not implemented'],
  ['layerzero.yaml: LayerZero receive', 'part 2: LayerZero matchers are not implemented'],
  ['layerzero.yaml: LayerZero receive another', 'part 2: LayerZero matchers are not implemented'],
  ['tgbtc.yaml: tgBTC new key', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC new key (just another)', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC mint', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC mint (another)', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC mint (very long)', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC mint (another very long)', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC burn', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC burn (another)', 'part 2: tgBTC matchers are not implemented'],
  [
    'tgbtc.yaml: tgBTC burn (with strange burn notification)',
    'part 2: tgBTC matchers are not implemented',
  ],
  ['tgbtc.yaml: tgBTC dkg log (fallback)', 'part 2: tgBTC matchers are not implemented'],
  ['tgbtc.yaml: tgBTC burn (wierd schema)', 'part 2: tgBTC matchers are not implemented'],
  [
    'tgbtc.yaml: tgBTC burn (very old wierd and crippled)',
    'part 2: tgBTC matchers are not implemented',
  ],
]);
