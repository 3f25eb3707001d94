import {
  type JettonEventsReq,
  type JettonMastersReq,
  type JettonWalletsReq,
  type NftCollectionsReq,
  type NftItemsReq,
  type NftTransfersReq,
  type PageKey,
  type TimeRangeKey,
} from '@app/contracts';

/** A page of a v3 token list: toncenter's limit and offset. */
export interface Page {
  limit: number;
  offset: number;
}

/** What each token read takes of its endpoint's parsed request (libs/contracts query-tokens). */
export type JettonMastersFilter = Pick<
  JettonMastersReq,
  'address' | 'admin_address' | 'limit' | 'offset'
>;
export type JettonWalletFilter = Pick<
  JettonWalletsReq,
  'address' | 'owner_address' | 'jetton_address' | 'exclude_zero_balance' | PageKey
>;
export type NftCollectionsFilter = Pick<
  NftCollectionsReq,
  'collection_address' | 'owner_address' | 'limit' | 'offset'
>;
export type NftItemFilter = Pick<
  NftItemsReq,
  | 'address'
  | 'owner_address'
  | 'collection_address'
  | 'index'
  | 'include_on_sale'
  | 'sort_by_last_transaction_lt'
  | 'limit'
  | 'offset'
>;

/** The owner, direction and window every token event list takes. */
type EventListing = 'owner_address' | 'direction' | TimeRangeKey | PageKey;
export type JettonEventsFilter = Pick<
  JettonEventsReq,
  EventListing | 'jetton_wallet' | 'jetton_master'
>;
export type NftTransfersFilter = Pick<
  NftTransfersReq,
  EventListing | 'item_address' | 'collection_address'
>;

/**
 * jetton/transfers, jetton/burns and nft/transfers as one statement builder reads them: the
 * endpoints name the same roles differently (a Jetton wallet or an NFT item, its master or
 * collection).
 */
export interface TokenEventFilter extends Page {
  owner?: string[] | undefined;
  /** Jetton wallets or NFT items. */
  subject?: string[] | undefined;
  /** Jetton master or NFT collection. */
  parent?: string | undefined;
  direction?: 'in' | 'out' | 'both' | undefined;
  startUtime?: number | undefined;
  endUtime?: number | undefined;
  startLt?: string | undefined;
  endLt?: string | undefined;
  sort: 'asc' | 'desc';
}

/** A token event list request as the statement builder reads it. */
export function tokenEventFilter(
  req: Pick<JettonEventsReq, EventListing>,
  subject: string[] | undefined,
  parent: string | undefined,
): TokenEventFilter {
  return {
    owner: req.owner_address,
    subject,
    parent,
    direction: req.direction,
    startUtime: req.start_utime,
    endUtime: req.end_utime,
    startLt: req.start_lt,
    endLt: req.end_lt,
    limit: req.limit,
    offset: req.offset,
    sort: req.sort,
  };
}
