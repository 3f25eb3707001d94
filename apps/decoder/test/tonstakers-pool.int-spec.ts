/**
 * The liquid-staking pool Tonstakers runs, compiled from its source and deployed on a local network
 * with its DAO jetton and payout bill collections: a deposit while the pool is not optimistic (it
 * mints a deposit bill), an optimistic deposit (pool jettons minted at once), a burn the pool pays at
 * once and a burn that waits for the round's end (it mints a withdrawal bill), ingested and decoded
 * into PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, internal, toNano } from '@ton/core';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import {
  POOL_DEPOSIT_FEE,
  poolDepositBody,
  poolJettonBurnBody,
} from '../../../test/integration/support/liquid-staking-contracts';
import {
  LiquidStakingPool,
  type PoolAccounting,
} from '../../../test/integration/support/liquid-staking-pool';
import {
  type ActionSql,
  actionRow as row,
  byKey,
  nftTransferData,
  storedActions,
  traceWith,
} from '../../../test/integration/support/trace-actions';

const BILL_DEPOSIT = toNano('10');
/** The governor's optimistic deposit that gives the pool a supply before the staker's. */
const SEED_DEPOSIT = toNano('50');
const DEPOSIT = toNano('30');
const IMMEDIATE_BURN = toNano('5');
const DELAYED_BURN = toNano('7');
/** What a burn carries: the pool takes a withdrawal with more than its 0.5 TON WITHDRAWAL_FEE. */
const BURN_VALUE = toNano('1');
const QUERY = { billDeposit: 1n, deposit: 2n, immediate: 3n, delayed: 4n } as const;
/** The payout collection's opcodes (payout_nft op-codes.func): its deployment and a bill's. */
const PAYOUT_INIT = 0xf5aa8943;
const PAYOUT_MINT = 0x1674b0a0;
const INIT_NFT = 0x132f9a45;
/** TEP-74 internal_transfer: the minter's mint to a holder's wallet. */
const INTERNAL_TRANSFER = 0x178d4519;
/** toncenter keeps a TEP-62 forward payload absent from the message as an empty cell. */
const EMPTY_PAYLOAD = 'te6cckEBAQEAAgAAAEysuc0=';

/** FunC's muldiv_extra of pool.func: a·b/c rounded down, a itself when b equals c (0/0 included). */
const muldivExtra = (a: bigint, b: bigint, c: bigint): bigint => (b === c ? a : (a * b) / c);

void describe('decoder: a Tonstakers liquid-staking pool (real contract code, real localnet)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let lsp: LiquidStakingPool;
  let depositCollection: Address;
  let withdrawalCollection: Address;
  let beforeDeposit: PoolAccounting;
  let beforeImmediate: PoolAccounting;
  let stakerJettonWallet: Address;

  before(async () => {
    g = await decodedGenesis('decoder_tonstakers', {
      beforeIngest: async (_ds, localnet) => {
        const { chain } = localnet;
        lsp = await LiquidStakingPool.open(chain);
        const { staker, governor, pool } = lsp;
        const deposit = (value: bigint, queryId: bigint) =>
          internal({ to: pool.address, value, body: poolDepositBody(queryId) });
        const burn = (amount: bigint, queryId: bigint, waitTillRoundEnd: boolean) =>
          internal({
            to: stakerJettonWallet,
            value: BURN_VALUE,
            body: poolJettonBurnBody({
              queryId,
              amount,
              responseDestination: staker.address,
              waitTillRoundEnd,
            }),
          });
        await staker.send([deposit(BILL_DEPOSIT, QUERY.billDeposit)]);
        await chain.settle();
        depositCollection = required((await lsp.accounting()).depositPayout);
        await lsp.setOptimistic();
        await governor.send([deposit(SEED_DEPOSIT, 0n)]);
        await chain.settle();
        beforeDeposit = await lsp.accounting();
        await staker.send([deposit(DEPOSIT, QUERY.deposit)]);
        await chain.settle();
        stakerJettonWallet = await lsp.jettonWallet(staker.address);
        beforeImmediate = await lsp.accounting();
        await staker.send([burn(IMMEDIATE_BURN, QUERY.immediate, false)]);
        await chain.settle();
        await staker.send([burn(DELAYED_BURN, QUERY.delayed, true)]);
        await chain.settle();
        withdrawalCollection = required((await lsp.accounting()).withdrawalPayout);
      },
    });
    actions = await storedActions(g.ds);
  });

  after(async () => {
    await g.close();
  });

  const raw = (a: Address): string => a.toRawString().toUpperCase();

  function traceOf(type: string, pred: (a: ActionSql) => boolean) {
    const trace = traceWith(actions, type, pred);
    assert.ok(trace, `one ${type}`);
    return trace;
  }

  /** The value of the one message of `opcode` from `source` to `destination` in a trace. */
  async function messageValue(
    traceId: string,
    source: Address,
    destination: Address,
    opcode: number,
  ): Promise<bigint> {
    const rows = await g.ds.query<{ value: string }[]>(
      `SELECT value::text AS value FROM messages
       WHERE trace_id = $1 AND direction = 'in' AND source = $2 AND destination = $3
         AND opcode = $4`,
      [traceId, raw(source), raw(destination), opcode | 0],
    );
    assert.equal(rows.length, 1, `one message ${opcode.toString(16)}`);
    return BigInt(rows[0]?.value ?? '');
  }

  /**
   * A payout collection's deployment by the pool (payout::init, toncenter's contract_deploy and the
   * call it is) and the bill it mints to the staker (nft_mint, the bill's deployment and the
   * ownership_assigned toncenter reads as a transfer from nobody), values as the messages carried.
   */
  async function billRows(
    traceId: string,
    collection: Address,
    index: bigint,
    queryId: bigint,
  ): Promise<Omit<ActionSql, 'trace_id'>[]> {
    const pool = lsp.pool.address;
    const bill = await lsp.bill(collection, index);
    const initValue = (await messageValue(traceId, pool, collection, PAYOUT_INIT)).toString();
    const billValue = (await messageValue(traceId, collection, bill, INIT_NFT)).toString();
    const item = { asset: raw(collection), asset_secondary: raw(bill) };
    return [
      row({
        type: 'contract_deploy',
        source: raw(pool),
        destination: raw(collection),
        value: initValue,
      }),
      row({
        type: 'call_contract',
        source: raw(pool),
        destination: raw(collection),
        value: initValue,
      }),
      row({
        type: 'nft_mint',
        source: raw(collection),
        destination: raw(bill),
        ...item,
        details: { nft_mint_data: { nft_item_index: index.toString() } },
      }),
      row({
        type: 'contract_deploy',
        source: raw(collection),
        destination: raw(bill),
        value: billValue,
      }),
      row({
        type: 'nft_transfer',
        destination: lsp.staker.raw,
        ...item,
        details: {
          nft_listing_data: { royalty_address: null, marketplace_fee_address: null },
          nft_transfer_data: nftTransferData({
            query_id: queryId.toString(),
            nft_item_index: index.toString(),
            forward_amount: null,
            forward_payload: EMPTY_PAYLOAD,
          }),
        },
      }),
    ];
  }

  void it('a deposit to a pool that is not optimistic mints a deposit bill: no stake_deposit, as toncenter (no pool jettons minted)', async () => {
    const { traceId, rows } = traceOf('nft_mint', (a) => a.source === raw(depositCollection));
    const pool = lsp.pool.address;
    const mintValue = await messageValue(traceId, pool, depositCollection, PAYOUT_MINT);
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'call_contract',
          source: lsp.staker.raw,
          destination: raw(pool),
          value: BILL_DEPOSIT.toString(),
        }),
        // the collection's deployment comes first, then the pool's mint of the bill (byKey keeps
        // the order of rows with the same key)
        ...(await billRows(traceId, depositCollection, 0n, QUERY.billDeposit)),
        row({
          type: 'call_contract',
          source: raw(pool),
          destination: raw(depositCollection),
          value: mintValue.toString(),
        }),
      ]),
    );
  });

  void it('an optimistic deposit mints pool jettons at the projected ratio: stake_deposit', async () => {
    const { traceId, rows } = traceOf('stake_deposit', (a) => a.source === lsp.staker.raw);
    const staked = DEPOSIT - POOL_DEPOSIT_FEE;
    const minted = muldivExtra(
      staked,
      beforeDeposit.projectedSupply,
      beforeDeposit.projectedBalance,
    );
    // the ratio is not 1: the seed deposit is projected to lose the round's 1 TON finalize fee
    assert.notEqual(minted, staked);
    const minter = lsp.minter.address;
    const walletDeploy = await messageValue(traceId, minter, stakerJettonWallet, INTERNAL_TRANSFER);
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'stake_deposit',
          source: lsp.staker.raw,
          destination: raw(lsp.pool.address),
          asset: raw(minter),
          amount: staked.toString(),
          details: {
            staking_data: { provider: 'liquid_staking', tokens_minted: minted.toString() },
          },
        }),
        // the staker's first pool jettons deploy its wallet
        row({
          type: 'contract_deploy',
          source: raw(minter),
          destination: raw(stakerJettonWallet),
          value: walletDeploy.toString(),
        }),
      ]),
    );
  });

  void it('a burn the pool can pay at once: stake_withdrawal of the payout less the pool’s fees', async () => {
    const { traceId, rows } = traceOf('stake_withdrawal', (a) => a.source === lsp.staker.raw);
    const pool = lsp.pool.address;
    // the pool pays muldiv(burnt, total_balance, supply) with the rest of the request's value
    // (its reserve keeps everything else); toncenter's amount is the payout's value less the
    // request's, so less the pool's gas and forwarding fees
    const approximate = (IMMEDIATE_BURN * beforeImmediate.totalBalance) / beforeImmediate.supply;
    const [poolTx] = await g.ds.query<{ gas: string; fwd: string }[]>(
      `SELECT compute_gas_fees::text AS gas, action_total_fwd_fees::text AS fwd
       FROM transactions WHERE trace_id = $1 AND account = $2`,
      [traceId, raw(pool)],
    );
    assert.ok(poolTx);
    const amount = approximate - BigInt(poolTx.gas) - BigInt(poolTx.fwd);
    assert.deepEqual(rows, [
      row({
        type: 'stake_withdrawal',
        source: lsp.staker.raw,
        destination: raw(pool),
        asset: raw(lsp.minter.address),
        amount: amount.toString(),
        details: {
          staking_data: {
            provider: 'liquid_staking',
            ts_nft: null,
            tokens_burnt: IMMEDIATE_BURN.toString(),
          },
        },
      }),
    ]);
  });

  void it('a burn that waits for the round’s end mints a withdrawal bill: stake_withdrawal_request', async () => {
    const { traceId, rows } = traceOf(
      'stake_withdrawal_request',
      (a) => a.source === lsp.staker.raw,
    );
    const bill = await lsp.bill(withdrawalCollection, 0n);
    assert.deepEqual(
      rows,
      byKey([
        row({
          type: 'stake_withdrawal_request',
          source: lsp.staker.raw,
          source_secondary: raw(stakerJettonWallet),
          destination: raw(lsp.pool.address),
          asset: raw(lsp.minter.address),
          amount: DELAYED_BURN.toString(),
          details: { staking_data: { provider: 'liquid_staking', ts_nft: raw(bill) } },
        }),
        ...(await billRows(traceId, withdrawalCollection, 0n, QUERY.delayed)),
      ]),
    );
  });
});

function required(address: Address | null): Address {
  if (address === null) {
    throw new Error('the pool has no payout collection');
  }
  return address;
}
