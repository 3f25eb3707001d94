/**
 * The accounts a trace's messages name beyond its own (toncenter's `extract_additional_addresses`), on
 * synthetic traces with real bodies: each reader once, and the rule that a body that does not read
 * ends its message's accounts. golden-live-accounts.spec.ts (apps/decoder) runs it on real traces.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyPairFromSeed } from '@ton/crypto';
import { Address, beginCell, internal, SendMode } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { JVAULT, STONFI, TONCO } from '@app/ton';
import { jettonTransfer, notification } from '../testing/jetton-bodies';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';
import { additionalAccounts, jvaultStakeWallets } from './additional-accounts';

const WALLET = testAddress(0, '1');
const RECEIVER = testAddress(0, '2');
const JETTON_WALLET = testAddress(0, '3');
const ROUTER = testAddress(0, '4');
const TARGET = testAddress(0, '5');
const OTHER = testAddress(0, '6');
const at = (raw: string): Address => Address.parse(raw);

const accountsOf = (root: Parameters<typeof syntheticTrace>[0]): string[] =>
  [...additionalAccounts(syntheticTrace(root).transactions)].sort();

/** An external to WALLET signed as a v4 wallet sending `messages`. */
function signedExternal(messages: Parameters<WalletContractV4['createTransfer']>[0]['messages']) {
  const keys = keyPairFromSeed(Buffer.alloc(32, 3));
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  const body = wallet.createTransfer({
    seqno: 1,
    secretKey: keys.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages,
  });
  return { from: null, to: WALLET, body };
}

void describe('additionalAccounts (toncenter extract_additional_addresses)', () => {
  it("a wallet's signed external names each destination and a Jetton transfer's receiver", () => {
    const root = signedExternal([
      internal({ to: at(OTHER), value: 1n, body: 'hi' }),
      internal({ to: at(JETTON_WALLET), value: 1n, body: jettonTransfer(5n, RECEIVER, null) }),
    ]);
    assert.deepEqual(accountsOf(root), [OTHER, RECEIVER, JETTON_WALLET].sort());
  });

  it('a signed external with a message without an opcode (a plain transfer) names nothing: toncenter fails on it', () => {
    const root = signedExternal([
      internal({ to: at(JETTON_WALLET), value: 1n, body: jettonTransfer(5n, RECEIVER, null) }),
      internal({ to: at(OTHER), value: 1n }),
    ]);
    assert.deepEqual(accountsOf(root), []);
  });

  it('a Jetton transfer carrying a StonFi v1 swap names the router wallet of the asset bought', () => {
    const swap = beginCell()
      .storeUint(0x25938561, 32)
      .storeAddress(at(TARGET))
      .storeCoins(1n)
      .storeAddress(at(RECEIVER))
      .endCell();
    const root = walletSends(WALLET, { to: JETTON_WALLET, body: jettonTransfer(5n, ROUTER, swap) });
    assert.deepEqual(accountsOf(root), [TARGET]);
  });

  it("a router's notification carrying a StonFi v2 swap names its target wallet", () => {
    const payload = beginCell()
      .storeUint(STONFI.swap_v2.opcode, 32)
      .storeAddress(at(TARGET))
      .endCell();
    const root = walletSends(JETTON_WALLET, {
      to: ROUTER,
      body: notification(5n, WALLET, payload),
    });
    assert.deepEqual(accountsOf(root), [TARGET]);
  });

  it('a TONCO swap request names every hop target, a deposit the other Jetton wallet', () => {
    const hop = (target: string, next: ReturnType<typeof beginCell> | null) =>
      beginCell()
        .storeUint(TONCO.swap_payload.opcode, 32)
        .storeAddress(at(target))
        .storeUint(0, 160)
        .storeCoins(1n)
        .storeAddress(at(RECEIVER))
        .storeMaybeRef(next?.endCell() ?? null);
    const swap = hop(TARGET, hop(OTHER, null)).endCell();
    const swapRoot = walletSends(JETTON_WALLET, {
      to: ROUTER,
      body: notification(5n, WALLET, swap),
    });
    assert.deepEqual(accountsOf(swapRoot), [TARGET, OTHER].sort());
    const deposit = beginCell()
      .storeUint(TONCO.pool_fund_account.opcode, 32)
      .storeAddress(at(OTHER))
      .storeCoins(1n)
      .storeCoins(2n)
      .endCell();
    const depositRoot = walletSends(JETTON_WALLET, {
      to: ROUTER,
      body: notification(5n, WALLET, deposit),
    });
    assert.deepEqual(accountsOf(depositRoot), [OTHER]);
  });

  it("a TONCO router's pay_to names the Jetton wallets it pays from", () => {
    const coins = beginCell()
      .storeCoins(1n)
      .storeAddress(at(TARGET))
      .storeCoins(2n)
      .storeAddress(at(OTHER))
      .endCell();
    const body = beginCell()
      .storeUint(TONCO.router_pay_to.opcode, 32)
      .storeUint(7, 64)
      .storeAddress(at(RECEIVER))
      .storeAddress(at(RECEIVER))
      .storeUint(0, 32)
      .storeUint(0, 64)
      .storeMaybeRef(coins)
      .endCell();
    assert.deepEqual(
      accountsOf(walletSends(ROUTER, { to: RECEIVER, body })),
      [TARGET, OTHER].sort(),
    );
  });

  it('a body cut short names nothing', () => {
    const body = beginCell().storeUint(TONCO.router_pay_to.opcode, 32).storeUint(7, 64).endCell();
    assert.deepEqual(accountsOf(walletSends(ROUTER, { to: RECEIVER, body })), []);
  });
});

void describe('jvaultStakeWallets', () => {
  it('the destinations of unstake and unstake-request messages', () => {
    const unstake = beginCell().storeUint(JVAULT.unstake_jettons.opcode, 32).endCell();
    const request = beginCell().storeUint(JVAULT.unstake_request.opcode, 32).endCell();
    const trace = syntheticTrace(
      walletSends(WALLET, {
        to: JETTON_WALLET,
        body: unstake,
        children: [{ from: JETTON_WALLET, to: OTHER, body: request }],
      }),
    );
    assert.deepEqual(
      [...jvaultStakeWallets(trace.transactions)].sort(),
      [JETTON_WALLET, OTHER].sort(),
    );
  });
});
