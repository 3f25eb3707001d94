import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, beginCell, type TupleItem, TupleReader } from '@ton/core';
import { type GetMethodAnswer, type GetMethodRunner } from './get-method.runner';
import {
  durovAuctionState,
  NO_TELEMINT_AUCTION,
} from '../../../../test/integration/support/telemint-fixtures';
import { probeTelemintItem } from './telemint-probe';

/** One account's get-methods answered from a table; a missing method fails as TVM does (exit 11). */
class ItemMethods implements GetMethodRunner {
  readonly calls: string[] = [];

  constructor(private readonly answers: Record<string, TupleItem[] | number>) {}

  run(_address: string, method: string): Promise<GetMethodAnswer> {
    this.calls.push(method);
    const answer = this.answers[method] ?? 11;
    return Promise.resolve(
      typeof answer === 'number'
        ? { exitCode: answer, stack: null }
        : { exitCode: 0, stack: new TupleReader(answer) },
    );
  }
}

const ITEM = new Address(0, Buffer.alloc(32, 1)).toRawString().toUpperCase();
const bidder = new Address(0, Buffer.alloc(32, 0xb1));
const beneficiary = new Address(0, Buffer.alloc(32, 0xbe));
const royalty = new Address(0, Buffer.alloc(32, 0x70));
const raw = (a: Address): string => a.toRawString().toUpperCase();
const int = (value: bigint): TupleItem => ({ type: 'int', value });
const addressSlice = (a: Address): TupleItem => ({
  type: 'slice',
  cell: beginCell().storeAddress(a).endCell(),
});
const NULL: TupleItem = { type: 'null' };

/**
 * get_telemint_token_name answers the `text` part of the item's TelemintText (func/common.fc
 * load_text reads the length byte and keeps the bits after it), exactly as the item stores it.
 */
function tokenName(text: string): TupleItem {
  const bytes = Buffer.from(text, 'utf8');
  const stored = beginCell().storeUint(bytes.length, 8).storeBuffer(bytes).endCell().beginParse();
  stored.skip(8);
  return { type: 'slice', cell: beginCell().storeSlice(stored).endCell() };
}

const ROYALTY: TupleItem[] = [int(5n), int(100n), addressSlice(royalty)];

void describe('probeTelemintItem (Fragment usernames and numbers)', () => {
  it('an item on auction with a bid: name, auction state, auction config and royalty', async () => {
    const methods = new ItemMethods({
      get_telemint_token_name: [tokenName('durov')],
      get_telemint_auction_config: [
        addressSlice(beneficiary),
        int(100_000_000_000n),
        int(0n),
        int(5n),
        int(3600n),
        int(604_800n),
      ],
      royalty_params: ROYALTY,
      get_telemint_auction_state: [
        addressSlice(bidder),
        int(120_000_000_000n),
        int(1_790_000_100n),
        int(126_000_000_000n),
        int(1_790_604_800n),
      ],
    });
    assert.deepEqual(
      await probeTelemintItem(methods, ITEM, 7),
      durovAuctionState({
        bidder: raw(bidder),
        beneficiary: raw(beneficiary),
        royalty: raw(royalty),
      }),
    );
  });

  it('an auction without bids: the state answers a null bidder and zero bid', async () => {
    const methods = new ItemMethods({
      get_telemint_token_name: [tokenName('+88801234567')],
      get_telemint_auction_config: [
        addressSlice(beneficiary),
        int(9n),
        int(99n),
        int(10n),
        int(60n),
        int(3600n),
      ],
      royalty_params: ROYALTY,
      get_telemint_auction_state: [NULL, int(0n), int(0n), int(9n), int(1_790_003_600n)],
    });
    const state = await probeTelemintItem(methods, ITEM, 7);
    assert.equal(state?.tokenName, '+88801234567');
    assert.equal(state.bidder, null);
    assert.equal(state.bid, 0n);
    assert.equal(state.minBid, 9n);
    assert.equal(state.endTime, 1_790_003_600n);
  });

  it('no auction: the state method throws (err::no_auction) and the config is nulls and zeros', async () => {
    const methods = new ItemMethods({
      get_telemint_token_name: [tokenName('wallet')],
      get_telemint_auction_config: [NULL, int(0n), int(0n), int(0n), int(0n), int(0n)],
      royalty_params: ROYALTY,
      get_telemint_auction_state: 219,
    });
    assert.deepEqual(await probeTelemintItem(methods, ITEM, 7), {
      tokenName: 'wallet',
      ...NO_TELEMINT_AUCTION,
      royaltyNumerator: 5n,
      royaltyDenominator: 100n,
      royaltyDestination: raw(royalty),
    });
  });

  it('a plain NFT item has no get_telemint_token_name: null after that one call', async () => {
    const methods = new ItemMethods({ royalty_params: ROYALTY });
    assert.equal(await probeTelemintItem(methods, ITEM, 7), null);
    assert.deepEqual(methods.calls, ['get_telemint_token_name']);
  });

  it('a contract answering the name but no auction config is not a Telemint item', async () => {
    const methods = new ItemMethods({
      get_telemint_token_name: [tokenName('x')],
      get_telemint_auction_config: [int(1n)],
      royalty_params: ROYALTY,
    });
    assert.equal(await probeTelemintItem(methods, ITEM, 7), null);
    assert.deepEqual(methods.calls, ['get_telemint_token_name', 'get_telemint_auction_config']);
  });
});
