/**
 * swap.coffee DEX messages, as toncenter reads them. Opcodes come from the registry's `COFFEE`
 * constructors and the swap, payout, vault and MEV bodies load through them (`loadFields`); the
 * liquidity and staking readers stay here because toncenter reads them further than the layouts
 * (which keep the tail as `rest`): a message cut short there is unreadable.
 */
import type { Slice } from '@ton/core';
import type { COFFEE, LoadedFields } from '@app/ton';
import type { Asset } from '../families/asset';
import { loadAddr, loadAddrOrExternal, loadMaybeRef } from './cells';

/**
 * native$00 = Asset; jetton$01 chain:uint8 hash:uint256 = Asset; extra$10 id:uint32 = Asset (refused,
 * as toncenter refuses it). Read by hand inside the pool params, which toncenter reads further than
 * the layout. The chain is unsigned as toncenter reads it (`load_coffee_asset`), so a masterchain
 * jetton is `255:…`.
 */
export function loadCoffeeAsset(s: Slice): Asset {
  const tag = s.loadUint(2);
  if (tag === 0) {
    return { isTon: true, jetton: null };
  }
  if (tag === 1) {
    const wc = s.loadUint(8);
    return { isTon: false, jetton: `${wc}:${s.loadBuffer(32).toString('hex').toUpperCase()}` };
  }
  throw new Error(`unsupported coffee asset tag ${tag}`);
}

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

export function loadCoffeePoolParams(s: Slice): CoffeePoolParams {
  const first = loadCoffeeAsset(s);
  const second = loadCoffeeAsset(s);
  s.skip(3);
  if (s.loadBit()) {
    s.loadRef();
  }
  return { first, second };
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
 * pool_creation_params public:[recipient:MsgAddressInt use_recipient_on_failure:int1
 * notification_data:(Maybe ^NotificationData)] private:[is_active:uint1 extra_settings:(Maybe ^Cell)],
 * read whole as toncenter does: the recipient.
 */
function loadCoffeePoolCreationRecipient(s: Slice): string | null {
  const recipient = loadAddr(s);
  s.skip(1);
  const notification = loadMaybeRef(s);
  if (notification) {
    skipCoffeeNotificationData(notification.beginParse());
  }
  s.skip(1);
  loadMaybeRef(s);
  return recipient;
}

export interface CoffeeCreatePool {
  amount: bigint | null;
  params: CoffeePoolParams;
  recipient: string | null;
}

/** create_pool_native#c0ffee02 query_id:uint64 amount:Coins params:PoolParams creation_params:PoolCreationParams */
export function parseCoffeeCreatePoolNative(s: Slice): CoffeeCreatePool {
  s.skip(32 + 64);
  const amount = s.loadCoins();
  const params = loadCoffeePoolParams(s);
  return { amount, params, recipient: loadCoffeePoolCreationRecipient(s) };
}

/** create_pool_jetton#c0ffee11 params:PoolParams creation_params:PoolCreationParams (forward payload) */
export function parseCoffeeCreatePoolJetton(s: Slice): CoffeeCreatePool {
  s.skip(32);
  const params = loadCoffeePoolParams(s);
  return { amount: null, params, recipient: loadCoffeePoolCreationRecipient(s) };
}

/**
 * create_liquidity_depository_request#c0ffee27 query_id:uint64 amount:Coins
 * params:^[recipient:MsgAddressInt use_recipient_on_failure:int1] pool_params:^PoolParams
 * sender:MsgAddressInt proof:^Cell, read whole as toncenter does.
 */
export function parseCoffeeCreateLiquidityDepositoryRequest(s: Slice): {
  amount: bigint;
  pool_params: CoffeePoolParams;
  sender: string | null;
} {
  s.skip(32 + 64);
  const amount = s.loadCoins();
  const trimmed = s.loadRef().beginParse();
  loadAddrOrExternal(trimmed);
  trimmed.skip(1);
  const pool_params = loadCoffeePoolParams(s.loadRef().beginParse());
  const sender = loadAddr(s);
  s.loadRef();
  return { amount, pool_params, sender };
}

/**
 * deposit_liquidity_successful_event#c0ffee33 / liquidity_withdrawal_event#c0ffee35 query_id:uint64
 * amount1:Coins amount2:Coins lp_amount:Coins total_supply:PoolReserves reserves:PoolReserves, with
 * pool_reserves input_reserve:Coins output_reserve:Coins; read whole as toncenter does.
 */
export function parseCoffeeLiquidityEvent(s: Slice): {
  amount1: bigint;
  amount2: bigint;
  lp_amount: bigint;
} {
  s.skip(32 + 64);
  const event = { amount1: s.loadCoins(), amount2: s.loadCoins(), lp_amount: s.loadCoins() };
  for (let i = 0; i < 4; i++) {
    s.loadCoins();
  }
  return event;
}

/**
 * create_pool_request#c0ffee25 query_id:uint64 amount1:Coins amount2:Coins tx_initiator:MsgAddressInt
 * creation_params:^PoolCreationParams proof:^Cell, read whole as toncenter does.
 */
export function parseCoffeeCreatePoolRequest(s: Slice): {
  amount1: bigint;
  amount2: bigint;
  tx_initiator: string | null;
} {
  s.skip(32 + 64);
  const amount1 = s.loadCoins();
  const amount2 = s.loadCoins();
  const tx_initiator = loadAddr(s);
  loadCoffeePoolCreationRecipient(s.loadRef().beginParse());
  s.loadRef();
  return { amount1, amount2, tx_initiator };
}

/**
 * staking_position_withdraw_2#cb03bfaf query_id:uint64 nft_id:uint64 owner:MsgAddressInt points:Coins
 * jetton_data:^[wallet:MsgAddressInt amount:Coins]
 */
export function parseCoffeeStakingWithdraw2(s: Slice): {
  nft_id: bigint;
  owner: string | null;
  points: bigint;
} {
  s.skip(32 + 64);
  const nft_id = s.loadUintBig(64);
  const owner = loadAddr(s);
  const points = s.loadCoins();
  // jetton_data is read by toncenter too: a message without it is unreadable
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
 * owner:MsgAddressInt (the owner is kept as read, never as an account: addr_extern is accepted).
 */
export function parseCoffeeStakingWithdraw3(s: Slice): CoffeeStakingPayout {
  s.skip(32 + 64);
  const jetton_wallet = loadAddr(s);
  const jetton_amount = s.loadCoins();
  return { jetton_wallet, jetton_amount, receiver: loadAddrOrExternal(s) };
}

/**
 * staking_claim_rewards#b30c7310 query_id:uint64 jetton_wallet:MsgAddressInt jetton_amount:Coins
 * receiver:MsgAddressInt payload:(Maybe ^[gas:Coins payload:^Cell]), read whole as toncenter does.
 */
export function parseCoffeeStakingClaimRewards(s: Slice): CoffeeStakingPayout {
  s.skip(32 + 64);
  const jetton_wallet = loadAddr(s);
  const jetton_amount = s.loadCoins();
  const receiver = loadAddr(s);
  const forward = loadMaybeRef(s);
  if (forward) {
    const f = forward.beginParse();
    f.loadCoins();
    f.loadRef();
  }
  return { jetton_wallet, jetton_amount, receiver };
}
