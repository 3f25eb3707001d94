import { type Address, type Cell, type ContractProvider, type Sender } from '@ton/core';
import { NFT, storeFields } from '@app/ton';
import { LocalContract, rawOrNone, sendInternal, transferPayloads } from './local-contract';

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
export class NftItem extends LocalContract {
  /** `NFT.transfer` (TEP-62), sent to the item by its owner. */
  static transferBody(args: NftTransferArgs): Cell {
    const values = {
      query_id: args.queryId ?? 0n,
      new_owner: rawOrNone(args.newOwner),
      response_destination: rawOrNone(args.responseDestination),
      forward_amount: args.forwardAmount ?? 0n,
      ...transferPayloads(args),
    };
    return storeFields(NFT.transfer, values);
  }

  /** `NFT.get_static_data` (TEP-62). */
  static getStaticDataBody(queryId = 0n): Cell {
    const values = { query_id: queryId };
    return storeFields(NFT.get_static_data, values);
  }

  async sendTransfer(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    args: NftTransferArgs,
  ): Promise<void> {
    await sendInternal(provider, via, value, NftItem.transferBody(args));
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
