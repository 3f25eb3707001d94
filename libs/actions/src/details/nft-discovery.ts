/**
 * nft_discovery details (ton-index-go `index/parse/actions.go`, `ActionDetailsNftDiscovery`): who
 * asked an item for its static data, and the collection and index the item reported.
 */
import { field, str } from './shared';
import type { Renderer } from './types';

export const NFT_DISCOVERY_RENDERERS: Record<string, Renderer> = {
  nft_discovery: (a) => ({
    source: a.source,
    nft_item: a.asset_secondary,
    nft_collection: a.asset,
    nft_item_index: str(field(a.nft_transfer_data, 'nft_item_index')),
  }),
};
