/**
 * Tonco (concentrated-liquidity AMM) router/pool/account/position messages, as toncenter reads them.
 * Opcodes and leading fields come from the registry's `TONCO` constructors (`loadFields`,
 * `loadLeadingFields`, most under any opcode: the matchers have placed the message); what is read by
 * hand after them differs from the layouts on purpose: toncenter reads further than the layout (into
 * `rest` or a ref the layout keeps whole), or accepts an addr_extern where the layout wants an account.
 */
import type { Cell, Slice } from '@ton/core';
import { loadFields, loadLeadingFields, STONFI, TONCO } from '@app/ton';
import {
  afterAnyOpcode,
  loadAddr,
  loadAddrOrExternal,
  loadLeadingStructFields,
  loadMaybeRef,
} from './cells';

export interface PTonTransferBody {
  ton_amount: bigint;
  refund_address: string | null;
  forward_payload: Cell | null;
}

/**
 * `STONFI.pton_ton_transfer` up to its ton_amount (under any opcode), the rest read as toncenter does:
 * a forward payload behind a 0 bit is the rest of the cell only when it has a ref (the layout's
 * `payload` keeps any bits), and an addr_extern refund address is accepted.
 */
export function parsePTonTransfer(s: Slice): PTonTransferBody {
  const { ton_amount } = loadLeadingFields(afterAnyOpcode(STONFI.pton_ton_transfer, s), s, [
    'query_id',
    'ton_amount',
  ]);
  // toncenter keeps the refund address as read (never as an account id), so addr_extern is accepted
  const refund_address = loadAddrOrExternal(s);
  let forward_payload = loadMaybeRef(s);
  if (!forward_payload && s.remainingRefs > 0) {
    forward_payload = s.asCell();
  }
  return { ton_amount, refund_address, forward_payload };
}

export interface ToncoSwapBody {
  owner: string | null;
  source_wallet: string | null;
  amount: bigint;
  min_out_amount: bigint;
}

/**
 * `TONCO.pool_swap` (POOLV3_SWAP#a7fb58f8 query_id:uint64 owner_address:MsgAddress
 *   source_wallet:MsgAddress params_cell:^[amount:Coins sqrt_price_limit_x96:uint160
 *   min_out_amount:Coins] payloads_cell:^[...]) up to its query_id, under any opcode; by hand from the
 *   owner on, which toncenter accepts as an addr_extern.
 */
export function parseToncoSwap(s: Slice): ToncoSwapBody {
  loadLeadingFields(afterAnyOpcode(TONCO.pool_swap, s), s, ['query_id']);
  // toncenter's ToncoPoolV3Swap keeps the owner as read (addr_extern too); only the source wallet
  // becomes an account id
  const owner = loadAddrOrExternal(s);
  const source_wallet = loadAddr(s);
  const p = s.loadRef().beginParse();
  const amount = p.loadCoins();
  p.skip(160);
  const min_out_amount = p.loadCoins();
  // payloads_cell:^[target_address:MsgAddress ok_forward_amount:Coins ok_forward_payload:(Maybe ^Cell)
  //   ret_forward_amount:Coins ret_forward_payload:(Maybe ^Cell)] is read whole upstream: a swap
  // without it (or cut short in it) is an unreadable step
  const q = s.loadRef().beginParse();
  loadAddrOrExternal(q);
  q.loadCoins();
  loadMaybeRef(q);
  q.loadCoins();
  loadMaybeRef(q);
  return { owner, source_wallet, amount, min_out_amount };
}

/**
 * The swap request payload `TONCO.swap_payload` (its opcode unchecked, as toncenter reads it); a
 * nested payload with the same opcode is the next hop. Returns (wallet, min_out) per hop.
 */
export function toncoSwapTargets(s: Slice): [string | null, bigint][] {
  const {
    target_jetton_wallet: wallet,
    min_out: minOut,
    payload,
  } = loadFields(afterAnyOpcode(TONCO.swap_payload, s), s);
  const out: [string | null, bigint][] = [];
  if (wallet !== null) {
    out.push([wallet, minOut]);
  }
  if (payload) {
    try {
      const inner = payload.beginParse();
      if (inner.remainingBits >= 32 && inner.preloadUint(32) >>> 0 === TONCO.swap_payload.opcode) {
        out.push(...toncoSwapTargets(inner));
      }
    } catch {
      // A nested hop that does not read as a pool swap adds no target; the targets read so far stand
      // (the outer swap is still this one).
    }
  }
  return out;
}

export interface ToncoPayToBody {
  receiver0: string | null;
  receiver1: string | null;
  exit_code: number;
  amount0: bigint | null;
  jetton0: string | null;
  amount1: bigint | null;
  jetton1: string | null;
}

/**
 * ROUTERV3_PAY_TO#a1daa96d query_id:uint64 reciever0:MsgAddress reciever1:MsgAddress exit_code:uint32
 *   seqno:uint64 coinsinfo_cell:(Maybe ^[amount0:Coins jetton0_address:MsgAddress amount1:Coins
 *   jetton1_address:MsgAddress])
 *   (exit_code = 200)?(Maybe ^[liquidity:uint128 price_sqrt:uint160 tick:int24
 *     fee_growth_global_0x128:int256 fee_growth_global_1x128:int256])
 *   (exit_code = 201)?(Maybe ^[nft_index:uint64 liquidity_burned:uint128 tick_lower:int24
 *     tick_upper:int24 tick_burn:int24]),
 * read whole as toncenter does: a swap or burn info cell cut short makes the message unreadable.
 * `TONCO.router_pay_to` up to coinsinfo (under any opcode); the cells it keeps whole (coinsinfo, and
 * the info cell in its `rest`) are read here.
 */
export function parseToncoPayTo(s: Slice): ToncoPayToBody {
  const {
    reciever0: receiver0,
    reciever1: receiver1,
    exit_code,
    coinsinfo: coins,
  } = loadLeadingFields(afterAnyOpcode(TONCO.router_pay_to, s), s, [
    'query_id',
    'reciever0',
    'reciever1',
    'exit_code',
    'seqno',
    'coinsinfo',
  ]);
  const out: ToncoPayToBody = {
    receiver0,
    receiver1,
    exit_code,
    amount0: null,
    jetton0: null,
    amount1: null,
    jetton1: null,
  };
  if (coins) {
    const c = coins.beginParse();
    out.amount0 = c.loadCoins();
    out.jetton0 = loadAddr(c);
    out.amount1 = c.loadCoins();
    out.jetton1 = loadAddr(c);
  }
  const infoBits =
    exit_code === 200 ? 128 + 160 + 24 + 256 + 256 : exit_code === 201 ? 64 + 128 + 72 : 0;
  if (infoBits > 0) {
    const info = loadMaybeRef(s);
    if (info) {
      info.beginParse().skip(infoBits);
    }
  }
  return out;
}

/**
 * The fund-account payload of a liquidity transfer, `TONCO.pool_fund_account` (under any opcode) up to
 * amount1: toncenter reads no further, so a payload cut before it is unreadable and one cut after it
 * is not.
 */
export function parseToncoFundAccountPayload(s: Slice): {
  other_jetton_wallet: string | null;
  amount0: bigint;
  amount1: bigint;
} {
  const { other_jetton_wallet, amount0, amount1 } = loadLeadingFields(
    afterAnyOpcode(TONCO.pool_fund_account, s),
    s,
    ['other_jetton_wallet', 'amount0', 'amount1'],
  );
  return { other_jetton_wallet, amount0, amount1 };
}

/**
 * `TONCO.position_init`, read to its end as toncenter does: its query_id (under any opcode), the
 * user address (which toncenter accepts as an addr_extern) to tick_upper by hand, then old_fee_cell
 * through the layout.
 */
export function parseToncoPositionInit(s: Slice): { liquidity: bigint; nft_index: bigint } {
  const k = TONCO.position_init;
  loadLeadingFields(afterAnyOpcode(k, s), s, ['query_id']);
  loadAddrOrExternal(s);
  const liquidity = s.loadUintBig(128);
  s.skip(24 + 24);
  const { nft_index } = loadLeadingStructFields(k.fields.old_fee_cell, s.loadRef().beginParse(), [
    'fee_growth_inside_0_last_x128',
    'fee_growth_inside_1_last_x128',
    'nft_index',
    'jetton0_amount',
    'jetton1_amount',
    'tick',
  ]);
  return { liquidity, nft_index };
}

/**
 * The burned index of `TONCO.pool_burn`, read whole as toncenter does: its query_id (under any
 * opcode), the recipient (which toncenter accepts as an addr_extern) to liquidity_to_burn by hand,
 * then both fee cells through the layout.
 */
export function parseToncoPoolBurnIndex(s: Slice): bigint {
  const { old_fee_cell: oldFees, new_fee_cell: newFees } = TONCO.pool_burn.fields;
  loadLeadingFields(afterAnyOpcode(TONCO.pool_burn, s), s, ['query_id']);
  loadAddrOrExternal(s);
  const index = s.loadUintBig(64);
  s.skip(128 + 24 + 24 + 128);
  loadLeadingStructFields(oldFees, s.loadRef().beginParse(), [
    'fee_growth_inside_0_last_x128',
    'fee_growth_inside_1_last_x128',
  ]);
  loadLeadingStructFields(newFees, s.loadRef().beginParse(), [
    'fee_growth_inside_0_current_x128',
    'fee_growth_inside_1_current_x128',
  ]);
  return index;
}

/** The NFT's owner of `TONCO.position_burn` (under any opcode), read whole as toncenter does. */
export function parseToncoPositionBurnOwner(s: Slice): string | null {
  return loadFields(afterAnyOpcode(TONCO.position_burn, s), s).nft_owner;
}

export interface ToncoCreatePoolBody {
  jetton_wallet0: string | null;
  jetton_wallet1: string | null;
  tick_spacing: number;
  initial_price_x96: bigint;
  protocol_fee: number;
  lp_fee_base: number;
  lp_fee_current: number;
  jetton0_minter: string | null;
  jetton1_minter: string | null;
}

/**
 * `TONCO.router_create_pool` (under any opcode) up to its content cells; its minters reference by
 * hand, as toncenter accepts an addr_extern controller there.
 */
export function parseToncoCreatePool(s: Slice): ToncoCreatePoolBody {
  // The pool's fields as the layout reads them; the query id and the content cells are not reported.
  const {
    query_id: _queryId,
    nftv3_content: _content,
    nftv3item_content: _itemContent,
    ...pool
  } = loadLeadingFields(afterAnyOpcode(TONCO.router_create_pool, s), s, [
    'query_id',
    'jetton_wallet0',
    'jetton_wallet1',
    'tick_spacing',
    'initial_price_x96',
    'protocol_fee',
    'lp_fee_base',
    'lp_fee_current',
    'nftv3_content',
    'nftv3item_content',
  ]);
  const m = s.loadRef().beginParse();
  const jetton0_minter = loadAddr(m);
  const jetton1_minter = loadAddr(m);
  loadAddrOrExternal(m); // controller_addr: toncenter reads it, so a minter cell without it is unreadable
  return { ...pool, jetton0_minter, jetton1_minter };
}

/**
 * POOLV3_INIT#441c39ed query_id:uint64 from_admin:Bool has_admin:Bool admin_addr:MsgAddress
 *   has_controller:Bool controller_addr:MsgAddress set_spacing:Bool tick_spacing:int24 set_price:Bool
 *   initial_price_x96:uint160 set_active:Bool pool_active:Bool protocol_fee:uint16 lp_fee_base:uint16
 *   lp_fee_current:uint16 nftv3_content:^Cell nftv3item_content:^Cell
 *   minter_cell:(Maybe ^[jetton0_minter:MsgAddress jetton1_minter:MsgAddress])
 * Read to its end as toncenter does (a message cut short is unreadable); returns pool_active.
 * `TONCO.pool_init` (under any opcode) up to has_admin; by hand from admin_addr on, which toncenter
 * (like controller_addr) accepts as an addr_extern.
 */
export function parseToncoPoolInitActive(s: Slice): boolean {
  loadLeadingFields(afterAnyOpcode(TONCO.pool_init, s), s, ['query_id', 'from_admin', 'has_admin']);
  loadAddrOrExternal(s);
  s.skip(1);
  loadAddrOrExternal(s);
  s.skip(1 + 24 + 1 + 160 + 1);
  const active = s.loadBit();
  s.skip(16 * 3);
  s.loadRef();
  s.loadRef();
  const minters = loadMaybeRef(s);
  if (minters) {
    const m = minters.beginParse();
    loadAddrOrExternal(m);
    loadAddrOrExternal(m);
  }
  return active;
}
