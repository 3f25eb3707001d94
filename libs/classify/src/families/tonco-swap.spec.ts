/**
 * TONCO v3 swaps (toncenter `blocks/swaps.py` ToncoSwapBlockMatcher) on a trace shaped as a pTON swap
 * reaches the router and the pool: pTON ton_transfer → notification → POOLV3_SWAP → ROUTERV3_PAY_TO →
 * the router's pTON refund. Bodies are real TL-B (`messages/swaps.py` ToncoPoolV3Swap,
 * ToncoPoolV3SwapPayload, ToncoRouterV3PayTo; https://github.com/cryptoalgebra/tonco-sdk).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type Cell } from '@ton/core';
import { classifyOk, onlyAction } from '../testing/classified';
import { jettonTransfer, jettonWallet, notification } from '../testing/jetton-bodies';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const USER = testAddress(0, '1');
const ROUTER = testAddress(0, '2');
const POOL = testAddress(0, '3');
const PTON_WALLET = testAddress(0, '4');
const TARGET_WALLET = testAddress(0, '5');
const J1 = testAddress(0, '6');
/** TONCO's wTTON master, one of toncenter's `PTonTransferMatcher.pton_masters`. */
const WTTON = '0:949C4C66760C002800E2FA3D8A3CA4E1C90A9373B53AE7472033483BF14CD95E';

const at = (raw: string): Address => Address.parse(raw);

/** pTON ton_transfer#01f3835d: ton_amount, refund address, forward payload in a Maybe ref. */
const ptonTonTransfer = (amount: bigint, payload: Cell | null): Cell =>
  beginCell()
    .storeUint(0x01f3835d, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(USER))
    .storeMaybeRef(payload)
    .endCell();

/** The swap request of the SDK (op POOLV3_SWAP, target router wallet, price limit, min out, recipient). */
const swapRequest = (target: string | null, minOut: bigint): Cell =>
  beginCell()
    .storeUint(0xa7fb58f8, 32)
    .storeAddress(target === null ? null : at(target))
    .storeUint(0, 160)
    .storeCoins(minOut)
    .storeAddress(at(USER))
    .storeMaybeRef(null)
    .endCell();

/** POOLV3_SWAP#a7fb58f8 from the router; `payloads` false leaves out the payloads cell. */
const poolSwap = (payloads: boolean): Cell => {
  const b = beginCell()
    .storeUint(0xa7fb58f8, 32)
    .storeUint(7, 64)
    .storeAddress(at(USER))
    .storeAddress(at(PTON_WALLET))
    .storeRef(beginCell().storeCoins(1000n).storeUint(0, 160).storeCoins(0n).endCell());
  if (payloads) {
    b.storeRef(
      beginCell()
        .storeAddress(at(USER))
        .storeCoins(0n)
        .storeMaybeRef(null)
        .storeCoins(0n)
        .storeMaybeRef(null)
        .endCell(),
    );
  }
  return b.endCell();
};

/** ROUTERV3_PAY_TO#a1daa96d with `exitCode`, the whole input coming back on the pTON wallet. */
const payTo = (exitCode: number): Cell =>
  beginCell()
    .storeUint(0xa1daa96d, 32)
    .storeUint(7, 64)
    .storeAddress(at(USER))
    .storeAddress(at(USER))
    .storeUint(exitCode, 32)
    .storeUint(1n, 64)
    .storeMaybeRef(
      beginCell()
        .storeCoins(1000n)
        .storeAddress(at(PTON_WALLET))
        .storeCoins(0n)
        .storeAddress(at(TARGET_WALLET))
        .endCell(),
    )
    .endCell();

const trace = (opts: {
  target: string | null;
  exitCode: number;
  payloads?: boolean;
  targetKnown?: boolean;
}) => {
  const request = swapRequest(opts.target, 555n);
  const interfaces = {
    [PTON_WALLET]: jettonWallet(PTON_WALLET, ROUTER, WTTON),
    ...(opts.targetKnown ? { [TARGET_WALLET]: jettonWallet(TARGET_WALLET, ROUTER, J1) } : {}),
  };
  return syntheticTrace(
    walletSends(USER, {
      to: PTON_WALLET,
      value: 1000n,
      body: ptonTonTransfer(1000n, request),
      children: [
        {
          from: PTON_WALLET,
          to: ROUTER,
          body: notification(1000n, USER, request),
          children: [
            {
              from: ROUTER,
              to: POOL,
              body: poolSwap(opts.payloads ?? true),
              children: [
                {
                  from: POOL,
                  to: ROUTER,
                  body: payTo(opts.exitCode),
                  children: [
                    {
                      from: ROUTER,
                      to: PTON_WALLET,
                      body: jettonTransfer(1000n, USER, null),
                      children: [
                        { from: PTON_WALLET, to: USER, body: ptonTonTransfer(1000n, null) },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    }),
    interfaces,
  );
};

const swapOf = (t: ReturnType<typeof trace>) => onlyAction(classifyOk(t), 'jetton_swap');

void describe('TONCO swap (ToncoSwapBlockMatcher)', () => {
  void it('a completed swap: TON in, the pTON payout out, min_out the payout amount', () => {
    const a = swapOf(trace({ target: TARGET_WALLET, exitCode: 0 }));
    assert.equal(a.success, true);
    assert.equal(a.source, USER);
    assert.equal(a.jetton_swap_data?.min_out_amount, 1000n);
  });

  void it('a failed swap to a known target wallet: that jetton and the request min_out', () => {
    const a = swapOf(trace({ target: TARGET_WALLET, exitCode: 101, targetKnown: true }));
    assert.equal(a.success, false);
    assert.equal(a.asset2, J1);
    assert.equal(a.jetton_swap_data?.min_out_amount, 555n);
  });

  void it('a failed swap to an unknown target wallet: the refund asset, yet the request min_out', () => {
    // swaps.py takes min_out_amount from the request's last hop before it looks the wallet up
    const a = swapOf(trace({ target: TARGET_WALLET, exitCode: 101 }));
    assert.equal(a.success, false);
    assert.equal(a.asset2, null);
    assert.equal(a.jetton_swap_data?.min_out_amount, 555n);
  });

  void it('a failed swap whose request names no target wallet reports no min_out', () => {
    // get_target_wallets_and_amounts_recursive gives nothing, so (None, None) is unpacked
    const a = swapOf(trace({ target: null, exitCode: 101 }));
    assert.equal(a.success, false);
    assert.equal(a.jetton_swap_data?.min_out_amount, null);
  });

  void it('a pool swap without its payloads cell is an unreadable step: the swap failed', () => {
    // ToncoPoolV3Swap loads payloads_cell; its exception marks the step, and so the swap, failed
    const a = swapOf(trace({ target: TARGET_WALLET, exitCode: 0, payloads: false }));
    assert.equal(a.success, false);
    assert.equal(a.jetton_swap_data?.min_out_amount, 1000n);
  });
});
