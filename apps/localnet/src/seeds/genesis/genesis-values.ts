import { toNano } from '@ton/core';

/**
 * Every fixed value of the genesis seed, exported so tests and clients can assert against it. Jetton
 * amounts have 9 decimals (`decimals` = "9" in the content).
 */
export const GENESIS = {
  treasurySeed: 'localnet-genesis',
  walletLabels: {
    v3r2: 'localnet genesis wallet v3r2',
    v4r2: 'localnet genesis wallet v4r2',
    v5r1: 'localnet genesis wallet v5r1',
  },
  walletFunding: toNano('100'),
  comments: {
    v3r2ToV4r2: 'Hello from wallet v3r2',
    v5r1ToV3r2: 'gm from v5r1',
    v5r1ThanksV3r2: 'thanks for the NFT',
    jettonForward: 'jetton gift',
    nftForward: 'nft for you',
  },
  tonTransfers: {
    v3r2ToV4r2: toNano('1'),
    v4r2ToV5r1: toNano('0.5'),
    v5r1ToV3r2: toNano('0.25'),
    v5r1ThanksV3r2: toNano('1.5'),
  },
  jetton: {
    content: {
      name: 'Localnet Token',
      symbol: 'LOCAL',
      decimals: '9',
      description: 'Jetton of the local TON network',
    },
    mintToV3r2: 1_000_000_000_000n,
    mintToV4r2: 500_000_000_000n,
    transferV3r2ToV4r2: 250_000_000_000n,
    burnByV4r2: 50_000_000_000n,
    /** Balances and supply once the genesis traffic has landed. */
    finalBalanceV3r2: 750_000_000_000n,
    finalBalanceV4r2: 700_000_000_000n,
    finalTotalSupply: 1_450_000_000_000n,
  },
  nft: {
    collectionContentUri: 'https://localnet.invalid/nft/collection.json',
    commonContentUri: 'https://localnet.invalid/nft/',
    royalty: { numerator: 5, denominator: 100 },
    /** Items 0 and 1, then items 2 and 3 minted for the sales (appended last). */
    itemCount: 4,
  },
  /**
   * Two fixed-price sales (getgems v3 form) by v5r1, the last step of the genesis: item 2 stays on
   * sale; item 3 is bought by v3r2. The treasury stands for the marketplace (it takes the fee); the
   * royalty goes to the collection's royalty destination, v4r2.
   */
  sale: {
    fullPrice: toNano('1'),
    marketplaceFee: toNano('0.05'),
    royaltyAmount: toNano('0.05'),
    createdAt: 1_790_000_000,
    /** query_id of the item transfers to the sales. */
    listQueryId: 60n,
  },
  dns: { domain: 'localnet' },
  vesting: {
    keyLabel: 'localnet genesis vesting wallet',
    /** 2023-11-14T22:13:20Z; four years, monthly (30-day) unlocks after a one-year cliff. */
    startTime: 1_700_000_000,
    totalDuration: 126_144_000,
    unlockPeriod: 2_592_000,
    cliffDuration: 31_536_000,
    totalAmount: toNano('10'),
    payout: toNano('1'),
    payoutComment: 'vesting payout',
  },
  multisig: {
    threshold: 2,
    deposit: toNano('5'),
    payout: toNano('1'),
    payoutComment: 'multisig payout',
  },
  /** Seqnos of the wallets once the genesis traffic has landed (transfers each one signed). */
  finalSeqno: { v3r2: 9, v4r2: 7, v5r1: 5, vesting: 1 },
} as const;

/** Names of the accounts the genesis seed returns. */
export const GenesisAccount = {
  treasury: 'treasury',
  walletV3r2: 'wallet-v3r2',
  walletV4r2: 'wallet-v4r2',
  walletV5r1: 'wallet-v5r1',
  jettonMinter: 'jetton-minter',
  jettonWalletV3r2: 'jetton-wallet-v3r2',
  jettonWalletV4r2: 'jetton-wallet-v4r2',
  nftCollection: 'nft-collection',
  nftItem0: 'nft-item-0',
  nftItem1: 'nft-item-1',
  dnsItem: 'dns-localnet',
  vestingWallet: 'vesting-wallet',
  multisig: 'multisig',
  multisigOrder0: 'multisig-order-0',
  nftItem2: 'nft-item-2',
  nftItem3: 'nft-item-3',
  /** The sale of item 2, left on sale. */
  nftSaleListed: 'nft-sale-listed',
  /** The sale of item 3, completed by v3r2's buy. */
  nftSaleSold: 'nft-sale-sold',
} as const;
