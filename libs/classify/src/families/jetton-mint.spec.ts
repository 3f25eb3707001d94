/**
 * Jetton mints (ton-indexer `blocks/jettons.py` JettonMintBlockMatcher, `_get_jetton_mint_data`) in the
 * shapes minters take on mainnet: the internal_transfer with or without a transfer_notification and
 * excess, the minter's mint#00000015, a minter that notifies the receiver itself, a mint to a wallet
 * nobody knows and an internal_transfer the wallet refused. Each expected value is what that matcher
 * makes of the trace.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import { classifyOk, onlyAction } from '../testing/classified';
import { internalTransfer, jettonWallet } from '../testing/jetton-bodies';
import { type Hop, syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const ADMIN = testAddress(0, 'a');
const MASTER = testAddress(0, 'b');
const RECEIVER = testAddress(0, 'c');
const RECEIVER_WALLET = testAddress(0, 'd');
const at = (raw: string): Address => Address.parse(raw);

/** mint#642b7d07 (or the minter's mint#00000015) of `amount` to RECEIVER with 0.05 TON, master_msg in a ref. */
const mint = (opcode: number, amount: bigint): Cell =>
  beginCell()
    .storeUint(opcode, 32)
    .storeUint(3, 64)
    .storeAddress(at(RECEIVER))
    .storeCoins(50_000_000n)
    .storeRef(internalTransfer(amount, MASTER))
    .endCell();

const notify = (amount: bigint): Cell =>
  beginCell()
    .storeUint(0x7362d09c, 32)
    .storeUint(3, 64)
    .storeCoins(amount)
    .storeAddress(at(MASTER))
    .storeBit(false)
    .endCell();
const excesses = beginCell().storeUint(0xd53276db, 32).storeUint(3, 64).endCell();

const interfaces = { [RECEIVER_WALLET]: jettonWallet(RECEIVER_WALLET, RECEIVER, MASTER) };

/** ADMIN's mint to MASTER, which sends `children` on. */
const minted = (body: Cell, children: Hop[], ifaces = interfaces) =>
  classifyOk(
    syntheticTrace(walletSends(ADMIN, { to: MASTER, body, value: 100_000_000n, children }), ifaces),
  );

const toWallet = (amount: bigint, children: Hop[] = [], extra: Partial<Hop> = {}): Hop => ({
  from: MASTER,
  to: RECEIVER_WALLET,
  body: internalTransfer(amount, MASTER),
  value: 50_000_000n,
  deploys: true,
  children,
  ...extra,
});

void describe('jetton_mint (jettons.py JettonMintBlockMatcher)', () => {
  it('internal_transfer → transfer_notification and excess: one jetton_mint to the wallet owner, amount of the internal transfer', () => {
    const actions = minted(mint(0x642b7d07, 1_000n), [
      toWallet(1_000n, [
        { from: RECEIVER_WALLET, to: RECEIVER, body: notify(1_000n), value: 1n },
        { from: RECEIVER_WALLET, to: ADMIN, body: excesses, value: 40_000_000n },
      ]),
    ]);
    const m = onlyAction(actions, 'jetton_mint');
    assert.equal(m.success, true);
    assert.equal(m.destination, RECEIVER);
    assert.equal(m.destination_secondary, RECEIVER_WALLET);
    assert.equal(m.asset, MASTER);
    assert.equal(m.amount, 1_000n);
    assert.equal(m.value, 50_000_000n);
    // the notification and the excess are inside the mint; the wallet's deployment is its own action
    assert.deepEqual(actions.map((x) => x.type).sort(), ['contract_deploy', 'jetton_mint']);
  });

  it('internal_transfer without notification: the same jetton_mint', () => {
    const actions = minted(mint(0x642b7d07, 7n), [toWallet(7n)]);
    const m = onlyAction(actions, 'jetton_mint');
    assert.equal(m.success, true);
    assert.equal(m.amount, 7n);
    assert.equal(m.destination, RECEIVER);
  });

  it("the minter's mint#00000015: a jetton_mint like the standard one", () => {
    const m = onlyAction(minted(mint(0x15, 500n), [toWallet(500n)]), 'jetton_mint');
    assert.equal(m.success, true);
    assert.equal(m.amount, 500n);
    assert.equal(m.destination_secondary, RECEIVER_WALLET);
  });

  it('a minter that notifies the receiver itself, no internal_transfer: a failed jetton_mint read from the mint body', () => {
    const actions = minted(mint(0x15, 500n), [
      { from: MASTER, to: RECEIVER, body: notify(500n), value: 1n },
    ]);
    const m = onlyAction(actions, 'jetton_mint');
    assert.equal(m.success, false);
    assert.equal(m.destination, RECEIVER);
    assert.equal(m.destination_secondary, null);
    assert.equal(m.asset, MASTER);
    // mint#00000015 names the amount in its master_msg
    assert.equal(m.amount, 500n);
    assert.equal(m.value, 50_000_000n);
    assert.deepEqual(
      actions.map((x) => x.type),
      ['jetton_mint'],
    );
  });

  it('mint#642b7d07 without internal_transfer: a failed jetton_mint without amount', () => {
    const m = onlyAction(minted(mint(0x642b7d07, 500n), []), 'jetton_mint');
    assert.equal(m.success, false);
    assert.equal(m.amount, null);
  });

  it('an internal_transfer the wallet refused: a failed jetton_mint that still names the wallet', () => {
    const actions = minted(mint(0x642b7d07, 9n), [toWallet(9n, [], { aborted: true })]);
    const m = onlyAction(actions, 'jetton_mint');
    assert.equal(m.success, false);
    assert.equal(m.destination_secondary, RECEIVER_WALLET);
    assert.equal(m.amount, 9n);
  });

  it('a mint to a wallet nobody knows builds nothing: the calls stay', () => {
    const actions = minted(mint(0x642b7d07, 9n), [toWallet(9n)], {});
    assert.ok(!actions.some((x) => x.type === 'jetton_mint'));
    assert.ok(actions.some((x) => x.type === 'call_contract' && x.opcode === 0x642b7d07));
  });
});
