import { coins, dict, rest, uint64 } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** JVault jetton staking pools and stake wallets. */
export const JVAULT = {
  // unstake_jettons#499a9262 query_id:uint64 jettons_to_unstake:Coins ... (owner → stake wallet)
  unstake_jettons: tlb('jvault_unstake_jettons', 0x499a9262, {
    query_id: uint64,
    jettons_to_unstake: coins,
    rest,
  }),
  // unstake_request#0168d4b7 query_id:uint64 jettons_to_unstake:Coins ... (stake wallet → pool)
  unstake_request: tlb('jvault_unstake_request', 0x0168d4b7, {
    query_id: uint64,
    jettons_to_unstake: coins,
    rest,
  }),
  // claim_rewards_msg#78d9f109 query_id:uint64 jettons_to_claim:(HashmapE 267 Bit) ...
  claim_rewards: tlb('jvault_claim_rewards', 0x78d9f109, {
    query_id: uint64,
    jettons_to_claim: dict,
    rest,
  }),
  // The other pool ↔ stake-wallet messages; layouts not modelled (`rest`).
  receive_jettons: tlb('jvault_receive_jettons', 0xd68a4ac1, { rest }),
  send_claimed_rewards: tlb('jvault_send_claimed_rewards', 0x44bc1fe3, { rest }),
  request_update_rewards: tlb('jvault_request_update_rewards', 0xf5c5baa3, { rest }),
  update_rewards: tlb('jvault_update_rewards', 0xae9307ce, { rest }),
  request_update_referrer: tlb('jvault_request_update_referrer', 0x55c35b40, { rest }),
  update_referrer: tlb('jvault_update_referrer', 0x076ee4e0, { rest }),
  set_data: tlb('jvault_set_data', 0x383411ea, { rest }),
  cancel_stake: tlb('jvault_cancel_stake', 0x9eada1d9, { rest }),
};

export const JVAULT_SCHEMAS: readonly TlbConstructor[] = Object.values(JVAULT);
