import { type Address, type Cell, external, internal, SendMode, toNano } from '@ton/core';

import {
  DnsItem,
  dnsCategory,
  dnsSmcAddressRecord,
  JettonMinter,
  JettonWallet,
  Multisig,
  MultisigOrder,
  NftCollection,
  NftItem,
  NftSale,
  onchainContent,
  SALE_BUY_GAS,
  textComment,
  VestingWallet,
} from '../contracts';
import { deterministicWalletKey } from './deterministic-mnemonic';
import type { Seed, SeedAccount, SeedContext } from './seed-context';
import { SEED_VALID_UNTIL, SeedWallet } from './seed-wallet';

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

/** A TON transfer a wallet signs. */
function pay(to: Address, value: bigint, body: Cell | null, bounce: boolean) {
  return internal({ to, value, body, bounce });
}

/**
 * The genesis of the local network: a treasury funds three wallets (v3r2, v4r2, v5r1), which deploy
 * themselves with their first signed transfers, then deploy and use a Jetton, an NFT collection, a DNS
 * item, a vesting wallet and a 2-of-3 multisig. Every step is a signed external message queued on the chain, so the blocks hold the same kinds of
 * transactions as mainnet; the seed checks each step landed before the next.
 */
export class GenesisSeed implements Seed {
  readonly name = 'genesis';

  async run(ctx: SeedContext): Promise<SeedAccount[]> {
    const treasury = await ctx.blockchain.treasury(GENESIS.treasurySeed);
    const v3 = await SeedWallet.fromLabel(
      GenesisAccount.walletV3r2,
      'v3r2',
      GENESIS.walletLabels.v3r2,
    );
    const v4 = await SeedWallet.fromLabel(
      GenesisAccount.walletV4r2,
      'v4r2',
      GENESIS.walletLabels.v4r2,
    );
    const v5 = await SeedWallet.fromLabel(
      GenesisAccount.walletV5r1,
      'v5r1',
      GENESIS.walletLabels.v5r1,
    );
    const wallets = [v3, v4, v5];

    // 1. The treasury (a sandbox-owned wallet taking unsigned externals) funds the three wallets.
    ctx.submit(
      external({
        to: treasury.address,
        body: treasury.createTransfer({
          sendMode: SendMode.PAY_GAS_SEPARATELY,
          messages: wallets.map((w) => pay(w.address, GENESIS.walletFunding, null, false)),
        }),
      }),
    );
    await ctx.settle();

    // 2. First transfers: each deploys its wallet (StateInit on seqno 0); two carry text comments.
    const c = GENESIS.comments;
    const t = GENESIS.tonTransfers;
    v3.transfer(ctx, [pay(v4.address, t.v3r2ToV4r2, textComment(c.v3r2ToV4r2), false)]);
    v4.transfer(ctx, [pay(v5.address, t.v4r2ToV5r1, null, false)]);
    v5.transfer(ctx, [pay(v3.address, t.v5r1ToV3r2, textComment(c.v5r1ToV3r2), false)]);
    await this.settleAndCheckSeqnos(ctx, wallets);

    const jetton = await this.runJetton(ctx, v3, v4, wallets);
    const nft = await this.runNft(ctx, v3, v4, v5, wallets);
    const dns = await this.runDns(ctx, v5, wallets);
    const vesting = await this.runVesting(ctx, v3, v4, v5, wallets);
    const multisig = await this.runMultisig(ctx, v3, v4, v5, wallets);

    // A last ordinary, bounceable transfer with a comment between two deployed wallets.
    v5.transfer(ctx, [pay(v3.address, t.v5r1ThanksV3r2, textComment(c.v5r1ThanksV3r2), true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);

    // Last, so that everything above keeps its lts, balances and hashes: the sales.
    const sales = await this.runSales(ctx, treasury.address, v3, v4, v5, wallets);

    return [
      { name: GenesisAccount.treasury, kind: 'treasury', address: treasury.address },
      ...wallets.map((w) => w.toAccount()),
      ...jetton,
      ...nft,
      dns,
      vesting,
      ...multisig,
      ...sales,
    ];
  }

  /** Minter (admin v3r2), mints to v3r2 and v4r2, a transfer v3r2 → v4r2 and a burn by v4r2. */
  private async runJetton(
    ctx: SeedContext,
    v3: SeedWallet,
    v4: SeedWallet,
    wallets: SeedWallet[],
  ): Promise<SeedAccount[]> {
    const j = GENESIS.jetton;
    const minter = await JettonMinter.createFromConfig({
      admin: v3.address,
      content: onchainContent(j.content),
    });
    const mint = (to: Address, jettonAmount: bigint, queryId: bigint) =>
      JettonMinter.mintBody(minter.address, {
        queryId,
        to,
        jettonAmount,
        tonAmount: toNano('0.05'),
        responseAddress: v3.address,
      });
    // Deploy and first mint in one message: the StateInit creates the minter, the body mints.
    v3.transfer(ctx, [
      internal({
        to: minter.address,
        value: toNano('0.1'),
        init: minter.init,
        body: mint(v3.address, j.mintToV3r2, 1n),
      }),
    ]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    v3.transfer(ctx, [
      pay(minter.address, toNano('0.1'), mint(v4.address, j.mintToV4r2, 2n), true),
    ]);
    await this.settleAndCheckSeqnos(ctx, wallets);

    const w3 = await JettonWallet.createFor(v3.address, minter.address);
    const w4 = await JettonWallet.createFor(v4.address, minter.address);
    const transfer = JettonWallet.transferBody({
      queryId: 3n,
      amount: j.transferV3r2ToV4r2,
      destination: v4.address,
      responseDestination: v3.address,
      forwardTonAmount: toNano('0.01'),
      forwardPayload: textComment(GENESIS.comments.jettonForward),
    });
    v3.transfer(ctx, [pay(w3.address, toNano('0.1'), transfer, true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    const burn = JettonWallet.burnBody({
      queryId: 4n,
      amount: j.burnByV4r2,
      responseDestination: v4.address,
    });
    v4.transfer(ctx, [pay(w4.address, toNano('0.05'), burn, true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);

    const opened = ctx.blockchain.openContract(minter);
    expectValue(
      'Jetton total supply',
      (await opened.getJettonData()).totalSupply,
      j.finalTotalSupply,
    );
    for (const [wallet, expected] of [
      [w3, j.finalBalanceV3r2],
      [w4, j.finalBalanceV4r2],
    ] as const) {
      const data = await ctx.blockchain.openContract(wallet).getWalletData();
      expectValue(`Jetton balance of ${wallet.address.toRawString()}`, data.balance, expected);
    }
    return [
      {
        name: GenesisAccount.jettonMinter,
        kind: 'jetton-minter',
        address: minter.address,
        owner: v3.address,
      },
      {
        name: GenesisAccount.jettonWalletV3r2,
        kind: 'jetton-wallet',
        address: w3.address,
        owner: v3.address,
        jettonMaster: minter.address,
      },
      {
        name: GenesisAccount.jettonWalletV4r2,
        kind: 'jetton-wallet',
        address: w4.address,
        owner: v4.address,
        jettonMaster: minter.address,
      },
    ];
  }

  /** Collection (owner v4r2) deployed with item 0 for v4r2, item 1 minted for v5r1, item 0 sent to v3r2. */
  private async runNft(
    ctx: SeedContext,
    v3: SeedWallet,
    v4: SeedWallet,
    v5: SeedWallet,
    wallets: SeedWallet[],
  ): Promise<SeedAccount[]> {
    const n = GENESIS.nft;
    const collection = await NftCollection.createFromConfig({
      owner: v4.address,
      collectionContentUri: n.collectionContentUri,
      commonContentUri: n.commonContentUri,
      royalty: { ...n.royalty, destination: v4.address },
    });
    const deployItem = (index: bigint, owner: Address) =>
      NftCollection.deployItemBody({
        queryId: 10n + index,
        index,
        amount: toNano('0.06'),
        owner,
        individualContent: `${index.toString()}.json`,
      });
    v4.transfer(ctx, [
      internal({
        to: collection.address,
        value: toNano('0.2'),
        init: collection.init,
        body: deployItem(0n, v4.address),
      }),
    ]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    v4.transfer(ctx, [pay(collection.address, toNano('0.1'), deployItem(1n, v5.address), true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);

    const opened = ctx.blockchain.openContract(collection);
    const item0 = await opened.getNftAddressByIndex(0n);
    const item1 = await opened.getNftAddressByIndex(1n);
    const transfer = NftItem.transferBody({
      queryId: 20n,
      newOwner: v3.address,
      responseDestination: v4.address,
      forwardAmount: toNano('0.01'),
      forwardPayload: textComment(GENESIS.comments.nftForward),
    });
    v4.transfer(ctx, [pay(item0, toNano('0.05'), transfer, true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);

    const owners: [Address, Address][] = [
      [item0, v3.address],
      [item1, v5.address],
    ];
    for (const [item, owner] of owners) {
      const data = await ctx.blockchain.openContract(NftItem.createFromAddress(item)).getNftData();
      expectValue(
        `owner of NFT ${item.toRawString()}`,
        data.owner?.toRawString(),
        owner.toRawString(),
      );
    }
    return [
      {
        name: GenesisAccount.nftCollection,
        kind: 'nft-collection',
        address: collection.address,
        owner: v4.address,
      },
      {
        name: GenesisAccount.nftItem0,
        kind: 'nft-item',
        address: item0,
        owner: v3.address,
        index: 0n,
      },
      {
        name: GenesisAccount.nftItem1,
        kind: 'nft-item',
        address: item1,
        owner: v5.address,
        index: 1n,
      },
    ];
  }

  /**
   * v4r2 mints items 2 and 3 for v5r1; v5r1 deploys a fixed-price sale for each and transfers both
   * items to them with a forward amount (the item's ownership_assigned activates the sale with v5r1 as
   * the seller, as getgems' sales are put on sale); v3r2 then buys item 3. Item 2 stays on sale.
   */
  private async runSales(
    ctx: SeedContext,
    marketplace: Address,
    v3: SeedWallet,
    v4: SeedWallet,
    v5: SeedWallet,
    wallets: SeedWallet[],
  ): Promise<SeedAccount[]> {
    const s = GENESIS.sale;
    const collection = ctx.blockchain.openContract(
      await NftCollection.createFromConfig({
        owner: v4.address,
        collectionContentUri: GENESIS.nft.collectionContentUri,
        commonContentUri: GENESIS.nft.commonContentUri,
        royalty: { ...GENESIS.nft.royalty, destination: v4.address },
      }),
    );
    const indexes = [2n, 3n];
    v4.transfer(
      ctx,
      indexes.map((index) =>
        pay(
          collection.address,
          toNano('0.1'),
          NftCollection.deployItemBody({
            queryId: 10n + index,
            index,
            amount: toNano('0.06'),
            owner: v5.address,
            individualContent: `${index.toString()}.json`,
          }),
          true,
        ),
      ),
    );
    await this.settleAndCheckSeqnos(ctx, wallets);
    const lots = await Promise.all(
      indexes.map(async (index) => {
        const item = await collection.getNftAddressByIndex(index);
        const sale = await NftSale.createFromConfig({
          marketplace,
          nft: item,
          fullPrice: s.fullPrice,
          marketplaceFeeAddress: marketplace,
          marketplaceFee: s.marketplaceFee,
          royaltyAddress: v4.address,
          royaltyAmount: s.royaltyAmount,
          createdAt: s.createdAt,
        });
        return { index, item, sale };
      }),
    );
    const [listed, sold] = lots;
    if (listed === undefined || sold === undefined) {
      throw new Error('genesis seed: two sales expected');
    }
    v5.transfer(
      ctx,
      lots.map(({ sale }) =>
        internal({ to: sale.address, value: toNano('0.05'), init: sale.init, bounce: false }),
      ),
    );
    await this.settleAndCheckSeqnos(ctx, wallets);
    v5.transfer(
      ctx,
      lots.map(({ item, sale }, i) => {
        const transfer = NftItem.transferBody({
          queryId: s.listQueryId + BigInt(i),
          newOwner: sale.address,
          responseDestination: v5.address,
          forwardAmount: toNano('0.02'),
        });
        return pay(item, toNano('0.1'), transfer, true);
      }),
    );
    await this.settleAndCheckSeqnos(ctx, wallets);
    v3.transfer(ctx, [pay(sold.sale.address, s.fullPrice + SALE_BUY_GAS, null, true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);

    const outcomes = [
      { lot: listed, owner: listed.sale.address, complete: false },
      { lot: sold, owner: v3.address, complete: true },
    ];
    for (const { lot, owner, complete } of outcomes) {
      const item = await ctx.blockchain
        .openContract(NftItem.createFromAddress(lot.item))
        .getNftData();
      expectValue(
        `owner of NFT ${lot.item.toRawString()}`,
        item.owner?.toRawString(),
        owner.toRawString(),
      );
      const sale = await ctx.blockchain.openContract(lot.sale).getSaleData();
      const where = `sale ${lot.sale.address.toRawString()}`;
      expectValue(`completion of ${where}`, sale.isComplete, complete);
      expectValue(`seller of ${where}`, sale.owner?.toRawString(), v5.address.toRawString());
    }
    return [
      ...outcomes.map(({ lot, owner }, i): SeedAccount => ({
        name: i === 0 ? GenesisAccount.nftItem2 : GenesisAccount.nftItem3,
        kind: 'nft-item',
        address: lot.item,
        owner,
        index: lot.index,
      })),
      ...lots.map(({ sale }, i): SeedAccount => ({
        name: i === 0 ? GenesisAccount.nftSaleListed : GenesisAccount.nftSaleSold,
        kind: 'nft-sale',
        address: sale.address,
        owner: v5.address,
      })),
    ];
  }

  /** A DNS-like item "localnet" owned by v5r1, whose "wallet" record is set by a change_dns_record. */
  private async runDns(
    ctx: SeedContext,
    v5: SeedWallet,
    wallets: SeedWallet[],
  ): Promise<SeedAccount> {
    const item = await DnsItem.createFromConfig({ owner: v5.address, domain: GENESIS.dns.domain });
    const body = DnsItem.changeRecordBody(
      dnsCategory('wallet'),
      dnsSmcAddressRecord(v5.address),
      30n,
    );
    v5.transfer(ctx, [internal({ to: item.address, value: toNano('0.1'), init: item.init, body })]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    return {
      name: GenesisAccount.dnsItem,
      kind: 'dns-item',
      address: item.address,
      owner: v5.address,
    };
  }

  /**
   * A vesting wallet for v4r2 funded by v3r2 (its vesting sender), which whitelists v5r1; the vesting
   * wallet's own key then signs a payout to v5r1.
   */
  private async runVesting(
    ctx: SeedContext,
    v3: SeedWallet,
    v4: SeedWallet,
    v5: SeedWallet,
    wallets: SeedWallet[],
  ): Promise<SeedAccount> {
    const v = GENESIS.vesting;
    const { mnemonic, keyPair } = await deterministicWalletKey(v.keyLabel);
    const vesting = await VestingWallet.createFromConfig({
      publicKey: keyPair.publicKey,
      startTime: v.startTime,
      totalDuration: v.totalDuration,
      unlockPeriod: v.unlockPeriod,
      cliffDuration: v.cliffDuration,
      totalAmount: v.totalAmount,
      sender: v3.address,
      owner: v4.address,
    });
    v3.transfer(ctx, [
      internal({ to: vesting.address, value: v.totalAmount, init: vesting.init, bounce: false }),
    ]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    v3.transfer(ctx, [
      pay(vesting.address, toNano('0.1'), VestingWallet.addWhitelistBody([v5.address], 40n), true),
    ]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    ctx.submit(
      external({
        to: vesting.address,
        body: VestingWallet.createTransfer({
          seqno: 0,
          secretKey: keyPair.secretKey,
          validUntil: SEED_VALID_UNTIL,
          message: pay(v5.address, v.payout, textComment(v.payoutComment), true),
        }),
      }),
    );
    await ctx.settle();
    const seqno = await ctx.blockchain.openContract(vesting).getSeqno();
    expectValue('seqno of the vesting wallet', seqno, GENESIS.finalSeqno.vesting);
    return {
      name: GenesisAccount.vestingWallet,
      kind: 'vesting-wallet',
      address: vesting.address,
      owner: v4.address,
      publicKey: keyPair.publicKey,
      secretKey: keyPair.secretKey,
      mnemonic,
      walletId: 0,
    };
  }

  /**
   * A 2-of-3 multisig of the three wallets: v3r2 deploys it and creates order 0 (paying v4r2, approved by
   * v3r2 on creation), v4r2 approves it, and the multisig executes it.
   */
  private async runMultisig(
    ctx: SeedContext,
    v3: SeedWallet,
    v4: SeedWallet,
    v5: SeedWallet,
    wallets: SeedWallet[],
  ): Promise<SeedAccount[]> {
    const m = GENESIS.multisig;
    const multisig = await Multisig.createFromConfig({
      threshold: m.threshold,
      signers: [v3.address, v4.address, v5.address],
    });
    v3.transfer(ctx, [
      internal({ to: multisig.address, value: m.deposit, init: multisig.init, bounce: false }),
    ]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    const newOrder = Multisig.newOrderBody({
      queryId: 50n,
      orderSeqno: 0n,
      bySigner: true,
      index: 0,
      expirationDate: SEED_VALID_UNTIL,
      actions: [
        {
          type: 'send',
          mode: Multisig.defaultActionMode,
          message: pay(v4.address, m.payout, textComment(m.payoutComment), true),
        },
      ],
    });
    v3.transfer(ctx, [pay(multisig.address, toNano('0.2'), newOrder, true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    const order = await ctx.blockchain.openContract(multisig).getOrderAddress(0n);
    v4.transfer(ctx, [pay(order, toNano('0.1'), Multisig.approveBody(1, 51n), true)]);
    await this.settleAndCheckSeqnos(ctx, wallets);
    const data = await ctx.blockchain
      .openContract(MultisigOrder.createFromAddress(order))
      .getOrderData();
    expectValue('execution of multisig order 0', data.sentForExecution, true);
    return [
      { name: GenesisAccount.multisig, kind: 'multisig', address: multisig.address },
      { name: GenesisAccount.multisigOrder0, kind: 'multisig-order', address: order, index: 0n },
    ];
  }

  /** Lands the queued messages, then fails loudly if a wallet did not take its transfer. */
  private async settleAndCheckSeqnos(ctx: SeedContext, wallets: SeedWallet[]): Promise<void> {
    await ctx.settle();
    for (const wallet of wallets) {
      const result = await ctx.blockchain.runGetMethod(wallet.address, 'seqno');
      const seqno = result.stackReader.readNumber();
      expectValue(`seqno of ${wallet.name}`, seqno, wallet.nextSeqno);
    }
  }
}

function expectValue<T>(what: string, actual: T, expected: T): void {
  if (actual !== expected) {
    throw new Error(`genesis seed: ${what} is ${String(actual)}, expected ${String(expected)}`);
  }
}
