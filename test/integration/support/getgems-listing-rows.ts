import { beginCell, type Cell } from '@ton/core';
import { inlineForwardPayload } from './getgems-contracts';
import { LIST_FORWARD } from './getgems-market';
import { actionRow, nftTransferData } from './trace-actions';

/** What a listing through getgems' deployer puts on sale or on auction, and how. */
export interface DeployerListing {
  /** Raw addresses of the seller, the deployer and the sale or auction it deploys. */
  readonly seller: string;
  readonly deployer: string;
  readonly contract: string;
  readonly item: { readonly asset: string; readonly asset_secondary: string };
  readonly itemIndex: string;
  /** The listing cell the seller's transfer forwards to the deployer. */
  readonly listing: Cell;
  readonly queryId: bigint;
  /** The listing action the transfers stand under (`nft_put_on_sale`, `nft_put_on_auction`). */
  readonly listingType: string;
}

/**
 * The two item transfers of a listing through getgems' deployer: the seller's to the deployer (the
 * listing as its inline forward payload, after the Either bit, with LIST_FORWARD to pay the
 * deployment), and the deployer's to the contract it deployed (no forward amount, so no
 * ownership_assigned; its source is the deployer, the message's sender).
 */
export function deployerListingTransfers(l: DeployerListing) {
  const transfer = (source: string, destination: string, over: Record<string, unknown>) =>
    actionRow({
      type: 'nft_transfer',
      source,
      destination,
      ...l.item,
      ancestor_type: [l.listingType],
      details: {
        nft_listing_data: { marketplace_fee_address: null, royalty_address: null },
        nft_transfer_data: nftTransferData({
          query_id: l.queryId.toString(),
          nft_item_index: l.itemIndex,
          response_destination: l.seller,
          ...over,
        }),
      },
    });
  return [
    transfer(l.seller, l.deployer, {
      forward_amount: LIST_FORWARD.toString(),
      forward_payload: inlineForwardPayload(l.listing),
    }),
    transfer(l.deployer, l.contract, {
      forward_payload: beginCell().endCell().toBoc().toString('base64'),
    }),
  ];
}
