import { type Address, beginCell, type Message, type StateInit } from '@ton/core';

/**
 * An internal message from a sandbox treasury carrying `value` and an empty body (a funding
 * transfer), with `init` when it deploys the destination; what the local chain's `submit` takes.
 */
export function fromTreasury(
  treasury: Address,
  to: Address,
  value: bigint,
  init?: StateInit,
): Message {
  return {
    info: {
      type: 'internal',
      ihrDisabled: true,
      bounce: false,
      bounced: false,
      src: treasury,
      dest: to,
      value: { coins: value },
      ihrFee: 0n,
      forwardFee: 0n,
      createdLt: 0n,
      createdAt: 0,
    },
    ...(init === undefined ? {} : { init }),
    body: beginCell().endCell(),
  };
}
