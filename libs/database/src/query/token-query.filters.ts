/** A page of a v3 token list: toncenter's limit and offset. */
export interface Page {
  limit: number;
  offset: number;
}

export interface JettonWalletFilter extends Page {
  address?: string[] | undefined;
  owner?: string[] | undefined;
  jetton?: string[] | undefined;
  excludeZeroBalance?: boolean | undefined;
  sort?: 'asc' | 'desc' | undefined;
}

/** jetton/transfers, jetton/burns and nft/transfers filters. */
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

export interface NftItemFilter extends Page {
  address?: string[] | undefined;
  owner?: string[] | undefined;
  collection?: string[] | undefined;
  index?: string[] | undefined;
  includeOnSale?: boolean | undefined;
  sortByLastTransactionLt?: boolean | undefined;
}
