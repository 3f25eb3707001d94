/**
 * Vesting wallet matchers (ton-indexer `blocks/vesting.py`) on synthetic traces with real TL-B bodies
 * (https://github.com/ton-blockchain/vesting-contract, `send_message` / `add_whitelist`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, storeCommonMessageInfoRelaxed, toNano } from '@ton/core';
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
    const sendMessage = { query_id: 11n, send_mode: 3, message: carried };
    const request = storeFields(VESTING.send_message, sendMessage);
    const sendResponse = { query_id: 11n };
    const response = storeFields(VESTING.send_message_response, sendResponse);
    const trace = syntheticTrace(
      walletSends(OWNER, {
        to: VESTING_WALLET,
        body: request,
        children: [{ from: VESTING_WALLET, to: OWNER, body: response }],
      }),
    );
    const a = only(classifyTrace(trace, defaultRegistry).actions, 'vesting_send_message');
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
});
