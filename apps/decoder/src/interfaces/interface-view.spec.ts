import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NO_V4_AUCTION_FIELDS } from '@app/classify';
/** The .ton DNS item's code hash (any item code would do: the view passes it through). */
const DNS_ITEM_CODE_HASH = 'i1/8nr/TkGTY1fVuRlnIJrt1k5I/XKSHKL5NYK9vUfk=';
import {
  type DexPoolRow,
  type JettonWalletRow,
  type NftAuctionRow,
  type NftSaleRow,
  noStoredInterfaceRows,
  type StoredInterfaceRows,
} from '@app/database';
import { type DetectedBlock, emptyDetectedBlock } from './interface-detector';
import { InterfaceView } from './interface-view';

const W = '0:' + 'A'.repeat(64);
const OWNER = '0:' + 'B'.repeat(64);
const MASTER = '0:' + 'C'.repeat(64);

function detected(wallets: JettonWalletRow[]): DetectedBlock {
  return { ...emptyDetectedBlock(), wallets };
}

const wallet = (balance: bigint, lastTransactionLt: bigint): JettonWalletRow => ({
  address: W,
  balance,
  owner: OWNER,
  jetton: MASTER,
  lastTransactionLt,
  codeHash: null,
  dataHash: null,
});

const stored = (balance: string, lt: string): StoredInterfaceRows => ({
  ...noStoredInterfaceRows(),
  jettonWallets: [{ address: W, balance, owner: OWNER, jetton: MASTER, last_transaction_lt: lt }],
});

void describe('InterfaceView', () => {
  void it('overlays what blocks in flight detected on the stored rows, the newer row winning', () => {
    const sut = new InterfaceView();
    sut.add(5, detected([wallet(70n, 500n)]));
    // The table still has the row of an earlier block: the block in flight's row is newer.
    assert.deepEqual(sut.overlay([W], stored('100', '400')).jettonWallets, [
      { address: W, balance: '70', owner: OWNER, jetton: MASTER, last_transaction_lt: '500' },
    ]);
    // A stored row as new or newer stays (the tables' upsert replaces only older rows).
    assert.deepEqual(sut.overlay([W], stored('60', '500')).jettonWallets, [
      { address: W, balance: '60', owner: OWNER, jetton: MASTER, last_transaction_lt: '500' },
    ]);
    // Only the accounts asked for; none stored: the detected row alone.
    assert.deepEqual(sut.overlay([], stored('100', '400')).jettonWallets[0]?.balance, '100');
    assert.deepEqual(sut.overlay([W], noStoredInterfaceRows()).jettonWallets[0]?.balance, '70');
  });

  void it('keeps the newest detection of an account and forgets it once its block is committed', () => {
    const sut = new InterfaceView();
    sut.add(5, detected([wallet(70n, 500n)]));
    sut.add(6, detected([wallet(40n, 600n)]));
    assert.equal(sut.overlay([W], stored('100', '400')).jettonWallets[0]?.balance, '40');
    sut.prune(5);
    assert.equal(sut.overlay([W], stored('100', '400')).jettonWallets[0]?.balance, '40');
    sut.prune(6);
    assert.equal(sut.overlay([W], stored('100', '400')).jettonWallets[0]?.balance, '100');
  });

  void it('overlays a DeDust pool detected in a block in flight (a swap sees its assets before it commits)', () => {
    const POOL = '0:' + 'E'.repeat(64);
    const pool: DexPoolRow = {
      address: POOL,
      dex: 'dedust',
      asset_1: null,
      asset_2: MASTER,
      reserve_1: 10n,
      reserve_2: 20n,
      poolType: 'volatile',
      fee: 0.0025,
      lastTransactionLt: 900n,
      codeHash: null,
      dataHash: null,
    };
    const sut = new InterfaceView();
    sut.add(9, { ...detected([]), dexPools: [pool] });
    const olderRow = { address: POOL, asset_1: null, asset_2: OWNER, last_transaction_lt: '800' };
    const detectedRow = {
      address: POOL,
      asset_1: null,
      asset_2: MASTER,
      last_transaction_lt: '900',
    };
    assert.deepEqual(sut.overlay([POOL], stored('1', '1')).dexPools, [detectedRow]);
    assert.deepEqual(sut.overlay([POOL], { ...stored('1', '1'), dexPools: [olderRow] }).dexPools, [
      detectedRow,
    ]);
    const newerRow = { ...olderRow, last_transaction_lt: '1000' };
    assert.deepEqual(sut.overlay([POOL], { ...stored('1', '1'), dexPools: [newerRow] }).dexPools, [
      newerRow,
    ]);
    sut.prune(9);
    assert.deepEqual(sut.overlay([POOL], stored('1', '1')).dexPools, []);
  });

  void it('overlays a getgems sale detected in a block in flight (the purchase sees it before it commits)', () => {
    const SALE = '0:' + 'D'.repeat(64);
    const sale: NftSaleRow = {
      address: SALE,
      isComplete: true,
      createdAt: 1_790_000_000n,
      marketplaceAddress: MASTER,
      nftAddress: W,
      nftOwnerAddress: OWNER,
      fullPrice: 1_000_000_000n,
      marketplaceFeeAddress: MASTER,
      marketplaceFee: 50_000_000n,
      royaltyAddress: OWNER,
      royaltyAmount: 50_000_000n,
      lastTransactionLt: 700n,
      codeHash: 'gnj0xSM95vvtyWmvUZNEp6m//FRIVtuphqlcC8+Fcck=',
      dataHash: null,
    };
    const sut = new InterfaceView();
    sut.add(7, { ...detected([]), sales: [sale] });
    const storedSale = {
      address: SALE,
      is_complete: false,
      marketplace_address: MASTER,
      nft_address: W,
      nft_owner_address: null,
      full_price: '1000000000',
      marketplace_fee_address: MASTER,
      marketplace_fee: '50000000',
      royalty_address: OWNER,
      royalty_amount: '50000000',
      code_hash: null,
      last_transaction_lt: '600',
    };
    assert.deepEqual(
      sut.overlay([SALE], { ...stored('1', '1'), nftSales: [storedSale] }).nftSales,
      [
        {
          ...storedSale,
          is_complete: true,
          nft_owner_address: OWNER,
          // the code hash travels with the detected row: a put-on-sale reads the sale by its version
          code_hash: 'gnj0xSM95vvtyWmvUZNEp6m//FRIVtuphqlcC8+Fcck=',
          last_transaction_lt: '700',
        },
      ],
    );
  });

  void it('overlays a getgems auction detected in a block in flight (a bid sees it before it commits)', () => {
    const AUCTION = '0:' + 'E'.repeat(64);
    const auction: NftAuctionRow = {
      address: AUCTION,
      endFlag: false,
      endTime: 1_790_086_400n,
      mpAddr: MASTER,
      nftAddr: W,
      nftOwner: OWNER,
      lastBid: 3_000_000_000n,
      lastMember: MASTER,
      minStep: 5n,
      mpFeeAddr: MASTER,
      mpFeeFactor: 5n,
      mpFeeBase: 100n,
      royaltyFeeAddr: OWNER,
      royaltyFeeFactor: 10n,
      royaltyFeeBase: 100n,
      maxBid: 0n,
      minBid: 1_000_000_000n,
      createdAt: 1_790_000_000n,
      lastBidAt: 1_790_050_000n,
      isCanceled: false,
      ...NO_V4_AUCTION_FIELDS,
      lastTransactionLt: 800n,
      codeHash: null,
      dataHash: null,
    };
    const sut = new InterfaceView();
    sut.add(8, { ...detected([]), auctions: [auction] });
    const storedAuction = {
      address: AUCTION,
      nft_addr: W,
      nft_owner: null,
      mp_addr: MASTER,
      last_bid: '0',
      code_hash: null,
      last_transaction_lt: '600',
    };
    assert.deepEqual(
      sut.overlay([AUCTION], { ...stored('1', '1'), nftAuctions: [storedAuction] }).nftAuctions,
      [{ ...storedAuction, nft_owner: OWNER, last_bid: '3000000000', last_transaction_lt: '800' }],
    );
  });

  void it('overlays the item of an asked auction detected in a block in flight, though not asked for', () => {
    const AUCTION = '0:' + 'E'.repeat(64);
    const ITEM = '0:' + 'F'.repeat(64);
    const sut = new InterfaceView();
    sut.add(9, {
      ...detected([]),
      items: [
        {
          address: ITEM,
          init: true,
          index: 7n,
          collectionAddress: MASTER,
          ownerAddress: AUCTION,
          content: null,
          realOwner: AUCTION,
          lastTransactionLt: 900n,
          codeHash: DNS_ITEM_CODE_HASH,
          dataHash: null,
        },
      ],
    });
    const storedAuction = {
      address: AUCTION,
      nft_addr: ITEM,
      nft_owner: OWNER,
      mp_addr: MASTER,
      last_bid: '0',
      code_hash: null,
      last_transaction_lt: '600',
    };
    const itemRow = {
      address: ITEM,
      init: true,
      index: '7',
      collection_address: MASTER,
      owner_address: AUCTION,
      content: null,
      code_hash: DNS_ITEM_CODE_HASH,
      last_transaction_lt: '900',
    };
    const asked = { ...stored('1', '1'), nftAuctions: [storedAuction] };
    assert.deepEqual(sut.overlay([AUCTION], asked).nftItems, [itemRow]);
    // Without its auction among the rows, the item is not the trace's business.
    assert.deepEqual(sut.overlay([W], stored('1', '1')).nftItems, []);
  });
});
