/** The genesis seed on an emulator: the accounts, transactions and balances it leaves. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beginCell } from '@ton/core';
import {
  DnsItem,
  dnsCategory,
  FIX_PRICE_SALE_MAGIC,
  inboundBody,
  inboundOp,
  inboundValue,
  JettonMinter,
  JettonWallet,
  Multisig,
  MultisigOrder,
  NftCollection,
  NftItem,
  NftSale,
  readDnsSmcAddressRecord,
  SALE_BUY_GAS,
  succeeded,
  VestingWallet,
} from '../contracts';
import { GENESIS, GenesisAccount, GenesisSeed } from './genesis.seed';
import {
  EXPECTED_ADDRESSES,
  NOW,
  EXPECTED_BALANCES,
  runGenesisForSuite,
} from './genesis.seed.test-util';
import { JETTON, MULTISIG, NFT, VESTING } from '@app/ton';

void describe(GenesisSeed.name, () => {
  const genesis = runGenesisForSuite();
  const { account, address, between, commentOf, transactions } = genesis;

  void it('returns every named account at its fixed address', () => {
    assert.deepEqual(
      Object.fromEntries(genesis.accounts.map((a) => [a.name, a.address.toRawString()])),
      EXPECTED_ADDRESSES,
    );
    assert.deepEqual(
      genesis.accounts.map((a) => a.kind),
      [
        'treasury',
        'wallet',
        'wallet',
        'wallet',
        'jetton-minter',
        'jetton-wallet',
        'jetton-wallet',
        'nft-collection',
        'nft-item',
        'nft-item',
        'dns-item',
        'vesting-wallet',
        'multisig',
        'multisig-order',
        'nft-item',
        'nft-item',
        'nft-sale',
        'nft-sale',
      ],
    );
  });

  void it('derives the wallets from fixed mnemonics, with their wallet ids', () => {
    const v3 = account(GenesisAccount.walletV3r2);
    assert.equal(v3.walletVersion, 'v3r2');
    assert.equal(
      v3.mnemonic?.join(' '),
      'couch knife crazy bring early alcohol robust steel transfer enhance hour add warfare zebra dilemma unit dove cloth violin trap awful bar coast emotion',
    );
    assert.equal(
      v3.publicKey?.toString('hex'),
      '4f324fa9e465f03cd64c4c0984d1325d3a6e6bf15f30595794bf89e9b867e5d4',
    );
    assert.equal(v3.secretKey?.subarray(32).toString('hex'), v3.publicKey.toString('hex'));
    assert.equal(
      account(GenesisAccount.walletV4r2).publicKey?.toString('hex'),
      'f9e46c1edbfcd0ace31e9c7d2ea51c17c4ba946441e096cceee1fd8ed6865397',
    );
    assert.equal(
      account(GenesisAccount.walletV5r1).publicKey?.toString('hex'),
      '87d36effc74afc46de0a6033b4613ee13955d0848515486279171e4586345e41',
    );
    assert.deepEqual(
      [GenesisAccount.walletV3r2, GenesisAccount.walletV4r2, GenesisAccount.walletV5r1].map(
        (n) => account(n).walletId,
      ),
      [698983191, 698983191, 2147483409],
    );
  });

  void it('leaves each wallet at the seqno of the transfers it signed', async () => {
    const seqnos = await Promise.all(
      [GenesisAccount.walletV3r2, GenesisAccount.walletV4r2, GenesisAccount.walletV5r1].map(
        async (n) =>
          (await genesis.blockchain.runGetMethod(address(n), 'seqno')).stackReader.readNumber(),
      ),
    );
    assert.deepEqual(seqnos, [
      GENESIS.finalSeqno.v3r2,
      GENESIS.finalSeqno.v4r2,
      GENESIS.finalSeqno.v5r1,
    ]);
    assert.deepEqual(seqnos, [9, 7, 5]);
    const vesting = genesis.blockchain.openContract(
      VestingWallet.createFromAddress(address(GenesisAccount.vestingWallet)),
    );
    assert.equal(await vesting.getSeqno(), 1);
  });

  void it('ran 79 transactions, all successful but the five credits to wallets not yet deployed', () => {
    assert.equal(transactions.length, 79);
    const failed = transactions.filter((tx) => !succeeded(tx));
    assert.deepEqual(
      failed.map((tx) => {
        const info = tx.inMessage?.info;
        return info?.type === 'internal' ? info.dest.toRawString() : 'not internal';
      }),
      [
        EXPECTED_ADDRESSES['wallet-v3r2'],
        EXPECTED_ADDRESSES['wallet-v4r2'],
        EXPECTED_ADDRESSES['wallet-v5r1'],
        EXPECTED_ADDRESSES['wallet-v4r2'],
        EXPECTED_ADDRESSES['wallet-v5r1'],
      ],
    );
    const externals = transactions.filter((tx) => tx.inMessage?.info.type === 'external-in');
    assert.equal(externals.length, 1 + 9 + 7 + 5 + 1);
  });

  void it('carries the text comments of the TON transfers', () => {
    const [hello] = between(GenesisAccount.walletV3r2, GenesisAccount.walletV4r2);
    assert.ok(hello);
    assert.equal(commentOf(hello), 'Hello from wallet v3r2');
    assert.equal(inboundValue(hello), 1_000_000_000n);
    const fromV5 = between(GenesisAccount.walletV5r1, GenesisAccount.walletV3r2);
    assert.deepEqual(fromV5.map(commentOf), ['gm from v5r1', 'thanks for the NFT']);
    assert.deepEqual(
      fromV5.map((tx) => tx.inMessage?.info.type === 'internal' && tx.inMessage.info.bounce),
      [false, true],
    );
  });

  void it('leaves the Jetton balances and supply of mint 1000 + 500, transfer 250, burn 50', async () => {
    const minter = genesis.blockchain.openContract(
      JettonMinter.createFromAddress(address(GenesisAccount.jettonMinter)),
    );
    const data = await minter.getJettonData();
    assert.equal(data.totalSupply, 1_450_000_000_000n);
    assert.equal(data.admin?.toRawString(), EXPECTED_ADDRESSES['wallet-v3r2']);
    for (const [wallet, owner, balance] of [
      [GenesisAccount.jettonWalletV3r2, GenesisAccount.walletV3r2, 750_000_000_000n],
      [GenesisAccount.jettonWalletV4r2, GenesisAccount.walletV4r2, 700_000_000_000n],
    ] as const) {
      const walletData = await genesis.blockchain
        .openContract(JettonWallet.createFromAddress(address(wallet)))
        .getWalletData();
      assert.equal(walletData.balance, balance);
      assert.equal(walletData.owner.toRawString(), address(owner).toRawString());
      assert.equal(
        walletData.jetton.toRawString(),
        address(GenesisAccount.jettonMinter).toRawString(),
      );
      assert.equal(
        (await minter.getWalletAddress(address(owner))).toRawString(),
        address(wallet).toRawString(),
      );
      assert.equal(
        account(wallet).jettonMaster?.toRawString(),
        EXPECTED_ADDRESSES['jetton-minter'],
      );
    }
    const [notification] = between(GenesisAccount.jettonWalletV4r2, GenesisAccount.walletV4r2);
    assert.ok(notification && inboundOp(notification) === JETTON.notify.opcode);
    const body = inboundBody(notification).skip(32 + 64);
    assert.equal(body.loadCoins(), 250_000_000_000n);
    assert.equal(body.loadAddress().toRawString(), EXPECTED_ADDRESSES['wallet-v3r2']);
    assert.equal(body.loadMaybeRef()?.beginParse().skip(32).loadStringTail(), 'jetton gift');
    const burn = between(GenesisAccount.jettonWalletV4r2, GenesisAccount.jettonMinter);
    assert.deepEqual(burn.map(inboundOp), [JETTON.burn_notification.opcode]);
  });

  void it('leaves NFT item 0 with v3r2 after the transfer and item 1 with v5r1', async () => {
    const collection = genesis.blockchain.openContract(
      NftCollection.createFromAddress(address(GenesisAccount.nftCollection)),
    );
    const data = await collection.getCollectionData();
    assert.equal(data.nextItemIndex, BigInt(GENESIS.nft.itemCount));
    assert.equal(GENESIS.nft.itemCount, 4);
    assert.equal(data.owner.toRawString(), EXPECTED_ADDRESSES['wallet-v4r2']);
    for (const [item, owner, uri] of [
      [GenesisAccount.nftItem0, GenesisAccount.walletV3r2, 'https://localnet.invalid/nft/0.json'],
      [GenesisAccount.nftItem1, GenesisAccount.walletV5r1, 'https://localnet.invalid/nft/1.json'],
    ] as const) {
      const itemData = await genesis.blockchain
        .openContract(NftItem.createFromAddress(address(item)))
        .getNftData();
      assert.equal(itemData.owner?.toRawString(), address(owner).toRawString());
      assert.equal(account(item).owner?.toRawString(), address(owner).toRawString());
      assert.equal(itemData.index, account(item).index);
      const content = await collection.getNftContent(
        itemData.index,
        itemData.individualContent ?? beginCell().endCell(),
      );
      assert.equal(content.beginParse().skip(8).loadStringTail(), uri);
    }
    const [assigned] = between(GenesisAccount.nftItem0, GenesisAccount.walletV3r2);
    assert.ok(assigned && inboundOp(assigned) === NFT.ownership_assigned.opcode);
    const body = inboundBody(assigned).skip(32 + 64);
    assert.equal(body.loadAddress().toRawString(), EXPECTED_ADDRESSES['wallet-v4r2']);
    assert.equal(body.loadMaybeRef()?.beginParse().skip(32).loadStringTail(), 'nft for you');
  });

  void it('resolves the DNS item’s wallet record to v5r1', async () => {
    const dns = genesis.blockchain.openContract(
      DnsItem.createFromAddress(address(GenesisAccount.dnsItem)),
    );
    assert.equal(await dns.getDomain(), 'localnet');
    const resolved = await dns.getResolve(Buffer.from([0]), dnsCategory('wallet'));
    assert.equal(resolved.resolvedBits, 8);
    assert.equal(
      readDnsSmcAddressRecord(resolved.value ?? assert.fail()).toRawString(),
      EXPECTED_ADDRESSES['wallet-v5r1'],
    );
  });

  void it('deploys a vesting wallet for v4r2 from v3r2, whitelisting v5r1, which received a payout', async () => {
    const vesting = genesis.blockchain.openContract(
      VestingWallet.createFromAddress(address(GenesisAccount.vestingWallet)),
    );
    const data = await vesting.getVestingData();
    assert.deepEqual(
      {
        ...data,
        sender: data.sender.toRawString(),
        owner: data.owner.toRawString(),
        whitelist: data.whitelist.map((a) => a.toRawString()),
      },
      {
        startTime: 1_700_000_000,
        totalDuration: 126_144_000,
        unlockPeriod: 2_592_000,
        cliffDuration: 31_536_000,
        totalAmount: 10_000_000_000n,
        sender: EXPECTED_ADDRESSES['wallet-v3r2'],
        owner: EXPECTED_ADDRESSES['wallet-v4r2'],
        whitelist: [EXPECTED_ADDRESSES['wallet-v5r1']],
      },
    );
    // 38 whole 30-day periods had passed at NOW: 10 TON × (1 − 38 × 2,592,000 / 126,144,000) stays locked
    assert.equal(await vesting.getLockedAmount(NOW), 2_191_780_822n);
    assert.equal(
      account(GenesisAccount.vestingWallet).publicKey?.toString('hex'),
      '3cdd67e15f5510c76f3b142b801aafaca597889c84525eab7a088c716250da57',
    );
    const [whitelistAnswer] = between(GenesisAccount.vestingWallet, GenesisAccount.walletV3r2);
    assert.ok(
      whitelistAnswer && inboundOp(whitelistAnswer) === VESTING.add_whitelist_response.opcode,
    );
    const [payout] = between(GenesisAccount.vestingWallet, GenesisAccount.walletV5r1);
    assert.ok(payout);
    assert.equal(commentOf(payout), 'vesting payout');
    assert.equal(inboundValue(payout), 1_000_000_000n);
  });

  void it('runs a 2-of-3 multisig order: created and approved by v3r2, approved by v4r2, executed', async () => {
    const multisig = genesis.blockchain.openContract(
      Multisig.createFromAddress(address(GenesisAccount.multisig)),
    );
    const data = await multisig.getMultisigData();
    assert.equal(data.threshold, 2);
    assert.equal(data.nextOrderSeqno, 1n);
    assert.deepEqual(
      data.signers.map((s) => s.toRawString()),
      [
        EXPECTED_ADDRESSES['wallet-v3r2'],
        EXPECTED_ADDRESSES['wallet-v4r2'],
        EXPECTED_ADDRESSES['wallet-v5r1'],
      ],
    );
    assert.equal(
      (await multisig.getOrderAddress(0n)).toRawString(),
      EXPECTED_ADDRESSES['multisig-order-0'],
    );
    const order = genesis.blockchain.openContract(
      MultisigOrder.createFromAddress(address(GenesisAccount.multisigOrder0)),
    );
    const orderData = await order.getOrderData();
    assert.deepEqual(
      [
        orderData.sentForExecution,
        orderData.approvalsMask,
        orderData.approvalsNum,
        orderData.threshold,
      ],
      [true, 3n, 2, 2],
    );
    const [payout] = between(GenesisAccount.multisig, GenesisAccount.walletV4r2);
    assert.ok(payout);
    assert.equal(commentOf(payout), 'multisig payout');
    assert.equal(inboundValue(payout), 1_000_000_000n);
    assert.deepEqual(
      between(GenesisAccount.multisigOrder0, GenesisAccount.multisig).map(inboundOp),
      [MULTISIG.execute.opcode],
    );
  });

  void it('puts items 2 and 3 on sale for v5r1; v3r2 buys item 3 and item 2 stays on sale', async () => {
    const s = GENESIS.sale;
    const owners = await Promise.all(
      [GenesisAccount.nftItem2, GenesisAccount.nftItem3].map(async (name) =>
        (
          await genesis.blockchain
            .openContract(NftItem.createFromAddress(address(name)))
            .getNftData()
        ).owner?.toRawString(),
      ),
    );
    assert.deepEqual(owners, [
      EXPECTED_ADDRESSES['nft-sale-listed'],
      EXPECTED_ADDRESSES['wallet-v3r2'],
    ]);
    const sale = async (name: string) => {
      const d = await genesis.blockchain
        .openContract(NftSale.createFromAddress(address(name)))
        .getSaleData();
      return [
        d.magic,
        d.isComplete,
        d.createdAt,
        d.marketplace.toRawString(),
        d.nft.toRawString(),
        d.owner?.toRawString(),
        d.fullPrice,
        d.marketplaceFeeAddress.toRawString(),
        d.marketplaceFee,
        d.royaltyAddress.toRawString(),
        d.royaltyAmount,
      ];
    };
    const expected = (complete: boolean, item: string) => [
      FIX_PRICE_SALE_MAGIC,
      complete,
      s.createdAt,
      EXPECTED_ADDRESSES.treasury,
      EXPECTED_ADDRESSES[item],
      EXPECTED_ADDRESSES['wallet-v5r1'],
      s.fullPrice,
      EXPECTED_ADDRESSES.treasury,
      s.marketplaceFee,
      EXPECTED_ADDRESSES['wallet-v4r2'],
      s.royaltyAmount,
    ];
    assert.deepEqual(await sale(GenesisAccount.nftSaleListed), expected(false, 'nft-item-2'));
    assert.deepEqual(await sale(GenesisAccount.nftSaleSold), expected(true, 'nft-item-3'));
    // The item's ownership_assigned named the seller: that is what activated the sale.
    const [assigned] = between(GenesisAccount.nftItem2, GenesisAccount.nftSaleListed);
    assert.ok(assigned && inboundOp(assigned) === NFT.ownership_assigned.opcode);
    const body = inboundBody(assigned).skip(32);
    assert.equal(body.loadUintBig(64), s.listQueryId);
    assert.equal(body.loadAddress().toRawString(), EXPECTED_ADDRESSES['wallet-v5r1']);
    // The buy: full price + gas in; fee, royalty and the seller's part out; the item to the buyer.
    const [buy] = between(GenesisAccount.walletV3r2, GenesisAccount.nftSaleSold);
    assert.ok(buy);
    assert.equal(inboundValue(buy), s.fullPrice + SALE_BUY_GAS);
    const paid = (to: string): bigint[] =>
      between(GenesisAccount.nftSaleSold, to).map((tx) => inboundValue(tx));
    assert.deepEqual(paid(GenesisAccount.treasury), [s.marketplaceFee]);
    assert.deepEqual(paid(GenesisAccount.walletV4r2), [s.royaltyAmount]);
    assert.deepEqual(paid(GenesisAccount.walletV5r1), [
      s.fullPrice - s.marketplaceFee - s.royaltyAmount,
    ]);
    assert.deepEqual(between(GenesisAccount.nftSaleSold, GenesisAccount.nftItem3).map(inboundOp), [
      NFT.transfer.opcode,
    ]);
    assert.deepEqual(between(GenesisAccount.nftSaleListed, GenesisAccount.nftItem2), []);
  });

  void it('leaves the exact TON balances (clock fixed, so storage fees are too)', async () => {
    const balances: Record<string, bigint> = {};
    for (const name of Object.keys(EXPECTED_BALANCES)) {
      balances[name] = (await genesis.blockchain.getContract(address(name))).balance;
    }
    assert.deepEqual(balances, EXPECTED_BALANCES);
  });
});
