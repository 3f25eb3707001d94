import type {
  AccountInterfaces,
  DedustPoolInfo,
  JettonWalletInfo,
  MultisigOrderInfo,
  NftAuctionInfo,
  NftItemInfo,
  NftSaleInfo,
} from '../trace-model';

/** What matchers may ask of interface detection (toncenter's InterfaceRepository), per trace. */
export class InterfaceRepository {
  constructor(private readonly byAccount: ReadonlyMap<string, AccountInterfaces>) {}

  private of(address: string | null): AccountInterfaces | undefined {
    return address === null ? undefined : this.byAccount.get(address.toUpperCase());
  }

  jettonWallet(address: string | null): JettonWalletInfo | null {
    return this.of(address)?.jetton_wallet ?? null;
  }

  nftItem(address: string | null): NftItemInfo | null {
    return this.of(address)?.nft_item ?? null;
  }

  nftSale(address: string | null): NftSaleInfo | null {
    return this.of(address)?.nft_sale ?? null;
  }

  nftAuction(address: string | null): NftAuctionInfo | null {
    return this.of(address)?.nft_auction ?? null;
  }

  dedustPool(address: string | null): DedustPoolInfo | null {
    return this.of(address)?.dedust_pool ?? null;
  }

  multisigOrder(address: string | null): MultisigOrderInfo | null {
    return this.of(address)?.multisig_order ?? null;
  }

  /** Whether the account runs the standard nominator pool code (toncenter `NominatorPool`). */
  isNominatorPool(address: string | null): boolean {
    return this.of(address)?.nominator_pool !== undefined;
  }

  /** Extra data a matcher requests by name (toncenter `get_extra_data`), e.g. `data_boc`. */
  extra(address: string | null, request: string): unknown {
    return this.of(address)?.extra?.[request] ?? null;
  }
}

export interface ClassifyContext {
  readonly interfaces: InterfaceRepository;
  /** Where matchers report a block they could not build (toncenter logs and moves on). */
  readonly log?: (line: string) => void;
}
