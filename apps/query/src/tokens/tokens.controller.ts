import {
  type JettonEventsReq,
  type JettonMastersReq,
  type JettonWalletsReq,
  type NftCollectionsReq,
  type NftItemsReq,
  type NftSalesReq,
  type NftTransfersReq,
  Subjects,
  type V3JettonBurnsRes,
  type V3JettonMastersRes,
  type V3JettonTransfersRes,
  type V3JettonWalletsRes,
  type V3NftCollectionsRes,
  type V3NftItemsRes,
  type V3NftSalesRes,
  type V3NftTransfersRes,
} from '@app/contracts';
import { type SaleItem, TokenQueryRepository, ReadScopeInterceptor } from '@app/database';
import { RpcHandler } from '@app/nats';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AddressBookBuilder } from '../address-book/address-book.builder';
import { MetadataBuilder } from '../metadata/metadata.builder';
import {
  present,
  toJettonBurn,
  toJettonMaster,
  toJettonTransfer,
  toJettonWallet,
  toNftCollection,
  toNftItem,
  toNftAuctionSale,
  toNftSale,
  toTelemintSale,
  toNftTransfer,
} from './token.mapper';

/** The settings every token request carries (`X-No-Address-Book`, `X-No-Metadata`). */
type EnrichmentReq = Pick<JettonMastersReq, 'no_address_book' | 'no_metadata'>;

/** `ton.query.v1.jetton*` and `ton.query.v1.nft*` (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
@Controller()
// All of a request's reads on one server: a read replica when one serves (DATABASE_READ_URLS).
@UseInterceptors(ReadScopeInterceptor)
export class TokensController {
  constructor(
    private readonly tokens: TokenQueryRepository,
    private readonly addressBook: AddressBookBuilder,
    private readonly metadata: MetadataBuilder,
  ) {}

  /** `address_book` and `metadata`, each left `{}` without a query when the client skips it (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  private async enrich(addresses: string[], req: EnrichmentReq) {
    return {
      address_book: await this.addressBook.build(addresses, req.no_address_book),
      metadata: await this.metadata.build(addresses, req.no_metadata),
    };
  }

  @RpcHandler(Subjects.query.jettonMasters)
  async jettonMasters(@Payload() req: JettonMastersReq): Promise<V3JettonMastersRes> {
    const rows = await this.tokens.jettonMasters(req);
    return {
      jetton_masters: rows.map(toJettonMaster),
      ...(await this.enrich(
        rows.flatMap((r) => present(r.address, r.admin_address)),
        req,
      )),
    };
  }

  @RpcHandler(Subjects.query.jettonWallets)
  async jettonWallets(@Payload() req: JettonWalletsReq): Promise<V3JettonWalletsRes> {
    const rows = await this.tokens.jettonWallets(req);
    return {
      jetton_wallets: rows.map(toJettonWallet),
      ...(await this.enrich(
        rows.flatMap((r) => [r.address, r.owner, r.jetton]),
        req,
      )),
    };
  }

  @RpcHandler(Subjects.query.jettonTransfers)
  async jettonTransfers(@Payload() req: JettonEventsReq): Promise<V3JettonTransfersRes> {
    const rows = await this.tokens.jettonTransfers(req);
    return {
      jetton_transfers: rows.map(toJettonTransfer),
      ...(await this.enrich(
        rows.flatMap((r) =>
          present(
            r.source,
            r.destination,
            r.jetton_wallet_address,
            r.jetton_master_address,
            r.response_destination,
          ),
        ),
        req,
      )),
    };
  }

  @RpcHandler(Subjects.query.jettonBurns)
  async jettonBurns(@Payload() req: JettonEventsReq): Promise<V3JettonBurnsRes> {
    const rows = await this.tokens.jettonBurns(req);
    return {
      jetton_burns: rows.map(toJettonBurn),
      ...(await this.enrich(
        rows.flatMap((r) =>
          present(
            r.owner,
            r.jetton_wallet_address,
            r.jetton_master_address,
            r.response_destination,
          ),
        ),
        req,
      )),
    };
  }

  @RpcHandler(Subjects.query.nftCollections)
  async nftCollections(@Payload() req: NftCollectionsReq): Promise<V3NftCollectionsRes> {
    const rows = await this.tokens.nftCollections(req);
    return {
      nft_collections: rows.map(toNftCollection),
      ...(await this.enrich(
        rows.flatMap((r) => present(r.address, r.owner_address)),
        req,
      )),
    };
  }

  @RpcHandler(Subjects.query.nftItems)
  async nftItems(@Payload() req: NftItemsReq): Promise<V3NftItemsRes> {
    const rows = await this.tokens.nftItems(req);
    const collections = await this.tokens.nftCollectionsByAddress([
      ...new Set(rows.flatMap((r) => present(r.collection_address))),
    ]);
    const byAddress = new Map(collections.map((c) => [c.address, toNftCollection(c)]));
    return {
      nft_items: rows.map((r) =>
        toNftItem(
          r,
          r.collection_address === null ? null : (byAddress.get(r.collection_address) ?? null),
        ),
      ),
      ...(await this.enrich(
        rows.flatMap((r) => present(r.address, r.owner_address, r.collection_address)),
        req,
      )),
    };
  }

  /**
   * nft/sales (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml,
   * `crud/crud_sales.go`): getgems sales, getgems auctions and Telemint items, in that order. The
   * address book and metadata cover the sale, its item, seller and marketplace, the sale's fee and
   * royalty addresses, the auction's last bidder, fee and royalty addresses, the Telemint item's
   * bidder, beneficiary and royalty destination, and the item's collection and owner.
   */
  @RpcHandler(Subjects.query.nftSales)
  async nftSales(@Payload() req: NftSalesReq): Promise<V3NftSalesRes> {
    const { sales, auctions, telemints } = await this.tokens.nftSales(req.address);
    const itemAddresses = (r: SaleItem) => [
      r.item?.collection_address ?? null,
      r.item?.owner_address ?? null,
    ];
    return {
      nft_sales: [
        ...sales.map(toNftSale),
        ...auctions.map(toNftAuctionSale),
        ...telemints.map(toTelemintSale),
      ],
      ...(await this.enrich(
        [
          ...sales.flatMap((r) =>
            present(
              r.address,
              r.nft_address,
              r.nft_owner_address,
              r.marketplace_address,
              r.marketplace_fee_address,
              r.royalty_address,
              ...itemAddresses(r),
            ),
          ),
          ...auctions.flatMap((r) =>
            present(
              r.address,
              r.nft_address,
              r.nft_owner_address,
              r.marketplace_address,
              r.last_member,
              r.mp_fee_addr,
              r.royalty_fee_addr,
              ...itemAddresses(r),
            ),
          ),
          ...telemints.flatMap((r) =>
            present(
              r.address,
              r.bidder_address,
              r.beneficiary_address,
              r.royalty_destination,
              ...itemAddresses(r),
            ),
          ),
        ],
        req,
      )),
    };
  }

  @RpcHandler(Subjects.query.nftTransfers)
  async nftTransfers(@Payload() req: NftTransfersReq): Promise<V3NftTransfersRes> {
    const rows = await this.tokens.nftTransfers(req);
    return {
      nft_transfers: rows.map(toNftTransfer),
      ...(await this.enrich(
        rows.flatMap((r) =>
          present(
            r.nft_item_address,
            r.nft_collection_address,
            r.old_owner,
            r.new_owner,
            r.response_destination,
          ),
        ),
        req,
      )),
    };
  }
}
