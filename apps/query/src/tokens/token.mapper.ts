import {
  type V3JettonBurn,
  type V3JettonMaster,
  type V3JettonTransfer,
  type V3JettonWallet,
  type V3NftCollection,
  type V3NftItem,
  type V3NftSale,
  type V3NftTransfer,
} from '@app/contracts';
import {
  type JettonBurnQueryRow,
  type JettonMasterQueryRow,
  type JettonTransferQueryRow,
  type JettonWalletQueryRow,
  type NftCollectionQueryRow,
  type NftAuctionSaleQueryRow,
  type TelemintSaleQueryRow,
  type NftItemQueryRow,
  type NftSaleQueryRow,
  type SaleItem,
  type NftTransferQueryRow,
} from '@app/database';
import { json } from '../wire/json';

/** Token rows as the v3 shapes of toncenter https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models (numbers as strings, content as stored). */

export function toJettonMaster(r: JettonMasterQueryRow): V3JettonMaster {
  return {
    address: r.address,
    total_supply: r.total_supply,
    mintable: r.mintable,
    admin_address: r.admin_address,
    jetton_content: json(r.jetton_content),
    jetton_wallet_code_hash: r.jetton_wallet_code_hash,
    code_hash: r.code_hash,
    data_hash: r.data_hash,
    last_transaction_lt: r.last_transaction_lt,
  };
}

/** `mintless_info` only for an unclaimed mintless balance (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
export function toJettonWallet(r: JettonWalletQueryRow): V3JettonWallet {
  const out: V3JettonWallet = {
    address: r.address,
    balance: r.balance,
    owner: r.owner,
    jetton: r.jetton,
    last_transaction_lt: r.last_transaction_lt,
    code_hash: r.code_hash,
    data_hash: r.data_hash,
  };
  if (r.mintless_is_claimed === false && r.mintless_amount !== null) {
    out.mintless_info = {
      amount: r.mintless_amount,
      start_from: r.mintless_start_from,
      expire_at: r.mintless_expire_at,
      custom_payload_api_uri: [],
    };
  }
  return out;
}

export function toJettonTransfer(r: JettonTransferQueryRow): V3JettonTransfer {
  return {
    query_id: r.query_id,
    source: r.source,
    destination: r.destination,
    amount: r.amount,
    source_wallet: r.jetton_wallet_address,
    jetton_master: r.jetton_master_address,
    transaction_hash: r.tx_hash,
    transaction_lt: r.tx_lt,
    transaction_now: r.tx_now,
    transaction_aborted: r.tx_aborted,
    response_destination: r.response_destination,
    custom_payload: r.custom_payload,
    decoded_custom_payload: null,
    forward_ton_amount: r.forward_ton_amount,
    forward_payload: r.forward_payload,
    decoded_forward_payload: null,
    trace_id: r.trace_id,
  };
}

export function toJettonBurn(r: JettonBurnQueryRow): V3JettonBurn {
  return {
    query_id: r.query_id,
    owner: r.owner,
    jetton_wallet: r.jetton_wallet_address,
    jetton_master: r.jetton_master_address,
    transaction_hash: r.tx_hash,
    transaction_lt: r.tx_lt,
    transaction_now: r.tx_now,
    transaction_aborted: r.tx_aborted,
    amount: r.amount,
    response_destination: r.response_destination,
    custom_payload: r.custom_payload,
    decoded_custom_payload: null,
    trace_id: r.trace_id,
  };
}

export function toNftCollection(r: NftCollectionQueryRow): V3NftCollection {
  return {
    address: r.address,
    owner_address: r.owner_address,
    last_transaction_lt: r.last_transaction_lt,
    next_item_index: r.next_item_index,
    collection_content: json(r.collection_content),
    data_hash: r.data_hash,
    code_hash: r.code_hash,
  };
}

/**
 * An item as toncenter's ScanNFTItemWithCollection renders it: while its owner is a getgems sale of
 * this item, `on_sale`, `sale_contract_address` and (once the sale knows its seller) `real_owner`;
 * else while its owner is a getgems auction of it, `on_sale`, `auction_contract_address` and the
 * auction's seller as `real_owner`; otherwise none of these keys.
 */
export function toNftItem(r: NftItemQueryRow, collection: V3NftCollection | null): V3NftItem {
  const item = plainNftItem(r, collection);
  if (r.sale_address !== null) {
    return {
      ...item,
      on_sale: true,
      sale_contract_address: r.sale_address,
      ...(r.sale_owner === null ? {} : { real_owner: r.sale_owner }),
    };
  }
  if (r.auction_address !== null) {
    return {
      ...item,
      on_sale: true,
      auction_contract_address: r.auction_address,
      ...(r.auction_owner === null ? {} : { real_owner: r.auction_owner }),
    };
  }
  return item;
}

/** The item's own columns, `on_sale` false. */
function plainNftItem(r: NftItemQueryRow, collection: V3NftCollection | null): V3NftItem {
  return {
    address: r.address,
    init: r.init,
    index: r.index,
    collection_address: r.collection_address,
    owner_address: r.owner_address,
    content: json(r.content),
    last_transaction_lt: r.last_transaction_lt,
    code_hash: r.code_hash,
    data_hash: r.data_hash,
    collection,
    on_sale: false,
  };
}

/**
 * The fields every NFTSale row has (a getgems sale's columns; the auctions and Telemint items are
 * selected under the same names), without `type` and `details`; null ones left out (omitempty).
 */
type SaleHeadRow = Pick<
  NftSaleQueryRow,
  | 'address'
  | 'nft_address'
  | 'nft_owner_address'
  | 'marketplace_address'
  | 'created_at'
  | 'last_transaction_lt'
  | 'code_hash'
  | 'data_hash'
> &
  SaleItem;

function saleHead(r: SaleHeadRow) {
  return {
    address: r.address,
    nft_address: r.nft_address,
    ...(r.nft_owner_address === null ? {} : { nft_owner_address: r.nft_owner_address }),
    ...(r.marketplace_address === null ? {} : { marketplace_address: r.marketplace_address }),
    created_at: Number(r.created_at),
    last_transaction_lt: r.last_transaction_lt,
    ...(r.code_hash === null ? {} : { code_hash: r.code_hash }),
    ...(r.data_hash === null ? {} : { data_hash: r.data_hash }),
  };
}

function saleItem(r: SaleItem): { nft_item?: V3NftItem } {
  return r.item === null
    ? {}
    : {
        nft_item: plainNftItem(
          r.item,
          r.collection === null ? null : toNftCollection(r.collection),
        ),
      };
}

/**
 * A getgems sale as toncenter's ParseNFTSale renders it. Its `nft_item` is built from the item's
 * columns alone, so it says `on_sale: false` even while on this very sale, as toncenter's does.
 */
export function toNftSale(r: NftSaleQueryRow): V3NftSale {
  return {
    type: 'getgems_sale',
    ...saleHead(r),
    details: {
      is_complete: r.is_complete,
      full_price: r.full_price,
      ...(r.marketplace_fee_address === null
        ? {}
        : { marketplace_fee_address: r.marketplace_fee_address }),
      marketplace_fee: r.marketplace_fee,
      ...(r.royalty_address === null ? {} : { royalty_address: r.royalty_address }),
      royalty_amount: r.royalty_amount,
    },
    ...saleItem(r),
  };
}

/** A getgems auction as toncenter's NFTSaleDetailsGetgemsAuction (int8 columns as JSON numbers). */
export function toNftAuctionSale(r: NftAuctionSaleQueryRow & SaleItem): V3NftSale {
  return {
    type: 'getgems_auction',
    ...saleHead(r),
    details: {
      end_flag: r.end_flag,
      end_time: Number(r.end_time),
      last_bid: r.last_bid,
      ...(r.last_member === null ? {} : { last_member: r.last_member }),
      min_step: Number(r.min_step),
      ...(r.mp_fee_addr === null ? {} : { mp_fee_address: r.mp_fee_addr }),
      mp_fee_factor: Number(r.mp_fee_factor),
      mp_fee_base: Number(r.mp_fee_base),
      ...(r.royalty_fee_addr === null ? {} : { royalty_fee_address: r.royalty_fee_addr }),
      royalty_fee_factor: Number(r.royalty_fee_factor),
      royalty_fee_base: Number(r.royalty_fee_base),
      max_bid: r.max_bid,
      min_bid: r.min_bid,
      last_bid_at: Number(r.last_bid_at),
      is_canceled: r.is_canceled,
    },
    ...saleItem(r),
  };
}

/**
 * A Telemint item as toncenter's ParseNFTSale renders it: the item is its own sale, with no seller,
 * marketplace or creation time; the null bidder and beneficiary of an item without an auction are
 * left out (omitempty).
 */
export function toTelemintSale(r: TelemintSaleQueryRow & SaleItem): V3NftSale {
  return {
    type: 'telemint',
    address: r.address,
    nft_address: r.nft_address,
    last_transaction_lt: r.last_transaction_lt,
    ...(r.code_hash === null ? {} : { code_hash: r.code_hash }),
    ...(r.data_hash === null ? {} : { data_hash: r.data_hash }),
    details: {
      token_name: r.token_name,
      ...(r.bidder_address === null ? {} : { bidder_address: r.bidder_address }),
      bid: r.bid,
      bid_ts: r.bid_ts,
      min_bid: r.min_bid,
      end_time: Number(r.end_time),
      ...(r.beneficiary_address === null ? {} : { beneficiary_address: r.beneficiary_address }),
      initial_min_bid: r.initial_min_bid,
      max_bid: r.max_bid,
      min_bid_step: r.min_bid_step,
      min_extend_time: r.min_extend_time,
      duration: r.duration,
      royalty_numerator: Number(r.royalty_numerator),
      royalty_denominator: Number(r.royalty_denominator),
      royalty_destination: r.royalty_destination,
    },
    ...saleItem(r),
  };
}

export function toNftTransfer(r: NftTransferQueryRow): V3NftTransfer {
  return {
    query_id: r.query_id,
    nft_address: r.nft_item_address,
    nft_collection: r.nft_collection_address,
    transaction_hash: r.tx_hash,
    transaction_lt: r.tx_lt,
    transaction_now: r.tx_now,
    transaction_aborted: r.tx_aborted,
    old_owner: r.old_owner,
    new_owner: r.new_owner,
    response_destination: r.response_destination,
    custom_payload: r.custom_payload,
    decoded_custom_payload: null,
    forward_amount: r.forward_amount,
    forward_payload: r.forward_payload,
    decoded_forward_payload: null,
    trace_id: r.trace_id,
  };
}

/** Non-null addresses of a list of values, for the address book and metadata. */
export function present(...values: (string | null)[]): string[] {
  return values.filter((v): v is string => v !== null);
}
