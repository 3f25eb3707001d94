import { type BulkColumn, dec } from '../repositories/unnest-insert';
import {
  type EventCommon,
  type JettonBurnRow,
  type JettonEventCommon,
  type JettonTransferRow,
  type NftTransferRow,
} from './token-rows';

function eventColumns<R extends EventCommon>(): BulkColumn<R>[] {
  return [
    { name: 'tx_hash', type: 'text', value: (r) => r.txHash },
    { name: 'tx_lt', type: 'bigint', value: (r) => dec(r.txLt) },
    { name: 'tx_now', type: 'integer', value: (r) => r.txNow },
    { name: 'tx_aborted', type: 'boolean', value: (r) => r.txAborted },
    { name: 'mc_seqno', type: 'integer', value: (r) => r.mcSeqno },
    { name: 'query_id', type: 'numeric', value: (r) => dec(r.queryId) },
    { name: 'response_destination', type: 'text', value: (r) => r.responseDestination },
    { name: 'trace_id', type: 'text', value: (r) => r.traceId },
  ];
}

function jettonEventColumns<R extends JettonEventCommon>(): BulkColumn<R>[] {
  return [
    ...eventColumns<R>(),
    { name: 'jetton_wallet_address', type: 'text', value: (r) => r.jettonWallet },
    { name: 'jetton_master_address', type: 'text', value: (r) => r.jettonMaster },
  ];
}

/** The columns of jetton_transfers. */
export const JETTON_TRANSFERS_COLUMNS: BulkColumn<JettonTransferRow>[] = [
  ...jettonEventColumns<JettonTransferRow>(),
  { name: 'amount', type: 'numeric', value: (r) => dec(r.amount) },
  { name: 'source', type: 'text', value: (r) => r.source },
  { name: 'destination', type: 'text', value: (r) => r.destination },
  { name: 'custom_payload', type: 'text', value: (r) => r.customPayload },
  { name: 'forward_ton_amount', type: 'numeric', value: (r) => dec(r.forwardTonAmount) },
  { name: 'forward_payload', type: 'text', value: (r) => r.forwardPayload },
];

/** The columns of jetton_burns. */
export const JETTON_BURNS_COLUMNS: BulkColumn<JettonBurnRow>[] = [
  ...jettonEventColumns<JettonBurnRow>(),
  { name: 'owner', type: 'text', value: (r) => r.owner },
  { name: 'amount', type: 'numeric', value: (r) => dec(r.amount) },
];

/** The columns of nft_transfers. */
export const NFT_TRANSFERS_COLUMNS: BulkColumn<NftTransferRow>[] = [
  ...eventColumns<NftTransferRow>(),
  { name: 'nft_item_address', type: 'text', value: (r) => r.item },
  { name: 'nft_item_index', type: 'numeric', value: (r) => dec(r.itemIndex) },
  { name: 'nft_collection_address', type: 'text', value: (r) => r.collection },
  { name: 'old_owner', type: 'text', value: (r) => r.oldOwner },
  { name: 'new_owner', type: 'text', value: (r) => r.newOwner },
  { name: 'custom_payload', type: 'text', value: (r) => r.customPayload },
  { name: 'forward_amount', type: 'numeric', value: (r) => dec(r.forwardAmount) },
  { name: 'forward_payload', type: 'text', value: (r) => r.forwardPayload },
];
