import { external, SendMode } from '@ton/core';

import { textComment } from '../contracts';
import type { Seed, SeedAccount, SeedContext } from './seed-context';
import { SeedWallet } from './seed-wallet';
import { GENESIS, GenesisAccount } from './genesis/genesis-values';
import { pay, settleAndCheckSeqnos } from './genesis/genesis-step';
import { genesisJetton } from './genesis/genesis-jetton';
import { genesisNft } from './genesis/genesis-nft';
import { type GenesisWallets } from './genesis/genesis-wallets';
import { genesisSales } from './genesis/genesis-sales';
import { genesisDns } from './genesis/genesis-dns';
import { genesisVesting } from './genesis/genesis-vesting';
import { genesisMultisig } from './genesis/genesis-multisig';

export { GENESIS, GenesisAccount } from './genesis/genesis-values';

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
    await settleAndCheckSeqnos(ctx, wallets);

    const standard: GenesisWallets = { v3, v4, v5, all: wallets };
    const jetton = await genesisJetton(ctx, standard);
    const nft = await genesisNft(ctx, standard);
    const dns = await genesisDns(ctx, v5, wallets);
    const vesting = await genesisVesting(ctx, standard);
    const multisig = await genesisMultisig(ctx, standard);

    // A last ordinary, bounceable transfer with a comment between two deployed wallets.
    v5.transfer(ctx, [pay(v3.address, t.v5r1ThanksV3r2, textComment(c.v5r1ThanksV3r2), true)]);
    await settleAndCheckSeqnos(ctx, wallets);

    // Last, so that everything above keeps its lts, balances and hashes: the sales.
    const sales = await genesisSales(ctx, treasury.address, standard);

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
}
