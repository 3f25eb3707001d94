/**
 * TONStakers paths the golden traces do not cover (ton-indexer `blocks/staking.py`), on synthetic
 * traces with the pool's real message layouts (https://github.com/ton-blockchain/liquid-staking-contract).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import type { ActionRow } from '../action';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import { JettonOp } from '../tlb/jetton';
import { internalTransfer } from '../testing/jetton-bodies';
import { TONSTAKERS } from '@app/ton';
import { chain, type Hop, syntheticTrace, testAddress } from '../testing/synthetic-trace';

const WALLET = testAddress(0, 'a');
const TS_WALLET = testAddress(0, 'b');
const TS_MINTER = testAddress(0, 'c');
const POOL = testAddress(0, 'd');
const PAYOUT_COLLECTION = testAddress(0, 'e');
const BILL = testAddress(0, 'f');

const op = (code: number) => beginCell().storeUint(code, 32).storeUint(9, 64);

function actions(root: Hop): ActionRow[] {
  const r = classifyTrace(syntheticTrace(root), defaultRegistry);
  assert.equal(r.error, undefined);
  return r.actions;
}

function only(all: ActionRow[], type: string): ActionRow {
  const found = all.filter((a) => a.type === type);
  assert.equal(found.length, 1, `one ${type} in ${all.map((a) => a.type).join(', ')}`);
  return found[0]!;
}

/**
 * The holder burns `burnt` tsTON: its jetton wallet tells the minter, which asks the pool to
 * withdraw (with `value` attached); `poolSends` are what the pool sends on.
 */
const withdrawRequest = (burnt: bigint, poolSends: Hop[], value?: bigint): Hop =>
  chain(
    { from: null, to: WALLET },
    {
      from: WALLET,
      to: TS_WALLET,
      body: op(JettonOp.burn).storeCoins(burnt).storeAddress(null).storeBit(false).endCell(),
    },
    { from: TS_WALLET, to: TS_MINTER, body: op(JettonOp.burnNotification).endCell() },
    {
      from: TS_MINTER,
      to: POOL,
      ...(value === undefined ? {} : { value }),
      body: op(TONSTAKERS.pool_withdraw.opcode).endCell(),
      children: poolSends,
    },
  );

/** `burner` burns the bill; the bill notifies the payout collection, which pays the holder. */
const billBurnt = (burner: string, notification: Cell, payout: bigint): Hop[] => [
  { from: burner, to: BILL, body: op(TONSTAKERS.nft_burn.opcode).endCell() },
  { from: BILL, to: PAYOUT_COLLECTION, body: notification },
  {
    from: PAYOUT_COLLECTION,
    to: WALLET,
    value: payout,
    body: op(TONSTAKERS.nft_payout.opcode).endCell(),
  },
];

void describe('TONStakers (staking.py)', () => {
  void it('immediate: burn → burn_notification → withdraw request → pool payout; amount = payout − request value', () => {
    const burnt = 700n;
    const requestValue = 100n;
    const payout = 850n;
    const all = actions(
      withdrawRequest(
        burnt,
        [
          {
            from: POOL,
            to: WALLET,
            value: payout,
            body: op(TONSTAKERS.pool_withdrawal.opcode).endCell(),
          },
        ],
        requestValue,
      ),
    );
    const a = only(all, 'stake_withdrawal');
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, POOL);
    assert.equal(a.amount, payout - requestValue);
    assert.equal(a.asset, TS_MINTER);
    assert.deepEqual(a.staking_data, {
      provider: 'liquid_staking',
      ts_nft: null,
      tokens_burnt: burnt,
    });
  });

  void it('delayed, burnt by the holder: holder and tokens from the notification, no pool to be found', () => {
    const tokens = 600n;
    const payout = 640n;
    const notification = op(TONSTAKERS.nft_burn_notification.opcode)
      .storeCoins(tokens)
      .storeAddress(Address.parse(WALLET))
      .endCell();
    const all = actions(
      chain({ from: null, to: WALLET }, ...billBurnt(WALLET, notification, payout)),
    );
    const a = only(all, 'stake_withdrawal');
    assert.equal(a.source, WALLET);
    assert.equal(a.amount, payout);
    assert.equal(a.destination, null);
    assert.deepEqual(a.staking_data, {
      provider: 'liquid_staking',
      ts_nft: BILL,
      tokens_burnt: tokens,
    });
  });

  void it('a withdraw request whose bill mint reaches no NFT is a failed stake_withdrawal_request without ts_nft', () => {
    const burnt = 5_000n;
    const all = actions(
      // the pool asks the payout collection to mint the bill; the collection sends nothing on
      withdrawRequest(burnt, [
        {
          from: POOL,
          to: PAYOUT_COLLECTION,
          body: op(TONSTAKERS.payout_mint_jettons.opcode).endCell(),
        },
      ]),
    );
    const a = only(all, 'stake_withdrawal_request');
    assert.equal(a.success, false);
    assert.equal(a.source, WALLET);
    assert.equal(a.source_secondary, TS_WALLET);
    assert.equal(a.destination, POOL);
    assert.equal(a.amount, burnt);
    assert.equal(a.asset, TS_MINTER);
    assert.deepEqual(a.staking_data, { provider: 'liquid_staking', ts_nft: null });
  });

  void it('a bill burnt by the pool’s distribution names the pool: the sender of the distribution start', () => {
    const tokens = 700n;
    const payout = 730n;
    const notification = op(TONSTAKERS.nft_burn_notification.opcode)
      .storeCoins(tokens)
      .storeAddress(Address.parse(WALLET))
      .endCell();
    const all = actions(
      chain(
        { from: null, to: WALLET },
        { from: WALLET, to: POOL },
        {
          from: POOL,
          to: PAYOUT_COLLECTION,
          body: op(TONSTAKERS.start_distribution.opcode).endCell(),
        },
        ...billBurnt(PAYOUT_COLLECTION, notification, payout),
      ),
    );
    const a = only(all, 'stake_withdrawal');
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, POOL);
    assert.equal(a.amount, payout);
    assert.equal(a.asset, null);
    assert.deepEqual(a.staking_data, {
      provider: 'liquid_staking',
      ts_nft: BILL,
      tokens_burnt: tokens,
    });
  });

  /** WALLET deposits 11 TON; the pool has the minter mint `tokens` tsTON to TS_WALLET, which sends `after` on. */
  const deposit = (tokens: bigint, after: Hop[]): Hop =>
    chain(
      { from: null, to: WALLET },
      {
        from: WALLET,
        to: POOL,
        value: 11_000_000_000n,
        body: op(TONSTAKERS.pool_deposit.opcode).endCell(),
      },
      {
        from: POOL,
        to: TS_MINTER,
        body: op(TONSTAKERS.payout_mint_jettons.opcode).storeCoins(tokens).endCell(),
      },
      {
        from: TS_MINTER,
        to: TS_WALLET,
        body: internalTransfer(tokens, POOL),
        children: after,
      },
    );

  void it('a deposit minted with a transfer_notification and an excess: one stake_deposit holding both', () => {
    const tokens = 10_400_000_000n;
    const all = actions(
      deposit(tokens, [
        {
          from: TS_WALLET,
          to: WALLET,
          value: 1n,
          body: op(JettonOp.notify)
            .storeCoins(tokens)
            .storeAddress(Address.parse(POOL))
            .storeBit(false)
            .endCell(),
        },
        { from: TS_WALLET, to: WALLET, value: 5_000_000n, body: op(JettonOp.excesses).endCell() },
      ]),
    );
    assert.deepEqual(
      all.map((a) => a.type),
      ['stake_deposit'],
    );
    const a = only(all, 'stake_deposit');
    assert.equal(a.success, true);
    assert.equal(a.source, WALLET);
    assert.equal(a.destination, POOL);
    assert.equal(a.amount, 10_000_000_000n);
    assert.equal(a.asset, TS_MINTER);
    assert.deepEqual(a.staking_data, { provider: 'liquid_staking', tokens_minted: tokens });
  });

  void it('a deposit minted without notification: the same stake_deposit', () => {
    const all = actions(deposit(3n, []));
    const a = only(all, 'stake_deposit');
    assert.equal(a.success, true);
    assert.equal(a.amount, 10_000_000_000n);
    assert.deepEqual(a.staking_data, { provider: 'liquid_staking', tokens_minted: 3n });
  });

  void it('a withdraw request whose bill is minted and told its owner: stake_withdrawal_request naming the bill, its nft_mint and nft_transfer kept', () => {
    const burnt = 8_000n;
    const root = withdrawRequest(burnt, [
      {
        from: POOL,
        to: PAYOUT_COLLECTION,
        body: op(TONSTAKERS.payout_mint_jettons.opcode).endCell(),
        children: [
          {
            from: PAYOUT_COLLECTION,
            to: BILL,
            deploys: true,
            body: op(TONSTAKERS.nft_init.opcode).endCell(),
            children: [
              {
                from: BILL,
                to: WALLET,
                value: 1n,
                body: op(0x05138d91)
                  .storeAddress(Address.parse(PAYOUT_COLLECTION))
                  .storeBit(false)
                  .endCell(),
              },
            ],
          },
        ],
      },
    ]);
    const bill = {
      nft_item: {
        address: BILL,
        init: true,
        index: 17n,
        collection_address: PAYOUT_COLLECTION,
        owner_address: WALLET,
        content: null,
        code_hash: null,
      },
    };
    const r = classifyTrace(syntheticTrace(root, { [BILL]: bill }), defaultRegistry);
    assert.equal(r.error, undefined);
    const all = r.actions;
    const req = only(all, 'stake_withdrawal_request');
    assert.equal(req.success, true);
    assert.equal(req.amount, burnt);
    assert.deepEqual(req.staking_data, { provider: 'liquid_staking', ts_nft: BILL });
    const m = only(all, 'nft_mint');
    assert.equal(m.destination, BILL);
    assert.equal(m.asset, PAYOUT_COLLECTION);
    const t = only(all, 'nft_transfer');
    assert.equal(t.source, PAYOUT_COLLECTION);
    assert.equal(t.destination, WALLET);
    assert.equal(t.asset_secondary, BILL);
    assert.equal(t.nft_transfer_data!.is_purchase, false);
  });

  void it('a deposit the pool never mints for stays call_contracts (no stake_deposit)', () => {
    const all = actions({
      from: null,
      to: WALLET,
      children: [{ from: WALLET, to: POOL, body: op(TONSTAKERS.pool_deposit.opcode).endCell() }],
    });
    assert.deepEqual(
      all.map((a) => a.type),
      ['call_contract'],
    );
    assert.equal(all[0]!.opcode, TONSTAKERS.pool_deposit.opcode);
  });
});
