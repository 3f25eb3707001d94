import {
  type DexPoolInputRow,
  type JettonWalletInputRow,
  type MultisigOrderInputRow,
  type NftAuctionInputRow,
  type NftItemInputRow,
  type NftSaleInputRow,
  type StoredInterfaceRows,
  type Versioned,
} from '@app/database';
import { type DetectedBlock } from './interface-detector';

/** What blocks not yet known to be committed detected for one account. */
interface Detected {
  block: number;
  wallet?: Versioned<JettonWalletInputRow>;
  item?: Versioned<NftItemInputRow>;
  order?: Versioned<MultisigOrderInputRow>;
  sale?: Versioned<NftSaleInputRow>;
  auction?: Versioned<NftAuctionInputRow>;
  pool?: Versioned<DexPoolInputRow>;
}

const newer = <R extends { last_transaction_lt: string }>(a: R | undefined, b: R): boolean =>
  a === undefined || BigInt(a.last_transaction_lt) < BigInt(b.last_transaction_lt);

/**
 * The decoded interfaces (Jetton wallets, NFT items, multisig orders, getgems sales and auctions,
 * DeDust pools) as the tables
 * will be once the blocks decoded so far commit: the stored rows, overlaid with what the blocks
 * still in flight detected (the block being planned included), the newer row winning as the
 * tables' upserts do (`last_transaction_lt`). Lets a block be decoded before the one before it has
 * committed.
 */
export class InterfaceView {
  private readonly detected = new Map<string, Detected>();

  /** The interface rows detection found in `block`. */
  add(block: number, found: DetectedBlock): void {
    const entry = (address: string): Detected => {
      let d = this.detected.get(address);
      if (d === undefined) {
        d = { block };
        this.detected.set(address, d);
      }
      d.block = Math.max(d.block, block);
      return d;
    };
    for (const w of found.wallets) {
      const row = {
        address: w.address,
        balance: w.balance.toString(),
        owner: w.owner,
        jetton: w.jetton,
        last_transaction_lt: w.lastTransactionLt.toString(),
      };
      const d = entry(w.address);
      if (newer(d.wallet, row)) {
        d.wallet = row;
      }
    }
    for (const n of found.items) {
      const row = {
        address: n.address,
        init: n.init,
        index: n.index.toString(),
        collection_address: n.collectionAddress,
        owner_address: n.ownerAddress,
        content: n.content,
        code_hash: n.codeHash,
        last_transaction_lt: n.lastTransactionLt.toString(),
      };
      const d = entry(n.address);
      if (newer(d.item, row)) {
        d.item = row;
      }
    }
    for (const o of found.multisigOrders) {
      const text = (v: bigint | number | null): string | null => (v === null ? null : v.toString());
      const row = {
        address: o.address,
        multisig_address: o.multisigAddress,
        order_seqno: o.orderSeqno.toString(),
        threshold: text(o.threshold),
        sent_for_execution: o.sentForExecution,
        approvals_mask: text(o.approvalsMask),
        approvals_num: text(o.approvalsNum),
        expiration_date: text(o.expirationDate),
        order_boc: o.orderBoc,
        signers: o.signers === null ? null : [...o.signers],
        last_transaction_lt: o.lastTransactionLt.toString(),
      };
      const d = entry(o.address);
      if (newer(d.order, row)) {
        d.order = row;
      }
    }
    for (const sale of found.sales) {
      const row = {
        address: sale.address,
        is_complete: sale.isComplete,
        marketplace_address: sale.marketplaceAddress,
        nft_address: sale.nftAddress,
        nft_owner_address: sale.nftOwnerAddress,
        full_price: sale.fullPrice.toString(),
        marketplace_fee_address: sale.marketplaceFeeAddress,
        marketplace_fee: sale.marketplaceFee.toString(),
        royalty_address: sale.royaltyAddress,
        royalty_amount: sale.royaltyAmount.toString(),
        code_hash: sale.codeHash,
        last_transaction_lt: sale.lastTransactionLt.toString(),
      };
      const d = entry(sale.address);
      if (newer(d.sale, row)) {
        d.sale = row;
      }
    }
    for (const a of found.auctions) {
      const row = {
        address: a.address,
        nft_addr: a.nftAddr,
        nft_owner: a.nftOwner,
        mp_addr: a.mpAddr,
        last_bid: a.lastBid.toString(),
        code_hash: a.codeHash,
        last_transaction_lt: a.lastTransactionLt.toString(),
      };
      const d = entry(a.address);
      if (newer(d.auction, row)) {
        d.auction = row;
      }
    }
    for (const p of found.dexPools) {
      const row = {
        address: p.address,
        asset_1: p.asset_1,
        asset_2: p.asset_2,
        last_transaction_lt: p.lastTransactionLt.toString(),
      };
      const d = entry(p.address);
      if (newer(d.pool, row)) {
        d.pool = row;
      }
    }
  }

  /** Forgets what blocks up to `committed` detected: the tables hold it now. */
  prune(committed: number): void {
    for (const [address, d] of this.detected) {
      if (d.block <= committed) {
        this.detected.delete(address);
      }
    }
  }

  /** `stored` (the tables, for `accounts`) overlaid with the detections in flight. */
  overlay(accounts: readonly string[], stored: StoredInterfaceRows): StoredInterfaceRows {
    const wallets = new Map(stored.jettonWallets.map((r) => [r.address, r]));
    const items = new Map(stored.nftItems.map((r) => [r.address, r]));
    const orders = new Map(stored.multisigOrders.map((r) => [r.address, r]));
    const sales = new Map(stored.nftSales.map((r) => [r.address, r]));
    const auctions = new Map(stored.nftAuctions.map((r) => [r.address, r]));
    const pools = new Map(stored.dexPools.map((r) => [r.address, r]));
    for (const address of accounts) {
      const d = this.detected.get(address);
      if (d === undefined) {
        continue;
      }
      if (d.wallet !== undefined && newer(wallets.get(address), d.wallet)) {
        wallets.set(address, d.wallet);
      }
      if (d.item !== undefined && newer(items.get(address), d.item)) {
        items.set(address, d.item);
      }
      if (d.order !== undefined && newer(orders.get(address), d.order)) {
        orders.set(address, d.order);
      }
      if (d.sale !== undefined && newer(sales.get(address), d.sale)) {
        sales.set(address, d.sale);
      }
      if (d.auction !== undefined && newer(auctions.get(address), d.auction)) {
        auctions.set(address, d.auction);
      }
      if (d.pool !== undefined && newer(pools.get(address), d.pool)) {
        pools.set(address, d.pool);
      }
    }
    // Each auction's item too, as the stored rows include it (ClassifyInputRepository.interfaces).
    for (const { nft_addr: item } of auctions.values()) {
      const d = this.detected.get(item);
      if (d?.item !== undefined && newer(items.get(item), d.item)) {
        items.set(item, d.item);
      }
    }
    return {
      jettonWallets: [...wallets.values()],
      nftItems: [...items.values()],
      multisigOrders: [...orders.values()],
      nftSales: [...sales.values()],
      nftAuctions: [...auctions.values()],
      dexPools: [...pools.values()],
      nominatorPools: stored.nominatorPools,
    };
  }
}
