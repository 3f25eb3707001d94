import {
  type Address,
  beginCell,
  type Cell,
  type Contract,
  type ContractProvider,
  contractAddress,
  type Sender,
  SendMode,
} from '@ton/core';

/** What deploys a contract: its code and its initial data (a StateInit without libraries). */
export interface ContractInit {
  readonly code: Cell;
  readonly data: Cell;
}

/**
 * A wrapper of a local contract in Blueprint's shape (https://github.com/ton-org/blueprint): its
 * address, and its init when the wrapper is the one that deploys it. Opened with
 * `provider.open(...)` or `blockchain.openContract(...)`.
 */
export abstract class LocalContract implements Contract {
  constructor(
    readonly address: Address,
    readonly init?: ContractInit,
  ) {}

  /** The wrapper of a contract already on chain. */
  static createFromAddress<C>(this: new (address: Address) => C, address: Address): C {
    return new this(address);
  }

  /**
   * The wrapper of a contract deployed from `code` and `data`: its address is the hash of that
   * StateInit in `workchain` (https://docs.ton.org/v3/documentation/smart-contracts/addresses).
   */
  static fromInit<C>(
    this: new (address: Address, init: ContractInit) => C,
    code: Cell,
    data: Cell,
    workchain: number,
  ): C {
    const init = { code, data };
    return new this(contractAddress(workchain, init), init);
  }

  /** Deploys the contract with its init and an empty body (which the local contracts just accept). */
  async sendDeploy(provider: ContractProvider, via: Sender, value: bigint): Promise<void> {
    await sendInternal(provider, via, value, beginCell().endCell());
  }
}

/** An address as the registry's body values hold it: raw `wc:hex`, null for addr_none. */
export function rawOrNone(address: Address | null | undefined): string | null {
  return address ? address.toRawString() : null;
}

/** A TEP-62 / TEP-74 transfer's optional custom and forward payloads, null when absent. */
export function transferPayloads(args: {
  readonly customPayload?: Cell | null;
  readonly forwardPayload?: Cell | null;
}): { custom_payload: Cell | null; forward_payload: Cell | null } {
  return {
    custom_payload: args.customPayload ?? null,
    forward_payload: args.forwardPayload ?? null,
  };
}

/**
 * An internal message carrying `body` and `value` that pays its forwarding fees apart from the value
 * (SendMode.PAY_GAS_SEPARATELY), as every local contract's `send*` does.
 */
export async function sendInternal(
  provider: ContractProvider,
  via: Sender,
  value: bigint,
  body: Cell,
): Promise<void> {
  await provider.internal(via, { value, sendMode: SendMode.PAY_GAS_SEPARATELY, body });
}
