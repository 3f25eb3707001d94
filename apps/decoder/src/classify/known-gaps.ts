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
    'coffee.yaml: Coffee DEX Swap USDT -> TON (hop) -> CES',
    'Coffee swap matcher is not implemented',
  ],
  ['coffee.yaml: Coffee DEX Swap USDT -> TON', 'Coffee swap matcher is not implemented'],
  [
    'coffee.yaml: Complicated Swap (Dedust, Coffee + Stonfi)',
    'Coffee swap matcher is not implemented (nor DeDust swaps)',
  ],
  [
    'coffee.yaml: Less complicated Swap (Dedust + Coffee)',
    'Coffee swap matcher is not implemented (nor DeDust swaps)',
  ],
  [
    'coffee.yaml: Another less complicated Swap (Stonfi + Coffee)',
    'Coffee swap matcher is not implemented',
  ],
  [
    'coffee.yaml: Terrifying Swap (Stonfi, Coffee + Stonfi V2, Dedust, Stonfi V2)',
    'Coffee swap matcher is not implemented (nor DeDust / StonFi v2 swaps)',
  ],
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
    'Coffee pool/vault creation matchers are not implemented',
  ],
  [
    'coffee.yaml: Coffee create pool (full and simple)',
    'Coffee pool/vault creation matchers are not implemented',
  ],
  [
    'coffee.yaml: Coffee create pool (full + notification at the end)',
    'Coffee pool/vault creation matchers are not implemented',
  ],
  ['coffee.yaml: Coffee create vault', 'Coffee pool/vault creation matchers are not implemented'],
  [
    'coffee.yaml: Coffee mev protect hold funds (TON)',
    'Coffee MEV-protect matcher is not implemented',
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
  [
    'dedust-liquidities.yaml: Multiple deposits with one deposit contract',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
  ],
  [
    'dedust-liquidities.yaml: Merged deposit, jetton excess',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
  ],
  [
    'dedust-liquidities.yaml: First deposit',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
  ],
  [
    'dedust-liquidities.yaml: Final deposit',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
  ],
  [
    'dedust-liquidities.yaml: Final deposit with ton excesses',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
  ],
  [
    'dedust-liquidities.yaml: Merged with ton excesses',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
  ],
  [
    'dedust-liquidities.yaml: Rejected final deposit',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
  ],
  [
    'dedust-liquidities.yaml: Merged rejected deposit',
    'DeDust deposit matchers and the liquidity-merge post-processor are not implemented',
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
  ['tonco.yaml: Tonco deploy pools', 'Tonco pool deployment matcher is not implemented'],
  ['tonco.yaml: Tonco swap USDT -> TON', 'Tonco swap matcher is not implemented'],
  ['tonco.yaml: Tonco swap USDT -> STORM with hop', 'Tonco swap matcher is not implemented'],
  ['tonco.yaml: Tonco swap TON -> USDT failed', 'Tonco swap matcher is not implemented'],
  ['tonco.yaml: Tonco swap TON -> KUKU', 'Tonco swap matcher is not implemented'],
  [
    'tonco.yaml: Tonco deposit liquidity (normal)',
    'Tonco deposit-liquidity matcher is not implemented',
  ],
  [
    'tonco.yaml: Tonco deposit liquidity one side TON (strange case)',
    'Tonco deposit-liquidity matcher is not implemented',
  ],
  [
    'tonco.yaml: Tonco deposit liquidity two sides jetton',
    'Tonco deposit-liquidity matcher is not implemented',
  ],
  ['tonco.yaml: Tonco withdraw liquidity', 'Tonco withdraw-liquidity matcher is not implemented'],
  [
    'tonco.yaml: Tonco withdraw liquidity (one side)',
    'Tonco withdraw-liquidity matcher is not implemented',
  ],
  [
    'tonco.yaml: Tonco withdraw liquidity (two jettons)',
    'Tonco withdraw-liquidity matcher is not implemented',
  ],
]);
