/**
 * getgems marketplace contracts (https://github.com/getgems-io/nft-contracts): the fixed-price sale and
 * the auction as their deploying message's state init lays out their data, read per contract version
 * (known by code hash) the way toncenter's `messages/getgems.py` reads them when an item is put on sale.
 */
import { loadStateInit, type Slice } from '@ton/core';
import { GETGEMS, loadFields } from '@app/ton';
import { loadAddr, parseBoc } from './cells';

/** Code hash (base64) → getgems fixed-price sale version; any other code reads as the newest, v4r1. */
const SALE_VERSIONS: ReadonlyMap<string, string> = new Map([
  ['2pufziLofEllctIDZSWVebzO+RpyA1fMvowFLvyb4I8=', 'v1'],
  ['gnj0xSM95vvtyWmvUZNEp6m//FRIVtuphqlcC8+Fcck=', 'v2'],
  ['MgUN+sRPZIZrzIbyzZ4TBf6dyts5WcACI3z7CQLUQyM=', 'v3'],
  ['3rU7bFdlwebNI4v0e8XoO6WWvcwEsLhM1Qqx5HSgjzE=', 'v3r2'],
  ['JCIfpXHlQuBVx3vt/b9SfHr0YM/cfzRMRQeHtM+h600=', 'v3r3'],
  ['a5WmQYucnSNZBF0edVm41UmuDlBvJMqrWPowyPsf64Y=', 'v4r1'],
]);

/** Code hash (base64) → getgems auction version; any other code reads as v3r3. */
const AUCTION_VERSIONS: ReadonlyMap<string, string> = new Map([
  ['zlp4U06qps7tja/UhtB262CpsNbb+1Nnb2YmScBomVY=', 'v4r1'],
  ['ZmiHL6eXBUQ//UdSPo6eqfdquZ+aC1nSfej4GhwnudQ=', 'v2'],
  ['G9nFo5v/t6DzQViLXdkrgTqEK/Ze8UEJOCIAzq+Pct8=', 'v3r2'],
  ['u29ireD+stefqzuK6/CTCvmFU99gCTsgJ/Covxab/Ow=', 'v3r3'],
  ['/ACindAgW83MDT/7nKOMw8jBWexg2KpUMkCpLxBZLUA=', 'v1'],
]);

export interface SaleInitData {
  marketplace_address: string | null;
  full_price: bigint;
  marketplace_fee_address: string | null;
  /** null for v4r1, which stores a fee percentage instead. */
  marketplace_fee: bigint | null;
  royalty_address: string | null;
  royalty_amount: bigint | null;
}

export interface AuctionInitData {
  mp_fee_addr: string | null;
  mp_fee_factor: bigint;
  mp_fee_base: bigint;
  royalty_fee_addr: string | null;
  royalty_fee_base: bigint;
  min_bid: bigint;
  max_bid: bigint;
}

function dataOf(stateInitBoc: string): Slice {
  const init = loadStateInit(parseBoc(stateInitBoc).beginParse());
  if (!init.data) {
    throw new Error('state init has no data');
  }
  return init.data.beginParse();
}

/**
 * The sale's data from its state init. v4r1: is_complete:uint1 marketplace nft_owner full_price:Grams
 * sold_at:uint32 query_id:uint64 ^[marketplace_fee_address royalty_address fee_percent:uint17
 * royalty_percent:uint17]. Older: [is_complete:uint1 created_at:uint32 (v2 and later)] marketplace nft
 * nft_owner full_price:Grams ^fees, the fees v1: marketplace_fee:Grams marketplace_fee_address
 * royalty_address royalty_amount:Grams, later: marketplace_fee_address marketplace_fee:Grams
 * royalty_address royalty_amount:Grams. Every field toncenter reads is read, so data cut short gives null.
 */
export function saleInitData(stateInitBoc: string, codeHash: string | null): SaleInitData | null {
  const version = (codeHash !== null ? SALE_VERSIONS.get(codeHash) : undefined) ?? 'v4r1';
  try {
    const cs = dataOf(stateInitBoc);
    if (version === 'v4r1') {
      cs.loadUint(1);
      const marketplace_address = loadAddr(cs);
      loadAddr(cs);
      const full_price = cs.loadCoins();
      cs.loadUint(32);
      cs.loadUintBig(64);
      const st = cs.loadRef().beginParse();
      const marketplace_fee_address = loadAddr(st);
      const royalty_address = loadAddr(st);
      // fee_percent:uint17 royalty_percent:uint17: read (a cell cut short gives no data), not kept
      st.loadUint(17);
      st.loadUint(17);
      return {
        marketplace_address,
        full_price,
        marketplace_fee_address,
        royalty_address,
        marketplace_fee: null,
        royalty_amount: null,
      };
    }
    if (version !== 'v1') {
      cs.loadUint(1);
      cs.loadUint(32);
    }
    const marketplace_address = loadAddr(cs);
    loadAddr(cs);
    loadAddr(cs);
    const full_price = cs.loadCoins();
    const fees = cs.loadRef().beginParse();
    if (version === 'v1') {
      const marketplace_fee = fees.loadCoins();
      return {
        marketplace_address,
        full_price,
        marketplace_fee,
        marketplace_fee_address: loadAddr(fees),
        royalty_address: loadAddr(fees),
        royalty_amount: fees.loadCoins(),
      };
    }
    return {
      marketplace_address,
      full_price,
      marketplace_fee_address: loadAddr(fees),
      marketplace_fee: fees.loadCoins(),
      royalty_address: loadAddr(fees),
      royalty_amount: fees.loadCoins(),
    };
  } catch {
    // Data that is not this version's layout (an unknown code hash is read as v4r1): no init data,
    // and families/nft-listing.ts builds no put-on-sale action from it.
    return null;
  }
}

/** fees cell of v1 / v3r2: mp_fee_addr mp_fee_factor:uint32 mp_fee_base:uint32 royalty_fee_addr royalty factor, base. */
function addressFirstFees(fees: Slice): Pick<
  AuctionInitData,
  'mp_fee_addr' | 'mp_fee_factor' | 'mp_fee_base' | 'royalty_fee_addr'
> & {
  royalty_fee_base: bigint;
} {
  const mp_fee_addr = loadAddr(fees);
  const mp_fee_factor = fees.loadUintBig(32);
  const mp_fee_base = fees.loadUintBig(32);
  const royalty_fee_addr = loadAddr(fees);
  fees.loadUintBig(32);
  return {
    mp_fee_addr,
    mp_fee_factor,
    mp_fee_base,
    royalty_fee_addr,
    royalty_fee_base: fees.loadUintBig(32),
  };
}

/**
 * The running auction's state v3r3 and v4r1 begin with, skipped: end?:1 is_canceled?:1 last_member
 * last_bid:Grams last_bid_at:32 end_time:32 nft_owner last_query_id:64.
 */
function skipAuctionState(cs: Slice): void {
  cs.loadUint(2);
  loadAddr(cs);
  cs.loadCoins();
  cs.loadUint(32);
  cs.loadUint(32);
  loadAddr(cs);
  cs.loadUintBig(64);
}

/** v3r3's and v4r1's fee addresses: mp_fee_addr royalty_fee_addr. */
function loadFeeAddresses(fees: Slice): Pick<AuctionInitData, 'mp_fee_addr' | 'royalty_fee_addr'> {
  const mp_fee_addr = loadAddr(fees);
  return { mp_fee_addr, royalty_fee_addr: loadAddr(fees) };
}

/** v3r3's and v4r1's fee numbers: mp_fee_factor mp_fee_base royalty_fee_factor royalty_fee_base (uint32 each). */
function loadFeeNumbers(
  s: Slice,
): Pick<AuctionInitData, 'mp_fee_factor' | 'mp_fee_base' | 'royalty_fee_base'> {
  const mp_fee_factor = s.loadUintBig(32);
  const mp_fee_base = s.loadUintBig(32);
  s.loadUintBig(32);
  return { mp_fee_factor, mp_fee_base, royalty_fee_base: s.loadUintBig(32) };
}

/**
 * The constants cell from its marketplace address on: mp_addr min_bid:Grams max_bid:Grams; the
 * caller reads what follows (min_step and step_time, whose sizes differ by version).
 */
function loadBids(constants: Slice): Pick<AuctionInitData, 'min_bid' | 'max_bid'> {
  loadAddr(constants);
  const min_bid = constants.loadCoins();
  return { min_bid, max_bid: constants.loadCoins() };
}

/**
 * The auction's data from its state init, per version (getgems nft-auction v1, v3r2, v3r3, v4r1; v2
 * is not read, as toncenter does not). Every field toncenter reads is read (min_step and the times too), so data cut short gives null.
 */
export function auctionInitData(
  stateInitBoc: string,
  codeHash: string | null,
): AuctionInitData | null {
  const version = (codeHash !== null ? AUCTION_VERSIONS.get(codeHash) : undefined) ?? 'v3r3';
  try {
    const cs = dataOf(stateInitBoc);
    switch (version) {
      case 'v1': {
        // ^fees ^bids: min_bid:Grams max_bid:Grams min_step:Grams end_time step_time try_step_time
        const fees = addressFirstFees(cs.loadRef().beginParse());
        const bids = cs.loadRef().beginParse();
        const min_bid = bids.loadCoins();
        const max_bid = bids.loadCoins();
        bids.loadCoins();
        bids.loadUint(32);
        bids.loadUint(32);
        bids.loadUint(32);
        return { ...fees, min_bid, max_bid };
      }
      case 'v3r2': {
        // end?:1 activated?:1 is_canceled?:1 last_member last_bid:Grams last_bid_at:32 end_time:32
        // ^fees ^constants(sub_gas_price_from_bid:32 mp_addr min_bid max_bid min_step step_time)
        cs.loadUint(3);
        loadAddr(cs);
        cs.loadCoins();
        cs.loadUint(32);
        cs.loadUint(32);
        const fees = addressFirstFees(cs.loadRef().beginParse());
        const constants = cs.loadRef().beginParse();
        constants.loadUint(32);
        const bids = loadBids(constants);
        constants.loadCoins();
        constants.loadUint(32);
        return { ...fees, ...bids };
      }
      case 'v3r3': {
        // mp_fee_factor mp_fee_base royalty_fee_factor royalty_fee_base inline after the state,
        // ^(mp_fee_addr royalty_fee_addr) ^(mp_addr min_bid max_bid min_step step_time)
        skipAuctionState(cs);
        const numbers = loadFeeNumbers(cs);
        const fees = cs.loadRef().beginParse();
        const constants = cs.loadRef().beginParse();
        const bids = loadBids(constants);
        constants.loadCoins();
        constants.loadUint(32);
        return { ...loadFeeAddresses(fees), ...numbers, ...bids };
      }
      case 'v4r1': {
        // ^(mp_fee_addr royalty_fee_addr mp_fee_factor mp_fee_base royalty_fee_factor royalty_fee_base)
        // ^(mp_addr min_bid max_bid min_step:7 step_time:17)
        skipAuctionState(cs);
        const fees = cs.loadRef().beginParse();
        const constants = cs.loadRef().beginParse();
        const addresses = loadFeeAddresses(fees);
        const numbers = loadFeeNumbers(fees);
        const bids = loadBids(constants);
        constants.loadUint(7);
        constants.loadUint(17);
        return { ...addresses, ...numbers, ...bids };
      }
      default:
        return null;
    }
  } catch {
    // Data that is not this version's layout (an unknown code hash is read as v3r3): no init data,
    // and families/nft-listing.ts builds no auction action from it.
    return null;
  }
}

/** `GETGEMS.sale_update`: the owner changing a fixed-price sale's price and fees. */
export function parseSaleUpdate(s: Slice): {
  query_id: bigint;
  new_full_price: bigint;
  new_mp_fee: bigint;
  new_royalty_amount: bigint;
} {
  return loadFields(GETGEMS.sale_update, s);
}
