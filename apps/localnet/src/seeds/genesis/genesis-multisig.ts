import { internal, toNano } from '@ton/core';
import { Multisig, MultisigOrder, textComment } from '../../contracts';
import type { SeedAccount, SeedContext } from '../seed-context';
import { SEED_VALID_UNTIL } from '../seed-wallet';
import { GENESIS, GenesisAccount } from './genesis-values';
import { pay, settleAndCheckSeqnos, expectValue } from './genesis-step';
import { type GenesisWallets } from './genesis-wallets';

/**
 * A 2-of-3 multisig of the three wallets: v3r2 deploys it and creates order 0 (paying v4r2, approved by
 * v3r2 on creation), v4r2 approves it, and the multisig executes it.
 */
export async function genesisMultisig(
  ctx: SeedContext,
  { v3, v4, v5, all: wallets }: GenesisWallets,
): Promise<SeedAccount[]> {
  const m = GENESIS.multisig;
  const multisig = await Multisig.createFromConfig({
    threshold: m.threshold,
    signers: [v3.address, v4.address, v5.address],
  });
  v3.transfer(ctx, [
    internal({ to: multisig.address, value: m.deposit, init: multisig.init, bounce: false }),
  ]);
  await settleAndCheckSeqnos(ctx, wallets);
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
  await settleAndCheckSeqnos(ctx, wallets);
  const order = await ctx.blockchain.openContract(multisig).getOrderAddress(0n);
  v4.transfer(ctx, [pay(order, toNano('0.1'), Multisig.approveBody(1, 51n), true)]);
  await settleAndCheckSeqnos(ctx, wallets);
  const data = await ctx.blockchain
    .openContract(MultisigOrder.createFromAddress(order))
    .getOrderData();
  expectValue('execution of multisig order 0', data.sentForExecution, true);
  return [
    { name: GenesisAccount.multisig, kind: 'multisig', address: multisig.address },
    { name: GenesisAccount.multisigOrder0, kind: 'multisig-order', address: order, index: 0n },
  ];
}
