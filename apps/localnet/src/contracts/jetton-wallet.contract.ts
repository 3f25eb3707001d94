import { type Address, beginCell, type Cell, type ContractProvider, type Sender } from '@ton/core';

import { contractCode } from './compile-contract';
import { LocalContract, rawOrNone, sendInternal, transferPayloads } from './local-contract';
import { JETTON, storeFields } from '@app/ton';

/** TEP-74 get_wallet_data. */
export interface JettonWalletData {
  readonly balance: bigint;
  readonly owner: Address;
  readonly jetton: Address;
  readonly walletCode: Cell;
}

export interface JettonTransferArgs {
  readonly queryId?: bigint;
  readonly amount: bigint;
  /** The owner of the receiving wallet (not the wallet itself). */
  readonly destination: Address;
  readonly responseDestination?: Address | null;
  readonly customPayload?: Cell | null;
  readonly forwardTonAmount?: bigint;
  readonly forwardPayload?: Cell | null;
}

export interface JettonBurnArgs {
  readonly queryId?: bigint;
  readonly amount: bigint;
  readonly responseDestination?: Address | null;
  readonly customPayload?: Cell | null;
}

/** The local TEP-74 Jetton wallet (FunC source in ./func/jetton.fc.ts). */
export class JettonWallet extends LocalContract {
  /** The wallet a minter deploys for `owner`: data balance=0, owner, master, wallet code. */
  static async createFor(owner: Address, minter: Address, workchain = 0): Promise<JettonWallet> {
    const code = await contractCode('jetton-wallet');
    const data = beginCell()
      .storeCoins(0n)
      .storeAddress(owner)
      .storeAddress(minter)
      .storeRef(code)
      .endCell();
    return JettonWallet.fromInit(code, data, workchain);
  }

  /** `JETTON.transfer` (TEP-74), sent to the owner's wallet. */
  static transferBody(args: JettonTransferArgs): Cell {
    const values = {
      query_id: args.queryId ?? 0n,
      amount: args.amount,
      destination: rawOrNone(args.destination),
      response_destination: rawOrNone(args.responseDestination),
      forward_ton_amount: args.forwardTonAmount ?? 0n,
      ...transferPayloads(args),
    };
    return storeFields(JETTON.transfer, values);
  }

  /** `JETTON.burn` (TEP-74), sent to the owner's wallet. */
  static burnBody(args: JettonBurnArgs): Cell {
    const values = {
      query_id: args.queryId ?? 0n,
      amount: args.amount,
      response_destination: rawOrNone(args.responseDestination),
      custom_payload: args.customPayload ?? null,
    };
    return storeFields(JETTON.burn, values);
  }

  async sendTransfer(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    args: JettonTransferArgs,
  ): Promise<void> {
    await sendInternal(provider, via, value, JettonWallet.transferBody(args));
  }

  async sendBurn(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    args: JettonBurnArgs,
  ): Promise<void> {
    await sendInternal(provider, via, value, JettonWallet.burnBody(args));
  }

  async getWalletData(provider: ContractProvider): Promise<JettonWalletData> {
    const { stack } = await provider.get('get_wallet_data', []);
    return {
      balance: stack.readBigNumber(),
      owner: stack.readAddress(),
      jetton: stack.readAddress(),
      walletCode: stack.readCell(),
    };
  }

  async getJettonBalance(provider: ContractProvider): Promise<bigint> {
    const state = await provider.getState();
    if (state.state.type !== 'active') {
      return 0n;
    }
    return (await this.getWalletData(provider)).balance;
  }
}
