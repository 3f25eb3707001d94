import type { NftItemInfo } from '../trace-model';
import type { NftItemState } from './interface-probes';

/** A probed NFT item (TEP-62 get_nft_data) as the classifier's `nft_item` of an account. */
export function nftItemInfo(address: string, item: NftItemState): NftItemInfo {
  return {
    address,
    init: item.init,
    index: item.index,
    collection_address: item.collection,
    owner_address: item.owner,
    content: item.content,
  };
}
