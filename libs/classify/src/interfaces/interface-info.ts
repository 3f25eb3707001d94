import type { NftItemInfo } from '../trace-model';
import type { NftItemState } from './interface-probes';

/**
 * A probed NFT item (TEP-62 get_nft_data) as the classifier's `nft_item` of an account; `codeHash`
 * (base64) when the caller knows the account's code.
 */
export function nftItemInfo(
  address: string,
  item: NftItemState,
  codeHash: string | null,
): NftItemInfo {
  return {
    address,
    init: item.init,
    index: item.index,
    collection_address: item.collection,
    owner_address: item.owner,
    content: item.content,
    code_hash: codeHash,
  };
}
