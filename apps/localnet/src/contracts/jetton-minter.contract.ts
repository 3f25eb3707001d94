import { type Address, beginCell, type Cell, type ContractProvider, type Sender } from '@ton/core';

import { contractCode, type LocalContractName } from './compile-contract';
import { LocalContract, rawOrNone, sendInternal } from './local-contract';
import { JETTON, storeFields } from '@app/ton';

export interface JettonMinterConfig {
  readonly admin: Address;
  /** TEP-64 content (see tep64-content.ts). */
  readonly content: Cell;
  readonly totalSupply?: bigint;
}

/** TEP-74 get_jetton_data. */
export interface JettonData {
  readonly totalSupply: bigint;
  readonly mintable: boolean;
  readonly admin: Address | null;
  readonly content: Cell;
  readonly walletCode: Cell;
}

export interface MintArgs {
  readonly queryId?: bigint;
  readonly to: Address;
  readonly jettonAmount: bigint;
  /** TON attached to the new wallet's internal_transfer (pays its deploy and the forwards). */
  readonly tonAmount: bigint;
  /** Receives the excesses of the wallet's transaction. */
  readonly responseAddress?: Address | null;
  readonly forwardTonAmount?: bigint;
  readonly forwardPayload?: Cell | null;
}

/** The local TEP-74 Jetton minter (FunC source in ./func/jetton.fc.ts). */
export class JettonMinter extends LocalContract {
  /**
   * Minter data: total_supply:Coins admin_address:MsgAddress content:^Cell jetton_wallet_code:^Cell.
   * `minter` is the code: this minter's, or another local one with its storage.
   */
  static async createFromConfig(
    config: JettonMinterConfig,
    workchain = 0,
    minter: LocalContractName = 'jetton-minter',
  ): Promise<JettonMinter> {
    const [code, walletCode] = await Promise.all([
      contractCode(minter),
      contractCode('jetton-wallet'),
    ]);
    const data = beginCell()
      .storeCoins(config.totalSupply ?? 0n)
      .storeAddress(config.admin)
      .storeRef(config.content)
      .storeRef(walletCode)
      .endCell();
    return JettonMinter.fromInit(code, data, workchain);
  }

  /**
   * `JETTON.mint`, its master_msg being the `JETTON.internal_transfer` the new wallet receives (from
   * the minter).
   */
  static mintBody(minter: Address, args: MintArgs): Cell {
    const queryId = args.queryId ?? 0n;
    const transfer = {
      query_id: queryId,
      amount: args.jettonAmount,
      from: rawOrNone(minter),
      response_address: rawOrNone(args.responseAddress),
      forward_ton_amount: args.forwardTonAmount ?? 0n,
      forward_payload: args.forwardPayload ?? null,
    };
    const mint = {
      query_id: queryId,
      to_address: rawOrNone(args.to),
      ton_amount: args.tonAmount,
      master_msg: storeFields(JETTON.internal_transfer, transfer),
    };
    return storeFields(JETTON.mint, mint);
  }

  /** `JETTON.provide_wallet_address` (TEP-89). */
  static provideWalletAddressBody(owner: Address, includeAddress: boolean, queryId = 0n): Cell {
    const values = {
      query_id: queryId,
      owner_address: rawOrNone(owner),
      include_address: includeAddress,
    };
    return storeFields(JETTON.provide_wallet_address, values);
  }

  async sendMint(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    args: MintArgs,
  ): Promise<void> {
    await sendInternal(provider, via, value, JettonMinter.mintBody(this.address, args));
  }

  async getJettonData(provider: ContractProvider): Promise<JettonData> {
    const { stack } = await provider.get('get_jetton_data', []);
    return {
      totalSupply: stack.readBigNumber(),
      mintable: stack.readBigNumber() !== 0n,
      admin: stack.readAddressOpt(),
      content: stack.readCell(),
      walletCode: stack.readCell(),
    };
  }

  async getWalletAddress(provider: ContractProvider, owner: Address): Promise<Address> {
    const { stack } = await provider.get('get_wallet_address', [
      { type: 'slice', cell: beginCell().storeAddress(owner).endCell() },
    ]);
    return stack.readAddress();
  }

  async getTotalSupply(provider: ContractProvider): Promise<bigint> {
    return (await this.getJettonData(provider)).totalSupply;
  }
}
