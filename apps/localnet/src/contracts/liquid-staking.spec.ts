import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { type Address, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { actionLines, classifySandboxTrace, rawUpper } from './classified-sandbox-trace';
import { type JettonMinter } from './jetton-minter.contract';
import { JettonWallet } from './jetton-wallet.contract';
import {
  STAKING_DEPOSIT_FEE,
  StakingOp,
  StakingPool,
  stakingMinter,
  WithdrawalBills,
} from './liquid-staking.contract';
import { NftItem } from './nft-item.contract';
import { inboundValue, transactionTo } from './sandbox-transactions';
import { onchainContent } from './tep64-content';

const MAX_IMMEDIATE = toNano('3');

/**
 * The local liquid staking pool (TONStakers' form), and its traces classified as ton-indexer's
 * TONStakers matchers classify them
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/staking.py):
 * a deposit minting the pool jetton is a tonstakers_deposit (stake_deposit), a burn paid at once a
 * tonstakers_withdraw (stake_withdrawal), a burn answered with a withdrawal bill a
 * tonstakers_withdraw_request (stake_withdrawal_request) naming the bill, and the bill's payout at
 * the round's end a tonstakers_withdraw naming the burnt bill.
 */
void describe('liquid staking pool (TONStakers form)', () => {
  let blockchain: Blockchain;
  let owner: SandboxContract<TreasuryContract>;
  let holder: SandboxContract<TreasuryContract>;
  let pool: SandboxContract<StakingPool>;
  let minter: SandboxContract<JettonMinter>;
  let bills: SandboxContract<WithdrawalBills>;
  let wallet: SandboxContract<JettonWallet>;

  const burn = (amount: bigint) =>
    wallet.sendBurn(holder.getSender(), toNano('0.2'), {
      queryId: 5n,
      amount,
      responseDestination: holder.address,
    });

  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = 1_800_000_000;
    owner = await blockchain.treasury('staking-owner');
    holder = await blockchain.treasury('staking-holder');
    pool = blockchain.openContract(
      await StakingPool.createFromConfig({ owner: owner.address, maxImmediate: MAX_IMMEDIATE }),
    );
    minter = blockchain.openContract(
      await stakingMinter(pool.address, onchainContent({ name: 'Staked TON', symbol: 'stTON' })),
    );
    bills = blockchain.openContract(await WithdrawalBills.createFor(pool.address));
    await pool.sendDeploy(owner.getSender(), toNano('1'));
    await minter.sendDeploy(owner.getSender(), toNano('0.1'));
    await bills.sendDeploy(owner.getSender(), toNano('0.1'));
    await pool.sendSetContracts(owner.getSender(), toNano('0.05'), {
      minter: minter.address,
      bills: bills.address,
    });
    wallet = blockchain.openContract(await JettonWallet.createFor(holder.address, minter.address));
  });

  const raw = (a: Address | null): string | null => (a === null ? null : rawUpper(a));

  void it('names its minter and bill collection once', async () => {
    const data = await pool.getPoolData();
    assert.deepEqual(
      [raw(data.owner), raw(data.minter), raw(data.bills), data.maxImmediate, data.owed],
      [
        rawUpper(owner.address),
        rawUpper(minter.address),
        rawUpper(bills.address),
        MAX_IMMEDIATE,
        0n,
      ],
    );
  });

  void it('a deposit mints the pool jetton to the depositor: one stake_deposit', async () => {
    const value = toNano('11');
    const result = await pool.sendDeposit(holder.getSender(), value, 3n);
    const minted = value - STAKING_DEPOSIT_FEE;
    assert.equal((await wallet.getWalletData()).balance, minted);

    const { actions, error } = await classifySandboxTrace(blockchain, result.transactions);
    assert.equal(error, undefined);
    // The depositor's wallet is deployed by the mint: ton-indexer adds a contract_deploy for it.
    const credit = transactionTo(result.transactions, wallet.address) ?? assert.fail();
    assert.deepEqual(actionLines(actions), [
      ['stake_deposit', '', rawUpper(holder.address), rawUpper(pool.address), null],
      [
        'contract_deploy',
        '',
        rawUpper(minter.address),
        rawUpper(wallet.address),
        inboundValue(credit),
      ],
    ]);
    const deposit = actions[0] ?? assert.fail();
    assert.deepEqual(
      [deposit.success, deposit.amount, deposit.asset, deposit.staking_data],
      [
        true,
        value - STAKING_DEPOSIT_FEE,
        rawUpper(minter.address),
        { provider: 'liquid_staking', tokens_minted: minted },
      ],
    );
  });

  void it('a burn the pool pays at once: one stake_withdrawal of the payout', async () => {
    const burnt = toNano('2');
    const result = await burn(burnt);
    const request = transactionTo(result.transactions, pool.address, StakingOp.withdraw);
    const payout = transactionTo(result.transactions, holder.address, StakingOp.withdrawal);
    assert.ok(request !== undefined && payout !== undefined);

    const { actions, error } = await classifySandboxTrace(blockchain, result.transactions);
    assert.equal(error, undefined);
    assert.deepEqual(actionLines(actions), [
      ['stake_withdrawal', '', rawUpper(holder.address), rawUpper(pool.address), null],
    ]);
    const withdrawal = actions[0] ?? assert.fail();
    assert.deepEqual(
      [withdrawal.success, withdrawal.amount, withdrawal.asset, withdrawal.staking_data],
      [
        true,
        // ton-indexer: the payout's value less the value of the request that caused it
        inboundValue(payout) - inboundValue(request),
        rawUpper(minter.address),
        { provider: 'liquid_staking', ts_nft: null, tokens_burnt: burnt },
      ],
    );
  });

  void it('a burn past the pool’s immediate limit mints a bill: one stake_withdrawal_request', async () => {
    const burnt = toNano('5');
    const result = await burn(burnt);
    const bill = blockchain.openContract(
      NftItem.createFromAddress(await bills.getNftAddressByIndex(0n)),
    );
    const billData = await bill.getNftData();
    assert.deepEqual(
      [billData.initialized, raw(billData.owner), raw(billData.collection)],
      [true, rawUpper(holder.address), rawUpper(bills.address)],
    );

    const { actions, error } = await classifySandboxTrace(blockchain, result.transactions);
    assert.equal(error, undefined);
    const issued = transactionTo(result.transactions, bill.address) ?? assert.fail();
    // The bill's mint and deploy stay actions of their own: the request's matcher takes the pool's
    // mint message to the collection, not what the collection does with it.
    assert.deepEqual(actionLines(actions), [
      ['stake_withdrawal_request', '', rawUpper(holder.address), rawUpper(pool.address), null],
      ['nft_mint', '', rawUpper(bills.address), rawUpper(bill.address), null],
      [
        'contract_deploy',
        '',
        rawUpper(bills.address),
        rawUpper(bill.address),
        inboundValue(issued),
      ],
    ]);
    const request = actions[0] ?? assert.fail();
    assert.deepEqual(
      [
        request.success,
        request.source,
        request.source_secondary,
        request.destination,
        request.amount,
        request.asset,
        request.staking_data,
      ],
      [
        true,
        rawUpper(holder.address),
        rawUpper(wallet.address),
        rawUpper(pool.address),
        burnt,
        rawUpper(minter.address),
        { provider: 'liquid_staking', ts_nft: rawUpper(bill.address) },
      ],
    );
  });

  // TONStakersDelayedWithdrawalMatcher: distributed_asset after the bill's burn_notification after its
  // burn; the pool is the sender of the start_distribution the burn came from.
  void it('at the round’s end the bill is burnt and paid: one stake_withdrawal naming the bill', async () => {
    const bill = await bills.getNftAddressByIndex(0n);
    const owed = (await pool.getPoolData()).owed;
    const result = await pool.sendEndRound(owner.getSender(), toNano('0.5'));
    const paid = transactionTo(result.transactions, holder.address, StakingOp.distributedAsset);
    assert.equal(paid === undefined ? undefined : inboundValue(paid), owed);
    assert.equal((await pool.getPoolData()).owed, 0n);

    const { actions, error } = await classifySandboxTrace(blockchain, result.transactions);
    assert.equal(error, undefined);
    const start = transactionTo(result.transactions, bills.address, StakingOp.startDistribution);
    // The round's end and the start of the distribution stay the calls they are.
    assert.deepEqual(actionLines(actions), [
      ['call_contract', '', rawUpper(owner.address), rawUpper(pool.address), toNano('0.5')],
      [
        'call_contract',
        '',
        rawUpper(pool.address),
        rawUpper(bills.address),
        start === undefined ? null : inboundValue(start),
      ],
      ['stake_withdrawal', '', rawUpper(holder.address), rawUpper(pool.address), null],
    ]);
    const withdrawal = actions[2] ?? assert.fail();
    assert.deepEqual(
      [
        withdrawal.success,
        withdrawal.source,
        withdrawal.destination,
        withdrawal.amount,
        withdrawal.asset,
        withdrawal.staking_data,
      ],
      [
        true,
        rawUpper(holder.address),
        rawUpper(pool.address),
        owed,
        null,
        { provider: 'liquid_staking', ts_nft: rawUpper(bill), tokens_burnt: owed },
      ],
    );
  });
});
