/**
 * EVAA liquidation traces for unit tests, shaped as the EVAA master and user contracts exchange them
 * (https://github.com/evaafi/contracts `schema.tlb`: liquidate_master, liquidate_user,
 * liquidate_satisfied / liquidate_unsatisfied, liquidate_success / liquidate_fail,
 * liquidate_success_report), with real bodies built here and TEP-74 jetton legs. Not part of the
 * library's barrel; only specs import it.
 */
import { createHash } from 'node:crypto';
import { Address, beginCell, type Builder, type Cell } from '@ton/core';
import type { AccountInterfaces } from '../trace-model';
import { type Hop, testAddress } from './synthetic-trace';

// Hex letters in the accounts the liquidation writes, so that their letter case shows.
export const LIQUIDATOR = testAddress(0, 'a');
export const BORROWER = testAddress(0, 'b');
export const MASTER = testAddress(0, '3');
export const USER_CONTRACT = testAddress(0, 'c');
export const USDT = testAddress(0, '5');
export const LIQUIDATOR_USDT = testAddress(0, '6');
export const MASTER_USDT = testAddress(0, '7');
/** EVAA's asset id of an asset: sha256 of its name (https://github.com/evaafi/contracts). */
const evaaAssetId = (name: string): bigint =>
  BigInt(`0x${createHash('sha256').update(name).digest('hex')}`);

/** sha256("TON"), EVAA's asset id of TON. */
export const TON_ID = evaaAssetId('TON');
/** sha256("USDT"), EVAA's asset id of USDT. */
export const USDT_ID = evaaAssetId('USDT');

const at = (raw: string): Address => Address.parse(raw);
const wallet = (address: string, owner: string): AccountInterfaces => ({
  jetton_wallet: { address, balance: 0n, owner, jetton: USDT },
});
export const INTERFACES: Record<string, AccountInterfaces> = {
  [LIQUIDATOR_USDT]: wallet(LIQUIDATOR_USDT, LIQUIDATOR),
  [MASTER_USDT]: wallet(MASTER_USDT, MASTER),
};

const empty = (): Cell => beginCell().endCell();

/**
 * liquidate_master#00000003 (as a TON call, or a jetton transfer's forward payload); a null borrower is
 * written as addr_none.
 */
export const liquidateMaster = (
  collateralId: bigint,
  incoming: bigint,
  borrower: string | null = BORROWER,
): Cell =>
  beginCell()
    .storeUint(0x3, 32)
    .storeUint(7, 64)
    .storeAddress(borrower === null ? null : at(borrower))
    .storeAddress(at(LIQUIDATOR))
    .storeUint(collateralId, 256)
    .storeUint(1n, 64)
    .storeInt(-1, 2)
    .storeUint(incoming, 64)
    .storeRef(beginCell().storeUint(0, 64).storeRef(empty()))
    .storeRef(empty())
    .endCell();

/** A message to a user contract: user_version:Coins upgrade_info:(Maybe ^Cell) upgrade_exec:(## 2), then the opcode. */
const toUser = (op: number, rest: (b: ReturnType<typeof beginCell>) => void): Cell => {
  const b = beginCell().storeCoins(3n).storeBit(false).storeUint(0, 2).storeUint(op, 32);
  rest(b);
  return b.endCell();
};

export const liquidateUser = (transferredId: bigint, amount: bigint): Cell =>
  toUser(0x31, (b) =>
    b
      .storeUint(7, 64)
      .storeBit(false)
      .storeBit(false)
      .storeRef(
        beginCell()
          .storeRef(empty())
          .storeUint(TON_ID, 256)
          .storeUint(1n, 64)
          .storeAddress(at(LIQUIDATOR))
          .storeUint(transferredId, 256)
          .storeUint(amount, 64)
          .storeUint(0, 64)
          .storeRef(empty()),
      ),
  );

/**
 * The user contract's answer to liquidate_user (liquidate_satisfied / liquidate_unsatisfied): query_id,
 * owner, liquidator and transferred asset id, then the outcome in a ref.
 */
const userAnswer = (op: number, transferredId: bigint, outcome: Builder): Cell =>
  beginCell()
    .storeUint(op, 32)
    .storeUint(7, 64)
    .storeAddress(at(BORROWER))
    .storeAddress(at(LIQUIDATOR))
    .storeUint(transferredId, 256)
    .storeRef(outcome)
    .endCell();

/**
 * liquidate_satisfied; `tail` is what follows collateral_reward in its reference: min_collateral_amount,
 * new_user_collateral_principal, forward_ton_amount and ^custom_response_payload (`full`), nothing
 * (`none`), or 8 bits of it (`cut`).
 */
export const liquidateSatisfied = (
  transferredId: bigint,
  liquidatable: bigint,
  collateralId: bigint,
  reward: bigint,
  tail: 'full' | 'none' | 'cut' = 'full',
): Cell => {
  const details = beginCell()
    .storeInt(-liquidatable, 64)
    .storeUint(liquidatable, 64)
    .storeUint(5n, 64)
    .storeInt(100n, 64)
    .storeUint(collateralId, 256)
    .storeInt(-reward, 64)
    .storeUint(reward, 64);
  if (tail === 'full') {
    details.storeUint(1n, 64).storeInt(900n, 64).storeUint(0, 64).storeRef(empty());
  } else if (tail === 'cut') {
    details.storeUint(1n, 8);
  }
  return userAnswer(0x311, transferredId, details);
};

export const liquidateUnsatisfied = (transferredId: bigint, amount: bigint, error: number): Cell =>
  userAnswer(
    0x31f,
    transferredId,
    beginCell()
      .storeUint(amount, 64)
      .storeUint(TON_ID, 256)
      .storeUint(1n, 64)
      .storeUint(0, 64)
      .storeRef(empty())
      .storeUint(error, 32),
  );

export const liquidateSuccess = (): Cell =>
  toUser(0x311a, (b) =>
    b
      .storeUint(7, 64)
      .storeUint(USDT_ID, 256)
      .storeInt(-10n, 64)
      .storeUint(1n, 64)
      .storeUint(1n, 64)
      .storeUint(TON_ID, 256)
      .storeInt(-20n, 64)
      .storeUint(1n, 64)
      .storeUint(1n, 64),
  );

export const liquidateFail = (): Cell =>
  beginCell()
    .storeUint(0x311f, 32)
    .storeUint(7, 64)
    .storeUint(USDT_ID, 256)
    .storeInt(-10n, 64)
    .storeUint(TON_ID, 256)
    .storeInt(-20n, 64)
    .endCell();

export const successReport = (reward: bigint): Cell =>
  beginCell()
    .storeUint(0x311d, 32)
    .storeUint(7, 64)
    .storeUint(USDT_ID, 256)
    .storeUint(1_000n, 64)
    .storeUint(TON_ID, 256)
    .storeUint(reward, 64)
    .storeRef(empty())
    .endCell();

export { internalTransfer, jettonTransfer, notification } from './jetton-bodies';

/** The liquidator's wallet sends liquidate_master in TON to the master, which answers with `answers`. */
export function tonLiquidation(
  answers: Hop[],
  bounce = false,
  borrower: string | null = BORROWER,
): Hop {
  return {
    from: null,
    to: LIQUIDATOR,
    children: [
      {
        from: LIQUIDATOR,
        to: MASTER,
        body: liquidateMaster(USDT_ID, 1_000n, borrower),
        value: 5_000_000_000n,
        bounce,
        aborted: bounce,
        children: answers,
      },
    ],
  };
}

/** master → user contract: liquidate_user, which answers with `answer`. */
export const toUserContract = (answer: Hop): Hop => ({
  from: MASTER,
  to: USER_CONTRACT,
  body: liquidateUser(TON_ID, 1_000n),
  children: [answer],
});

/**
 * A TON liquidation the user contract satisfies (950 of debt, 430 of USDT collateral as the reward),
 * the master answering liquidate_satisfied with `answers`.
 */
export const satisfiedLiquidation = (answers: Hop[], tail: 'full' | 'none' | 'cut' = 'full'): Hop =>
  tonLiquidation([
    toUserContract({
      from: USER_CONTRACT,
      to: MASTER,
      body: liquidateSatisfied(TON_ID, 950n, USDT_ID, 430n, tail),
      children: answers,
    }),
  ]);
