/** Elector, wallet v4 plugin (subscription) and TONStakers messages, as toncenter reads them. */
import type { Slice } from '@ton/core';
import { loadAddr } from './cells';

export const ElectorOp = {
  depositRequest: 0x4e73744b,
  depositConfirmation: 0xf374484c,
  recoverRequest: 0x47657424,
  recoverConfirmation: 0xf96f7324,
} as const;

/** The elector (-1:3333…3333). */
export const ELECTOR_ADDRESS = `-1:${'3'.repeat(64)}`;

export const SubscriptionOp = {
  /** plugin → wallet: request_funds */
  paymentRequest: 0x706c7567,
  /** wallet → plugin: the funds */
  paymentRequestResponse: 0xf06c7567,
  /** plugin → beneficiary: the payment */
  payment: 0x73756273,
  /** wallet ↔ plugin: destruct */
  destruct: 0x64737472,
} as const;

/** request_funds#706c7567 query_id:uint64 grams:Grams */
export function parseSubscriptionPaymentRequest(s: Slice): { query_id: bigint; grams: bigint } {
  s.skip(32);
  return { query_id: s.loadUintBig(64), grams: s.loadCoins() };
}

export const TonstakersOp = {
  /** user → pool: deposit (the pool keeps 1 TON of it as the deposit fee) */
  depositRequest: 0x47d54391,
  withdrawRequest: 0x319b0cdc,
  /** pool → tsTON minter: mint the depositor's tsTON */
  mintJettons: 0x1674b0a0,
  /** mint of tsTON and of the withdrawal bill NFT share the opcode */
  mintNft: 0x1674b0a0,
  initNft: 0x132f9a45,
  nftBurn: 0xf127fe4e,
  nftBurnNotification: 0xed58b0b2,
  distributedAsset: 0xdb3b8abd,
  poolWithdrawal: 0x0a77535c,
  startDistribution: 0x1140a64f,
} as const;

/** burn_notification#ed58b0b2 query_id:uint64 amount:Grams owner:MsgAddress (bill NFT → collection) */
export function parseTonstakersNftBurnNotification(s: Slice): {
  query_id: bigint;
  amount: bigint;
  owner: string | null;
} {
  s.skip(32);
  return { query_id: s.loadUintBig(64), amount: s.loadCoins(), owner: loadAddr(s) };
}
