import { address, bits256, bool, cell, coins, rest, uint32, uint64 } from '../field-type';
import { type TlbConstructor, tlb } from '../tlb-constructor';

/** The elector (-1:3333…3333), as validators talk to it. */
export const ELECTOR = {
  // new_stake#4e73744b query_id:uint64 validator_pubkey:bits256 stake_at:uint32 max_factor:uint32
  //   adnl_addr:bits256 signature:^bits512 = InternalMsgBody; (validator → elector)
  new_stake: tlb('elector_new_stake', 0x4e73744b, {
    query_id: uint64,
    validator_pubkey: bits256,
    stake_at: uint32,
    max_factor: uint32,
    adnl_addr: bits256,
    signature: cell,
  }),
  // new_stake_confirmation#f374484c query_id:uint64 comment:uint32 = InternalMsgBody; (elector → validator)
  new_stake_confirmation: tlb('elector_new_stake_confirmation', 0xf374484c, {
    query_id: uint64,
    comment: uint32,
  }),
  // recover_stake#47657424 query_id:uint64 = InternalMsgBody; (validator → elector)
  recover_stake_request: tlb('elector_recover_stake_request', 0x47657424, { query_id: uint64 }),
  // recover_stake_ok#f96f7324 query_id:uint64 = InternalMsgBody; (elector → validator)
  recover_stake_response: tlb('elector_recover_stake_response', 0xf96f7324, { query_id: uint64 }),
};

/** TONStakers: the liquid staking pool, its tsTON jetton and withdrawal-bill NFTs. */
export const TONSTAKERS = {
  // withdraw#319b0cdc query_id:uint64 jetton_amount:Coins from_address:MsgAddress
  //   response_address:MsgAddress wait_till_round_end:Bool fill_or_kill:Bool = InternalMsgBody;
  //   (tsTON wallet → pool, after a burn)
  pool_withdraw: tlb('tonstake_pool_withdraw', 0x319b0cdc, {
    query_id: uint64,
    jetton_amount: coins,
    from_address: address,
    response_address: address,
    wait_till_round_end: bool,
    fill_or_kill: bool,
  }),
  // deposit#47d54391 query_id:uint64 ... = InternalMsgBody; (user → pool; the rest is kept as `rest`)
  pool_deposit: tlb('tonstake_pool_deposit', 0x47d54391, { query_id: uint64, rest }),
  // withdrawal#0a77535c query_id:uint64 = InternalMsgBody; (pool → user: an immediate withdrawal)
  pool_withdrawal: tlb('tonstake_pool_withdrawal', 0x0a77535c, { query_id: uint64 }),
  // payout_mint_jettons#1674b0a0 query_id:uint64 destination:MsgAddress amount:Coins ... (pool →
  //   payout minter, tsTON and withdrawal bills; the rest is kept as `rest`)
  payout_mint_jettons: tlb('tonstake_payout_mint_jettons', 0x1674b0a0, {
    query_id: uint64,
    destination: address,
    amount: coins,
    rest,
  }),
  // init_nft#132f9a45 query_id:uint64 ... (bill collection → new bill; rest kept as `rest`)
  nft_init: tlb('tonstake_nft_init', 0x132f9a45, { query_id: uint64, rest }),
  // burn_bill#f127fe4e query_id:uint64 = InternalMsgBody; (collection → bill)
  nft_burn: tlb('tonstake_nft_burn', 0xf127fe4e, { query_id: uint64 }),
  // burn_notification#ed58b0b2 query_id:uint64 amount:Coins owner:MsgAddress ...
  //   = InternalMsgBody; (bill → collection)
  nft_burn_notification: tlb('tonstake_nft_burn_notification', 0xed58b0b2, {
    query_id: uint64,
    amount: coins,
    owner: address,
    rest,
  }),
  // distributed_asset#db3b8abd query_id:uint64 = InternalMsgBody; (bill collection → owner)
  nft_payout: tlb('tonstake_nft_payout', 0xdb3b8abd, { query_id: uint64 }),
  // start_distribution#1140a64f query_id:uint64 = InternalMsgBody; (pool → bill collection)
  start_distribution: tlb('tonstake_start_distribution', 0x1140a64f, { query_id: uint64 }),
};

export const STAKING_SCHEMAS: readonly TlbConstructor[] = [
  ...Object.values(ELECTOR),
  ...Object.values(TONSTAKERS),
];
