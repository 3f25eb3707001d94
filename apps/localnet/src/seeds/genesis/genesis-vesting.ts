import { external, internal, toNano } from '@ton/core';
import { textComment, VestingWallet } from '../../contracts';
import { deterministicWalletKey } from '../deterministic-mnemonic';
import type { SeedAccount, SeedContext } from '../seed-context';
import { SEED_VALID_UNTIL } from '../seed-wallet';
import { GENESIS, GenesisAccount } from './genesis-values';
import { pay, settleAndCheckSeqnos, expectValue } from './genesis-step';
import { type GenesisWallets } from './genesis-wallets';

/**
 * A vesting wallet for v4r2 funded by v3r2 (its vesting sender), which whitelists v5r1; the vesting
 * wallet's own key then signs a payout to v5r1.
 */
export async function genesisVesting(
  ctx: SeedContext,
  { v3, v4, v5, all: wallets }: GenesisWallets,
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
  await settleAndCheckSeqnos(ctx, wallets);
  v3.transfer(ctx, [
    pay(vesting.address, toNano('0.1'), VestingWallet.addWhitelistBody([v5.address], 40n), true),
  ]);
  await settleAndCheckSeqnos(ctx, wallets);
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
