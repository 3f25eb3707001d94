import {
  type Address,
  beginCell,
  type Cell,
  type Contract,
  type ContractProvider,
  type Sender,
  SendMode,
} from '@ton/core';

import { NftOp } from './op-codes';

/** TEP-62 get_nft_data. */
export interface NftItemData {
  readonly initialized: boolean;
  readonly index: bigint;
  readonly collection: Address | null;
  readonly owner: Address | null;
  readonly individualContent: Cell | null;
}

export interface NftTransferArgs {
  readonly queryId?: bigint;
  readonly newOwner: Address;
  readonly responseDestination?: Address | null;
  readonly customPayload?: Cell | null;
  readonly forwardAmount?: bigint;
  readonly forwardPayload?: Cell | null;
}

/** The local TEP-62 NFT item (FunC source in ./func/nft.fc.ts); deployed by its collection. */
export class NftItem implements Contract {
  constructor(readonly address: Address) {}

  static createFromAddress(address: Address): NftItem {
    return new NftItem(address);
  }

  /**
   * transfer#5fcc3d14 query_id:uint64 new_owner:MsgAddress response_destination:MsgAddress
   * custom_payload:(Maybe ^Cell) forward_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell)
   */
  static transferBody(args: NftTransferArgs): Cell {
    return beginCell()
      .storeUint(NftOp.transfer, 32)
      .storeUint(args.queryId ?? 0n, 64)
      .storeAddress(args.newOwner)
      .storeAddress(args.responseDestination ?? null)
      .storeMaybeRef(args.customPayload ?? null)
      .storeCoins(args.forwardAmount ?? 0n)
      .storeMaybeRef(args.forwardPayload ?? null)
      .endCell();
  }

  /** get_static_data#2fcb26a2 query_id:uint64. */
  static getStaticDataBody(queryId = 0n): Cell {
    return beginCell().storeUint(NftOp.getStaticData, 32).storeUint(queryId, 64).endCell();
  }

  async sendTransfer(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    args: NftTransferArgs,
  ): Promise<void> {
    await provider.internal(via, {
      value,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      body: NftItem.transferBody(args),
    });
  }

  async getNftData(provider: ContractProvider): Promise<NftItemData> {
    const { stack } = await provider.get('get_nft_data', []);
    return {
      initialized: stack.readBigNumber() !== 0n,
      index: stack.readBigNumber(),
      collection: stack.readAddressOpt(),
      owner: stack.readAddressOpt(),
      individualContent: stack.readCellOpt(),
    };
  }
}
