import { type GetMethodRunner } from './get-method.runner';
import { exactly, raw } from './probe-stack';

/**
 * A Telemint item (Fragment's Telegram usernames and anonymous numbers), as toncenter's index worker
 * reads one (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces/Telemint.cpp)
 * from the item's get-methods (https://github.com/TelegramMessenger/telemint/blob/main/func/nft-item.fc).
 * Without a running auction the auction fields are those toncenter stores: no bidder or
 * beneficiary, zero amounts and times.
 */
export interface TelemintItemState {
  /** The username or number without its domain ("durov" of durov.t.me). */
  readonly tokenName: string;
  readonly bidder: string | null;
  readonly bid: bigint;
  readonly bidTs: bigint;
  readonly minBid: bigint;
  readonly endTime: bigint;
  readonly beneficiary: string | null;
  readonly initialMinBid: bigint;
  readonly maxBid: bigint;
  readonly minBidStep: bigint;
  readonly minExtendTime: bigint;
  readonly duration: bigint;
  readonly royaltyNumerator: bigint;
  readonly royaltyDenominator: bigint;
  readonly royaltyDestination: string;
}

/**
 * get_telemint_token_name → the name's text (TL-B `telemint_text` without its length byte);
 * get_telemint_auction_state → (bidder_address, bid, bid_ts, min_bid, end_time), which throws
 * (err::no_auction) when the item is not on auction; get_telemint_auction_config →
 * (beneficiary_address, initial_min_bid, max_bid, min_bid_step, min_extend_time, duration), a null
 * beneficiary and zeros without an auction; royalty_params → (numerator, denominator, destination).
 * The item is a Telemint item when the name, the auction config and the royalty all answer.
 */
export async function probeTelemintItem(
  methods: GetMethodRunner,
  address: string,
  mcSeqno: number,
): Promise<TelemintItemState | null> {
  const name = await methods.run(address, 'get_telemint_token_name', [], mcSeqno);
  const tokenName = exactly(name.stack, 1, (s) => s.readCell().beginParse().loadStringTail());
  if (tokenName === null) {
    return null;
  }
  const configAnswer = await methods.run(address, 'get_telemint_auction_config', [], mcSeqno);
  const config = exactly(configAnswer.stack, 6, (s) => ({
    beneficiary: raw(s.readAddressOpt()),
    initialMinBid: s.readBigNumber(),
    maxBid: s.readBigNumber(),
    minBidStep: s.readBigNumber(),
    minExtendTime: s.readBigNumber(),
    duration: s.readBigNumber(),
  }));
  if (config === null) {
    return null;
  }
  const royaltyAnswer = await methods.run(address, 'royalty_params', [], mcSeqno);
  const royalty = exactly(royaltyAnswer.stack, 3, (s) => ({
    royaltyNumerator: s.readBigNumber(),
    royaltyDenominator: s.readBigNumber(),
    royaltyDestination: s.readAddress().toRawString().toUpperCase(),
  }));
  if (royalty === null) {
    return null;
  }
  const stateAnswer = await methods.run(address, 'get_telemint_auction_state', [], mcSeqno);
  const auction = exactly(stateAnswer.stack, 5, (s) => ({
    bidder: raw(s.readAddressOpt()),
    bid: s.readBigNumber(),
    bidTs: s.readBigNumber(),
    minBid: s.readBigNumber(),
    endTime: s.readBigNumber(),
  })) ?? { bidder: null, bid: 0n, bidTs: 0n, minBid: 0n, endTime: 0n };
  return {
    tokenName,
    ...auction,
    ...config,
    ...royalty,
  };
}
