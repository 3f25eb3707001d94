import { type Address, internal, toNano } from '@ton/core';
import { JettonMinter, JettonWallet, onchainContent, textComment } from '../../contracts';
import type { SeedAccount, SeedContext } from '../seed-context';
import { GENESIS, GenesisAccount } from './genesis-values';
import { pay, settleAndCheckSeqnos, expectValue } from './genesis-step';
import { type GenesisWallets } from './genesis-wallets';

/** Minter (admin v3r2), mints to v3r2 and v4r2, a transfer v3r2 → v4r2 and a burn by v4r2. */
export async function genesisJetton(
  ctx: SeedContext,
  { v3, v4, all: wallets }: GenesisWallets,
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
  await settleAndCheckSeqnos(ctx, wallets);
  v3.transfer(ctx, [pay(minter.address, toNano('0.1'), mint(v4.address, j.mintToV4r2, 2n), true)]);
  await settleAndCheckSeqnos(ctx, wallets);

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
  await settleAndCheckSeqnos(ctx, wallets);
  const burn = JettonWallet.burnBody({
    queryId: 4n,
    amount: j.burnByV4r2,
    responseDestination: v4.address,
  });
  v4.transfer(ctx, [pay(w4.address, toNano('0.05'), burn, true)]);
  await settleAndCheckSeqnos(ctx, wallets);

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
