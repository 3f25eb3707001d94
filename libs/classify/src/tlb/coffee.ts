/**
 * swap.coffee DEX messages, as toncenter reads them (ton-indexer `messages/coffee.py`). Bodies load
 * through the registry's `COFFEE` constructors (`loadFields`, `loadLeadingFields`, under any opcode
 * where the matchers have placed the message); what is read here is what the layouts keep whole and
 * toncenter reads further (a notification data cell, a depository's trimmed params, the jetton data of a
 * staking withdrawal), or an owner toncenter accepts as an addr_extern: a message cut short there is
 * unreadable.
 */
import type { Slice } from '@ton/core';
import { COFFEE, type LoadedFields, loadFields, loadLeadingFields } from '@app/ton';
import type { Asset } from '../families/asset';
import { afterAnyOpcode, loadAddrOrExternal, loadMaybeRef } from './cells';

/**
 * A loaded `COFFEE` asset as the classifier's asset; the extra-currency variant is refused. The layout
 * reads the chain as int8; toncenter reads the byte unsigned, so -1 is written 255.
 */
export function coffeeAsset(
  a: LoadedFields<(typeof COFFEE.create_vault)['fields']>['asset'],
): Asset {
  switch (a['@type']) {
    case 'native':
      return { isTon: true, jetton: null };
    case 'jetton': {
      // The int8 read as the unsigned byte it is stored as (-1 is 255).
      const chain = a.chain < 0 ? a.chain + 256 : a.chain;
      return { isTon: false, jetton: `${String(chain)}:${a.hash.toString('hex').toUpperCase()}` };
    }
    case 'extra':
      throw new Error('unsupported coffee asset tag 2');
  }
}

/** pool_params first:Asset second:Asset amm:(## 3) amm_settings:(Maybe ^Cell) = PoolParams */
export interface CoffeePoolParams {
  first: Asset;
  second: Asset;
}

/** Loaded `COFFEE` pool params as the classifier's assets (an extra-currency asset is refused). */
function coffeePoolParams(
  p: LoadedFields<(typeof COFFEE.create_pool)['fields']>['params'],
): CoffeePoolParams {
  return { first: coffeeAsset(p.first), second: coffeeAsset(p.second) };
}

/**
 * notification_data on_success:(Maybe ^NotificationDataSingle) on_failure:(Maybe ^NotificationDataSingle),
 * notification_data_single receiver:MsgAddressInt fwd_gas:Coins payload:^Cell. Only checked for
 * readability: toncenter parses it, so a malformed one makes the enclosing message unreadable.
 */
function skipCoffeeNotificationData(s: Slice): void {
  for (let i = 0; i < 2; i++) {
    const single = loadMaybeRef(s);
    if (single) {
      const n = single.beginParse();
      loadAddrOrExternal(n);
      n.loadCoins();
      n.loadRef();
    }
  }
}

/**
 * The recipient of loaded pool creation params, their notification data (kept whole by the layout)
 * read as toncenter reads it.
 */
function poolCreationRecipient(
  p: LoadedFields<(typeof COFFEE.create_pool)['fields']>['creation_params'],
): string | null {
  const notification = p.public.notification_data;
  if (notification) {
    skipCoffeeNotificationData(notification.beginParse());
  }
  return p.public.recipient;
}

export interface CoffeeCreatePool {
  amount: bigint | null;
  params: CoffeePoolParams;
  recipient: string | null;
}

/** `COFFEE.create_pool` (under any opcode). */
export function parseCoffeeCreatePoolNative(s: Slice): CoffeeCreatePool {
  const { amount, params, creation_params } = loadFields(afterAnyOpcode(COFFEE.create_pool, s), s);
  const pool = coffeePoolParams(params);
  return { amount, params: pool, recipient: poolCreationRecipient(creation_params) };
}

/** `COFFEE.create_pool_jetton` (under any opcode). */
export function parseCoffeeCreatePoolJetton(s: Slice): CoffeeCreatePool {
  const { params, creation_params } = loadFields(afterAnyOpcode(COFFEE.create_pool_jetton, s), s);
  const pool = coffeePoolParams(params);
  return { amount: null, params: pool, recipient: poolCreationRecipient(creation_params) };
}

/**
 * create_liquidity_depository_request#c0ffee27 query_id:uint64 amount:Coins
 * params:^[recipient:MsgAddressInt use_recipient_on_failure:int1] pool_params:^PoolParams
 * sender:MsgAddressInt proof:^Cell, read whole as toncenter does: `COFFEE.create_liquidity_depository_request`
 * (under any opcode), then the params cell it keeps whole, whose recipient toncenter accepts as an
 * addr_extern.
 */
export function parseCoffeeCreateLiquidityDepositoryRequest(s: Slice): {
  amount: bigint;
  pool_params: CoffeePoolParams;
  sender: string | null;
} {
  const { amount, params, pool_params, sender } = loadFields(
    afterAnyOpcode(COFFEE.create_liquidity_depository_request, s),
    s,
  );
  // deposit_liquidity_params_trimmed recipient:MsgAddressInt use_recipient_on_failure:int1
  const trimmed = params.beginParse();
  loadAddrOrExternal(trimmed);
  trimmed.skip(1);
  return { amount, pool_params: coffeePoolParams(pool_params), sender };
}

/**
 * deposit_liquidity_successful_event#c0ffee33 / liquidity_withdrawal_event#c0ffee35 query_id:uint64
 * amount1:Coins amount2:Coins lp_amount:Coins total_supply:PoolReserves reserves:PoolReserves, with
 * pool_reserves input_reserve:Coins output_reserve:Coins; read whole as toncenter does:
 * `COFFEE.deposit_liquidity_succeeded` (either opcode, one layout).
 */
export function parseCoffeeLiquidityEvent(s: Slice): {
  amount1: bigint;
  amount2: bigint;
  lp_amount: bigint;
} {
  const event = loadFields(afterAnyOpcode(COFFEE.deposit_liquidity_succeeded, s), s);
  return { amount1: event.amount1, amount2: event.amount2, lp_amount: event.lp_amount };
}

/**
 * create_pool_request#c0ffee25 query_id:uint64 amount1:Coins amount2:Coins tx_initiator:MsgAddressInt
 * creation_params:^PoolCreationParams proof:^Cell, read whole as toncenter does:
 * `COFFEE.create_pool_request` (under any opcode).
 */
export function parseCoffeeCreatePoolRequest(s: Slice): {
  amount1: bigint;
  amount2: bigint;
  tx_initiator: string | null;
} {
  const { amount1, amount2, tx_initiator, creation_params } = loadFields(
    afterAnyOpcode(COFFEE.create_pool_request, s),
    s,
  );
  poolCreationRecipient(creation_params);
  return { amount1, amount2, tx_initiator };
}

/**
 * staking_position_withdraw_2#cb03bfaf query_id:uint64 nft_id:uint64 owner:MsgAddressInt points:Coins
 * jetton_data:^[wallet:MsgAddressInt amount:Coins]: `COFFEE.staking_position_withdraw_2` (under any
 * opcode) up to points; jetton_data by hand, as toncenter accepts an addr_extern wallet there (it
 * reads it, so a message without it is unreadable).
 */
export function parseCoffeeStakingWithdraw2(s: Slice): {
  nft_id: bigint;
  owner: string | null;
  points: bigint;
} {
  const { nft_id, owner, points } = loadLeadingFields(
    afterAnyOpcode(COFFEE.staking_position_withdraw_2, s),
    s,
    ['query_id', 'nft_id', 'owner', 'points'],
  );
  const jettonData = s.loadRef().beginParse();
  loadAddrOrExternal(jettonData);
  jettonData.loadCoins();
  return { nft_id, owner, points };
}

export interface CoffeeStakingPayout {
  jetton_wallet: string | null;
  jetton_amount: bigint;
  receiver: string | null;
}

/**
 * staking_position_withdraw_3#cb03bfaf query_id:uint64 jetton_wallet:MsgAddressInt jetton_amount:Coins
 * owner:MsgAddressInt: `COFFEE.staking_position_withdraw_3` (under any opcode) up to jetton_amount;
 * the owner by hand, as it is kept as read, never as an account (addr_extern is accepted).
 */
export function parseCoffeeStakingWithdraw3(s: Slice): CoffeeStakingPayout {
  const { jetton_wallet, jetton_amount } = loadLeadingFields(
    afterAnyOpcode(COFFEE.staking_position_withdraw_3, s),
    s,
    ['query_id', 'jetton_wallet', 'jetton_amount'],
  );
  return { jetton_wallet, jetton_amount, receiver: loadAddrOrExternal(s) };
}

/**
 * staking_claim_rewards#b30c7310 query_id:uint64 jetton_wallet:MsgAddressInt jetton_amount:Coins
 * receiver:MsgAddressInt payload:(Maybe ^[gas:Coins payload:^Cell]), read whole as toncenter does:
 * `COFFEE.staking_claim_rewards` (under any opcode).
 */
export function parseCoffeeStakingClaimRewards(s: Slice): CoffeeStakingPayout {
  const { jetton_wallet, jetton_amount, receiver } = loadFields(
    afterAnyOpcode(COFFEE.staking_claim_rewards, s),
    s,
  );
  return { jetton_wallet, jetton_amount, receiver };
}
