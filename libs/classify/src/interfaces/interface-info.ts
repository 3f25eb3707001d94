import type { DedustPoolInfo, NftItemInfo } from '../trace-model';
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

/**
 * A DeDust pool's two assets (jetton masters, null for TON) as the classifier's `dedust_pool`, the
 * shape toncenter's parse_db_pools_data gives a `dex_pools` row
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/utils/dedust_pools.py).
 */
export function dedustPoolInfo(
  address: string,
  asset1: string | null,
  asset2: string | null,
): DedustPoolInfo {
  return {
    address,
    assets: [asset1, asset2].map((jetton) => ({ is_ton: jetton === null, address: jetton })),
  };
}
