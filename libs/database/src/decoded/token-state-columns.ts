import { type EntityManager } from 'typeorm';
import { type BulkColumn, dec, insertUnnest, json } from '../repositories/unnest-insert';
import {
  type JettonMasterRow,
  type JettonWalletRow,
  type NftAuctionRow,
  type NftCollectionRow,
  type NftItemRow,
  type NftSaleRow,
  type StateCommon,
  type TelemintItemRow,
} from './token-rows';

/** A state table's columns: the address, the table's own, then the contract's last lt and hashes. */
function stateColumns<R extends StateCommon>(own: BulkColumn<R>[]): BulkColumn<R>[] {
  return [
    { name: 'address', type: 'text', value: (r) => r.address },
    ...own,
    { name: 'last_transaction_lt', type: 'bigint', value: (r) => dec(r.lastLt) },
    { name: 'code_hash', type: 'text', value: (r) => r.codeHash },
    { name: 'data_hash', type: 'text', value: (r) => r.dataHash },
  ];
}

/**
 * Upserts state rows, which move forward only: every column but the address is replaced by a row
 * from a later transaction.
 */
export async function upsertStates<R extends StateCommon>(
  m: EntityManager,
  table: string,
  columns: BulkColumn<R>[],
  rows: readonly R[],
): Promise<void> {
  const sets = columns
    .filter((c) => c.name !== 'address')
    .map((c) => `"${c.name}" = EXCLUDED."${c.name}"`);
  await insertUnnest(
    m,
    table,
    columns,
    rows,
    `ON CONFLICT ("address") DO UPDATE SET ${sets.join(', ')}
     WHERE t."last_transaction_lt" < EXCLUDED."last_transaction_lt"`,
  );
}

const opt = (v: bigint | null): string | null => (v === null ? null : dec(v));

/** The columns of jetton_wallets. */
export const JETTON_WALLETS_STATE_COLUMNS = stateColumns<JettonWalletRow>([
  { name: 'balance', type: 'numeric', value: (r) => dec(r.balance) },
  { name: 'owner', type: 'text', value: (r) => r.owner },
  { name: 'jetton', type: 'text', value: (r) => r.jetton },
]);

/** The columns of jetton_masters. */
export const JETTON_MASTERS_STATE_COLUMNS = stateColumns<JettonMasterRow>([
  { name: 'total_supply', type: 'numeric', value: (r) => dec(r.totalSupply) },
  { name: 'mintable', type: 'boolean', value: (r) => r.mintable },
  { name: 'admin_address', type: 'text', value: (r) => r.admin },
  { name: 'jetton_content', type: 'jsonb', value: (r) => json(r.content) },
  { name: 'jetton_wallet_code_hash', type: 'text', value: (r) => r.walletCodeHash },
]);

/** The columns of nft_items. */
export const NFT_ITEMS_STATE_COLUMNS = stateColumns<NftItemRow>([
  { name: 'init', type: 'boolean', value: (r) => r.init },
  { name: 'index', type: 'numeric', value: (r) => dec(r.index) },
  { name: 'collection_address', type: 'text', value: (r) => r.collection },
  { name: 'owner_address', type: 'text', value: (r) => r.owner },
  { name: 'content', type: 'jsonb', value: (r) => json(r.content) },
  // real_owner = owner here; TokenRepository.realOwners() puts the seller in when the owner is a sale.
  { name: 'real_owner', type: 'text', value: (r) => r.owner },
]);

/** The columns of nft_collections. */
export const NFT_COLLECTIONS_STATE_COLUMNS = stateColumns<NftCollectionRow>([
  { name: 'next_item_index', type: 'numeric', value: (r) => dec(r.nextItemIndex) },
  { name: 'owner_address', type: 'text', value: (r) => r.owner },
  { name: 'collection_content', type: 'jsonb', value: (r) => json(r.content) },
]);

/** The columns of getgems_nft_sales. */
export const GETGEMS_NFT_SALES_STATE_COLUMNS = stateColumns<NftSaleRow>([
  { name: 'is_complete', type: 'boolean', value: (r) => r.isComplete },
  { name: 'created_at', type: 'bigint', value: (r) => dec(r.createdAt) },
  { name: 'marketplace_address', type: 'text', value: (r) => r.marketplace },
  { name: 'nft_address', type: 'text', value: (r) => r.nft },
  { name: 'nft_owner_address', type: 'text', value: (r) => r.nftOwner },
  { name: 'full_price', type: 'numeric', value: (r) => dec(r.fullPrice) },
  { name: 'marketplace_fee_address', type: 'text', value: (r) => r.marketplaceFeeAddress },
  { name: 'marketplace_fee', type: 'numeric', value: (r) => dec(r.marketplaceFee) },
  { name: 'royalty_address', type: 'text', value: (r) => r.royaltyAddress },
  { name: 'royalty_amount', type: 'numeric', value: (r) => dec(r.royaltyAmount) },
]);

/** The columns of getgems_nft_auctions. */
export const GETGEMS_NFT_AUCTIONS_STATE_COLUMNS = stateColumns<NftAuctionRow>([
  { name: 'end_flag', type: 'boolean', value: (r) => r.end },
  { name: 'end_time', type: 'bigint', value: (r) => dec(r.endTime) },
  { name: 'mp_addr', type: 'text', value: (r) => r.marketplace },
  { name: 'nft_addr', type: 'text', value: (r) => r.nft },
  { name: 'nft_owner', type: 'text', value: (r) => r.nftOwner },
  { name: 'last_bid', type: 'numeric', value: (r) => dec(r.lastBid) },
  { name: 'last_member', type: 'text', value: (r) => r.lastMember },
  { name: 'min_step', type: 'bigint', value: (r) => dec(r.minStep) },
  { name: 'mp_fee_addr', type: 'text', value: (r) => r.marketplaceFeeAddress },
  { name: 'mp_fee_factor', type: 'bigint', value: (r) => dec(r.marketplaceFeeFactor) },
  { name: 'mp_fee_base', type: 'bigint', value: (r) => dec(r.marketplaceFeeBase) },
  { name: 'royalty_fee_addr', type: 'text', value: (r) => r.royaltyFeeAddress },
  { name: 'royalty_fee_factor', type: 'bigint', value: (r) => dec(r.royaltyFeeFactor) },
  { name: 'royalty_fee_base', type: 'bigint', value: (r) => dec(r.royaltyFeeBase) },
  { name: 'max_bid', type: 'numeric', value: (r) => dec(r.maxBid) },
  { name: 'min_bid', type: 'numeric', value: (r) => dec(r.minBid) },
  { name: 'created_at', type: 'bigint', value: (r) => dec(r.createdAt) },
  { name: 'last_bid_at', type: 'bigint', value: (r) => dec(r.lastBidAt) },
  { name: 'is_canceled', type: 'boolean', value: (r) => r.isCanceled },
  { name: 'activated', type: 'boolean', value: (r) => r.activated },
  { name: 'step_time', type: 'bigint', value: (r) => opt(r.stepTime) },
  { name: 'last_query_id', type: 'numeric', value: (r) => opt(r.lastQueryId) },
  { name: 'jetton_wallet', type: 'text', value: (r) => r.jettonWallet },
  { name: 'jetton_master', type: 'text', value: (r) => r.jettonMaster },
  { name: 'is_broken_state', type: 'boolean', value: (r) => r.isBrokenState },
  { name: 'public_key', type: 'text', value: (r) => opt(r.publicKey) },
]);

/** The columns of telemint_nft_items. */
export const TELEMINT_NFT_ITEMS_STATE_COLUMNS = stateColumns<TelemintItemRow>([
  { name: 'token_name', type: 'text', value: (r) => r.tokenName },
  { name: 'bidder_address', type: 'text', value: (r) => r.bidder },
  { name: 'bid', type: 'numeric', value: (r) => dec(r.bid) },
  { name: 'bid_ts', type: 'bigint', value: (r) => dec(r.bidTs) },
  { name: 'min_bid', type: 'numeric', value: (r) => dec(r.minBid) },
  { name: 'end_time', type: 'bigint', value: (r) => dec(r.endTime) },
  { name: 'beneficiary_address', type: 'text', value: (r) => r.beneficiary },
  { name: 'initial_min_bid', type: 'numeric', value: (r) => dec(r.initialMinBid) },
  { name: 'max_bid', type: 'numeric', value: (r) => dec(r.maxBid) },
  { name: 'min_bid_step', type: 'numeric', value: (r) => dec(r.minBidStep) },
  { name: 'min_extend_time', type: 'bigint', value: (r) => dec(r.minExtendTime) },
  { name: 'duration', type: 'bigint', value: (r) => dec(r.duration) },
  { name: 'royalty_numerator', type: 'bigint', value: (r) => dec(r.royaltyNumerator) },
  { name: 'royalty_denominator', type: 'bigint', value: (r) => dec(r.royaltyDenominator) },
  { name: 'royalty_destination', type: 'text', value: (r) => r.royaltyDestination },
]);
