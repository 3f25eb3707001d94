import { Address, beginCell, type Cell, type TupleReader } from '@ton/core';
import { ContractProbes } from './contract-probes';
import { type DnsZones } from './dns-zones';
import { type GetMethodRunner } from './get-method.runner';
import { raw, rawOf, shaped } from './probe-stack';
import { probeTelemintItem, type TelemintItemState } from './telemint-probe';
import {
  DEDUST_MAINNET,
  type DedustPools,
  type DedustPoolState,
  probeDedustPool,
} from './dedust-pool-probe';
import { parseTokenContent } from './token-content';

export interface JettonWalletState {
  readonly balance: bigint;
  readonly owner: string;
  readonly jetton: string;
}
export interface JettonMasterState {
  readonly totalSupply: bigint;
  readonly mintable: boolean;
  readonly admin: string | null;
  readonly content: Record<string, string>;
  readonly walletCodeHash: string;
}
export interface NftItemState {
  readonly init: boolean;
  readonly index: bigint;
  readonly collection: string | null;
  readonly owner: string | null;
  readonly content: Record<string, string> | null;
}
export interface NftCollectionState {
  readonly nextItemIndex: bigint;
  readonly owner: string | null;
  readonly content: Record<string, string>;
}

/** A getgems fixed-price sale (get_sale_data of v1-v3, get_fix_price_data_v4 of v4). */
export interface NftSaleState {
  readonly isComplete: boolean;
  readonly createdAt: bigint;
  readonly marketplace: string;
  readonly nft: string;
  /** null while the sale waits for the item (addr_none). */
  readonly nftOwner: string | null;
  readonly fullPrice: bigint;
  readonly marketplaceFeeAddress: string;
  readonly marketplaceFee: bigint;
  readonly royaltyAddress: string;
  readonly royaltyAmount: bigint;
}

/** getgems fixed-price sale magic, the first entry of get_sale_data ("FIXP"). */
export const GETGEMS_SALE_MAGIC = 0x46495850n;

/**
 * A getgems auction (get_sale_data of v1-v3, get_auction_data_v4 of v4; toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces/NftSale.cpp
 * `GetGemsNftAuction`). The v4-only entries are null for older auctions.
 */
export interface NftAuctionState {
  readonly end: boolean;
  readonly endTime: bigint;
  readonly marketplace: string;
  readonly nft: string;
  /** null while the auction waits for the item (addr_none). */
  readonly nftOwner: string | null;
  readonly lastBid: bigint;
  /** null before the first bid (addr_none). */
  readonly lastMember: string | null;
  readonly minStep: bigint;
  readonly marketplaceFeeAddress: string;
  readonly marketplaceFeeFactor: bigint;
  readonly marketplaceFeeBase: bigint;
  readonly royaltyFeeAddress: string;
  readonly royaltyFeeFactor: bigint;
  readonly royaltyFeeBase: bigint;
  readonly maxBid: bigint;
  readonly minBid: bigint;
  readonly createdAt: bigint;
  readonly lastBidAt: bigint;
  readonly isCanceled: boolean;
  readonly activated: boolean | null;
  readonly stepTime: bigint | null;
  readonly lastQueryId: bigint | null;
  readonly jettonWallet: string | null;
  readonly jettonMaster: string | null;
  readonly isBrokenState: boolean | null;
  readonly publicKey: bigint | null;
}

/** getgems auction magic, the first entry of a v1-v3 auction's get_sale_data ("AUC"). */
export const GETGEMS_AUCTION_MAGIC = 0x415543n;

/** The entries only v4's get_auction_data_v4 has: null for an auction of v1 to v3. */
export const NO_V4_AUCTION_FIELDS = {
  activated: null,
  stepTime: null,
  lastQueryId: null,
  jettonWallet: null,
  jettonMaster: null,
  isBrokenState: null,
  publicKey: null,
} as const satisfies Partial<NftAuctionState>;

/**
 * The get-methods of the standard token interfaces (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces),
 * run at a masterchain block. Each probe answers null when the account does not implement the interface.
 */
export class InterfaceProbes {
  /** DNS items, multisig v2 wallets and orders, vesting wallets. */
  readonly contracts: ContractProbes;

  /**
   * `dnsZones`: the DNS collections of the deployment's network (default mainnet's); `dedust`: its
   * DeDust pool codes and factory (default mainnet's).
   */
  constructor(
    private readonly methods: GetMethodRunner,
    dnsZones?: DnsZones,
    private readonly dedust: DedustPools = DEDUST_MAINNET,
  ) {
    this.contracts = new ContractProbes(methods, dnsZones);
  }

  /** TEP-74 get_wallet_data → (balance, owner, jetton, wallet_code), verified against the master. */
  async jettonWallet(address: string, mcSeqno: number): Promise<JettonWalletState | null> {
    const data = await this.methods.run(address, 'get_wallet_data', [], mcSeqno);
    const state = shaped(data.stack, (s) => {
      const balance = s.readBigNumber();
      const owner = raw(s.readAddressOpt());
      const jetton = raw(s.readAddressOpt());
      s.readCell(); // wallet_code
      return owner === null || jetton === null ? null : { balance, owner, jetton };
    });
    if (state === null) {
      return null;
    }
    // A wallet is only a wallet of that jetton if the master derives the same address for the owner.
    const derived = await this.methods.run(
      state.jetton,
      'get_wallet_address',
      [{ type: 'slice', cell: addressCell(state.owner) }],
      mcSeqno,
    );
    const expected = shaped(derived.stack, (s) => raw(s.readAddressOpt()));
    if (expected !== address) {
      return null;
    }
    return { balance: state.balance, owner: state.owner, jetton: state.jetton };
  }

  /** TEP-74 get_jetton_data → (total_supply, mintable, admin, content, wallet_code). */
  async jettonMaster(address: string, mcSeqno: number): Promise<JettonMasterState | null> {
    const data = await this.methods.run(address, 'get_jetton_data', [], mcSeqno);
    return shaped(data.stack, (s) => ({
      totalSupply: s.readBigNumber(),
      mintable: s.readBigNumber() !== 0n,
      admin: raw(s.readAddressOpt()),
      content: parseTokenContent(s.readCell()),
      walletCodeHash: s.readCell().hash().toString('base64'),
    }));
  }

  /**
   * TEP-62 get_nft_data → (init, index, collection, owner, content), verified with the collection's
   * get_nft_address_by_index and the content completed by its get_nft_content.
   */
  async nftItem(address: string, mcSeqno: number): Promise<NftItemState | null> {
    const data = await this.methods.run(address, 'get_nft_data', [], mcSeqno);
    const item = shaped(data.stack, (s) => ({
      init: s.readBigNumber() !== 0n,
      index: s.readBigNumber(),
      collection: raw(s.readAddressOpt()),
      owner: raw(s.readAddressOpt()),
      individual: s.readCellOpt(),
    }));
    if (item === null) {
      return null;
    }
    // An item claiming a collection must be the one that collection derives for its index
    // (get_nft_address_by_index); otherwise anyone could mint look-alikes "in" a collection.
    if (item.collection !== null) {
      const derived = await this.methods.run(
        item.collection,
        'get_nft_address_by_index',
        [{ type: 'int', value: item.index }],
        mcSeqno,
      );
      if (shaped(derived.stack, (s) => raw(s.readAddressOpt())) !== address) {
        return null;
      }
    }
    let content: Record<string, string> | null = null;
    if (item.individual !== null) {
      content =
        item.collection === null
          ? parseTokenContent(item.individual)
          : await this.fullContent(item.collection, item.index, item.individual, mcSeqno);
    }
    return {
      init: item.init,
      index: item.index,
      collection: item.collection,
      owner: item.owner,
      content,
    };
  }

  /** TEP-62 get_collection_data → (next_item_index, content, owner). */
  async nftCollection(address: string, mcSeqno: number): Promise<NftCollectionState | null> {
    const data = await this.methods.run(address, 'get_collection_data', [], mcSeqno);
    return shaped(data.stack, (s) => ({
      nextItemIndex: s.readBigNumber(),
      content: parseTokenContent(s.readCell()),
      owner: raw(s.readAddressOpt()),
    }));
  }

  /**
   * A getgems fixed-price sale, as toncenter's index worker detects one (GetGemsNftFixPriceSale, then
   * NftSaleV4): get_sale_data → (0x46495850 "FIXP", is_complete, created_at, marketplace, nft,
   * nft_owner, full_price, marketplace_fee_address, marketplace_fee, royalty_address, royalty_amount),
   * exactly these 11 entries (sales v1 to v3); otherwise v4's get_fix_price_data_v4 → (is_complete,
   * created_at, marketplace, nft, nft_owner, full_price, marketplace_fee_address, marketplace_fee,
   * royalty_address, royalty_amount, sold_at, sold_query_id, jetton_price_dict), 13 entries. The owner
   * alone may be addr_none. Auctions answer get_sale_data with another magic and depth and are not
   * sales.
   */
  async nftSale(address: string, mcSeqno: number): Promise<NftSaleState | null> {
    const data = await this.methods.run(address, 'get_sale_data', [], mcSeqno);
    const v3 = shaped(data.stack, (s) => {
      if (s.remaining !== 11 || s.readBigNumber() !== GETGEMS_SALE_MAGIC) {
        return null;
      }
      return saleFields(s);
    });
    if (v3 !== null) {
      return v3;
    }
    const v4 = await this.methods.run(address, 'get_fix_price_data_v4', [], mcSeqno);
    return shaped(v4.stack, (s) => (s.remaining === 13 ? saleFields(s) : null));
  }

  /**
   * A getgems auction, as toncenter's index worker detects one (GetGemsNftAuction): v4's
   * get_auction_data_v4 → (activated, end, end_time, marketplace, nft, nft_owner, last_bid,
   * last_member, min_step, mp_fee_addr, mp_fee_factor, mp_fee_base, royalty_fee_addr,
   * royalty_fee_factor, royalty_fee_base, max_bid, min_bid, created_at, last_bid_at, is_canceled,
   * step_time, last_query_id, jetton_wallet, jetton_master, is_broken_state, public_key), exactly 26
   * entries; otherwise get_sale_data → (0x415543 "AUC", end, end_time, marketplace, nft, nft_owner,
   * last_bid, last_member, min_step, mp_fee_addr, mp_fee_factor, mp_fee_base, royalty_fee_addr,
   * royalty_fee_factor, royalty_fee_base, max_bid, min_bid, created_at, last_bid_at, is_canceled),
   * exactly 20 entries (auctions v1 to v3). The item owner, the last bidder and v4's jetton wallet
   * and master may be addr_none.
   */
  async nftAuction(address: string, mcSeqno: number): Promise<NftAuctionState | null> {
    const v4 = await this.methods.run(address, 'get_auction_data_v4', [], mcSeqno);
    const state = shaped(v4.stack, (s) => {
      if (s.remaining !== 26) {
        return null;
      }
      const activated = s.readBigNumber() !== 0n;
      const common = auctionFields(s);
      return {
        ...common,
        activated,
        stepTime: s.readBigNumber(),
        lastQueryId: s.readBigNumber(),
        jettonWallet: raw(s.readAddressOpt()),
        jettonMaster: raw(s.readAddressOpt()),
        isBrokenState: s.readBigNumber() !== 0n,
        publicKey: s.readBigNumber(),
      };
    });
    if (state !== null) {
      return state;
    }
    const v3 = await this.methods.run(address, 'get_sale_data', [], mcSeqno);
    return shaped(v3.stack, (s) => {
      if (s.remaining !== 20 || s.readBigNumber() !== GETGEMS_AUCTION_MAGIC) {
        return null;
      }
      return {
        ...auctionFields(s),
        ...NO_V4_AUCTION_FIELDS,
      };
    });
  }

  /** A Telemint item's name, auction and royalty (telemint-probe.ts). */
  telemintItem(address: string, mcSeqno: number): Promise<TelemintItemState | null> {
    return probeTelemintItem(this.methods, address, mcSeqno);
  }

  /** A DeDust pool's assets, reserves and fee, for the DeDust pool codes only (dedust-pool-probe.ts). */
  dedustPool(address: string, codeHash: string, mcSeqno: number): Promise<DedustPoolState | null> {
    return probeDedustPool(this.methods, address, codeHash, mcSeqno, this.dedust);
  }

  private async fullContent(
    collection: string,
    index: bigint,
    individual: Cell,
    mcSeqno: number,
  ): Promise<Record<string, string>> {
    const full = await this.methods.run(
      collection,
      'get_nft_content',
      [
        { type: 'int', value: index },
        { type: 'cell', cell: individual },
      ],
      mcSeqno,
    );
    const cell = shaped(full.stack, (s) => s.readCell());
    return parseTokenContent(cell ?? individual);
  }
}

/** is_complete … royalty_amount: the ten entries both sale get-methods share, in order. */
function saleFields(s: TupleReader): NftSaleState {
  return {
    isComplete: s.readBigNumber() !== 0n,
    createdAt: s.readBigNumber(),
    marketplace: rawOf(s.readAddress()),
    nft: rawOf(s.readAddress()),
    nftOwner: raw(s.readAddressOpt()),
    fullPrice: s.readBigNumber(),
    marketplaceFeeAddress: rawOf(s.readAddress()),
    marketplaceFee: s.readBigNumber(),
    royaltyAddress: rawOf(s.readAddress()),
    royaltyAmount: s.readBigNumber(),
  };
}

/** end … is_canceled: the nineteen entries both auction get-methods share, in order. */
function auctionFields(s: TupleReader): Omit<NftAuctionState, keyof typeof NO_V4_AUCTION_FIELDS> {
  return {
    end: s.readBigNumber() !== 0n,
    endTime: s.readBigNumber(),
    marketplace: rawOf(s.readAddress()),
    nft: rawOf(s.readAddress()),
    nftOwner: raw(s.readAddressOpt()),
    lastBid: s.readBigNumber(),
    lastMember: raw(s.readAddressOpt()),
    minStep: s.readBigNumber(),
    marketplaceFeeAddress: rawOf(s.readAddress()),
    marketplaceFeeFactor: s.readBigNumber(),
    marketplaceFeeBase: s.readBigNumber(),
    royaltyFeeAddress: rawOf(s.readAddress()),
    royaltyFeeFactor: s.readBigNumber(),
    royaltyFeeBase: s.readBigNumber(),
    maxBid: s.readBigNumber(),
    minBid: s.readBigNumber(),
    createdAt: s.readBigNumber(),
    lastBidAt: s.readBigNumber(),
    isCanceled: s.readBigNumber() !== 0n,
  };
}

/** An address as the `slice` argument get_wallet_address takes (MsgAddressInt). */
function addressCell(rawAddress: string): Cell {
  return beginCell().storeAddress(Address.parse(rawAddress)).endCell();
}
