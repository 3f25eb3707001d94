/**
 * Vesting wallet matchers (ton-indexer `blocks/vesting.py`) on synthetic traces with real TL-B bodies
 * (https://github.com/ton-blockchain/vesting-contract, `send_message` / `add_whitelist`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  Address,
  beginCell,
  type Cell,
  ExternalAddress,
  storeCommonMessageInfoRelaxed,
  toNano,
} from '@ton/core';
import type { ActionRow } from '../action';
import { classifyTrace } from '../core/pipeline';
import { defaultRegistry } from '../registry';
import { bocBase64 } from '../tlb/cells';
import { storeFields, VESTING } from '@app/ton';
import { syntheticTrace, testAddress, walletSends } from '../testing/synthetic-trace';

const OWNER = testAddress(0, 'a');
const VESTING_WALLET = testAddress(0, 'b');
const TARGET = testAddress(0, 'c');

function only(actions: ActionRow[], type: string): ActionRow {
  const found = actions.filter((a) => a.type === type);
  assert.equal(found.length, 1, `one ${type} in ${actions.map((a) => a.type).join(', ')}`);
  return found[0]!;
}

/** OWNER asks VESTING_WALLET to send `carried` on, and gets the response: the one action. */
function sendsCarried(carried: Cell, queryId = 4n): ActionRow {
  const sendMessage = { query_id: queryId, send_mode: 3, message: carried };
  const request = storeFields(VESTING.send_message, sendMessage);
  const sendResponse = { query_id: queryId };
  const response = storeFields(VESTING.send_message_response, sendResponse);
  const trace = syntheticTrace(
    walletSends(OWNER, {
      to: VESTING_WALLET,
      body: request,
      children: [{ from: VESTING_WALLET, to: OWNER, body: response }],
    }),
  );
  return only(classifyTrace(trace, defaultRegistry).actions, 'vesting_send_message');
}

void describe('vesting_send_message (VestingSendMessageBlockMatcher)', () => {
  void it('reads only the carried message info: a message whose init/body bits are absent still counts', () => {
    const carriedValue = toNano('2.5');
    // int_msg_info alone: the `init` and `body` bits a full Message would carry are missing
    const carried = beginCell()
      .store(
        storeCommonMessageInfoRelaxed({
          type: 'internal',
          ihrDisabled: true,
          bounce: true,
          bounced: false,
          src: null,
          dest: Address.parse(TARGET),
          value: { coins: carriedValue },
          ihrFee: 0n,
          forwardFee: 0n,
          createdLt: 0n,
          createdAt: 0,
        }),
      )
      .endCell();
    const a = sendsCarried(carried, 11n);
    assert.equal(a.source, OWNER);
    assert.equal(a.destination, VESTING_WALLET);
    assert.equal(a.destination_secondary, TARGET);
    assert.equal(a.amount, carriedValue);
    assert.deepEqual(a.vesting_send_message_data, {
      query_id: 11n,
      message_boc: bocBase64(carried, false),
    });
    assert.equal(a.success, true);
  });

  /**
   * int_msg_info$0 ihr_disabled bounce bounced src dest value ihr_fee fwd_fee created_lt created_at,
   * written bit by bit so that either address may be any MsgAddress.
   */
  function carriedInfo(
    src: Address | ExternalAddress | null,
    dest: Address | null,
    coins: bigint,
  ): Cell {
    return beginCell()
      .storeUint(0, 1)
      .storeBit(true)
      .storeBit(true)
      .storeBit(false)
      .storeAddress(src)
      .storeAddress(dest)
      .storeCoins(coins)
      .storeBit(false)
      .storeCoins(0n)
      .storeCoins(0n)
      .storeUint(0n, 64)
      .storeUint(0, 32)
      .endCell();
  }

  void it('a carried src that is an external address is read and left (pytoniq load_address)', () => {
    const src = new ExternalAddress(5n, 8);
    const a = sendsCarried(carriedInfo(src, Address.parse(TARGET), 7n));
    assert.equal(a.destination_secondary, TARGET);
    assert.equal(a.amount, 7n);
  });

  void it('a carried dest of addr_none is no account: the action, with no destination_secondary', () => {
    const a = sendsCarried(carriedInfo(null, null, 9n));
    assert.equal(a.source, OWNER);
    assert.equal(a.destination, VESTING_WALLET);
    assert.equal(a.destination_secondary, null);
    assert.equal(a.amount, 9n);
  });
});
