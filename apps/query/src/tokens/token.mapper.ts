import {
  type V3JettonBurn,
  type V3JettonMaster,
  type V3JettonTransfer,
  type V3JettonWallet,
  type V3NftCollection,
  type V3NftItem,
  type V3NftTransfer,
} from '@app/contracts';
import {
  type JettonBurnQueryRow,
  type JettonMasterQueryRow,
  type JettonTransferQueryRow,
  type JettonWalletQueryRow,
  type NftCollectionQueryRow,
  type NftItemQueryRow,
  type NftTransferQueryRow,
} from '@app/database';
import { json } from '../wire/json';

/** Token rows as the v3 shapes of toncenter-v3 §11.5 (numbers as strings, content as stored). */

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

/** `mintless_info` only for an unclaimed mintless balance (§11.5). */
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

/** No sale contracts are detected yet: `on_sale` is false and the owner is the real owner. */
export function toNftItem(r: NftItemQueryRow, collection: V3NftCollection | null): V3NftItem {
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
