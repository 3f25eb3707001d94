import { type Address, type Cell, internal } from '@ton/core';
import type { SeedContext } from '../seed-context';
import { type SeedWallet } from '../seed-wallet';

/** A TON transfer a wallet signs. */
export function pay(to: Address, value: bigint, body: Cell | null, bounce: boolean) {
  return internal({ to, value, body, bounce });
}

/** Lands the queued messages, then fails loudly if a wallet did not take its transfer. */
export async function settleAndCheckSeqnos(ctx: SeedContext, wallets: SeedWallet[]): Promise<void> {
  await ctx.settle();
  for (const wallet of wallets) {
    const result = await ctx.blockchain.runGetMethod(wallet.address, 'seqno');
    const seqno = result.stackReader.readNumber();
    expectValue(`seqno of ${wallet.name}`, seqno, wallet.nextSeqno);
  }
}

/** Fails the seed loudly when a value read back from the chain is not the one it set up. */
export function expectValue<T>(what: string, actual: T, expected: T): void {
  if (actual !== expected) {
    throw new Error(`genesis seed: ${what} is ${String(actual)}, expected ${String(expected)}`);
  }
}
