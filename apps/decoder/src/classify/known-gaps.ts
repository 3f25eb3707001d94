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
