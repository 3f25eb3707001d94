/**
 * The accounts, TEP-62 bodies and marketplace interfaces the NFT trade specs build their synthetic
 * traces from (toncenter `blocks/nft.py`, `blocks/auction.py`). Not part of the library's barrel;
 * only specs import it.
 */
import { Address, beginCell, type Builder, type Cell } from '@ton/core';
import type { ActionRow } from '../action';
import { type Hop, syntheticTrace } from './synthetic-trace';
import type { AccountInterfaces, NftItemInfo } from '../trace-model';
import { classifyOk } from './classified';

export { assertParties, assertTransferData, onlyAction as only } from './classified';

export const addr = (fill: string): string => `0:${fill.repeat(64).toUpperCase()}`;
export const BUYER = addr('a');
export const SELLER = addr('b');
export const ITEM = addr('c');
export const COLLECTION = addr('d');
export const SALE = addr('e');
export const MARKET = addr('f');
export const LISTING = addr('1');
export const ROYALTY = addr('2');
export const AUCTION = addr('3');
export const FEE = addr('4');

export const a = (raw: string): Address => Address.parse(raw);

/** The actions of the trace under `root` with the default matchers; the run must report no error. */
export function classify(root: Hop, interfaces: Record<string, AccountInterfaces>): ActionRow[] {
  return classifyOk(syntheticTrace(root, interfaces));
}

export const types = (actions: ActionRow[]): string[] => actions.map((x) => x.type).sort();

/** The interfaces of ITEM: index 42 of COLLECTION, owned by BUYER. */
export const item = (over: Partial<NftItemInfo> = {}): AccountInterfaces => ({
  nft_item: {
    address: ITEM,
    init: true,
    index: 42n,
    collection_address: COLLECTION,
    owner_address: BUYER,
    content: null,
    code_hash: null,
    ...over,
  },
});

/** The interfaces of a Telemint item: its content is on Fragment. */
export const teleitem = item({ content: { uri: 'https://nft.fragment.com/username/abc.json' } });

export const op = (code: number, queryId = 9n): Builder =>
  beginCell().storeUint(code, 32).storeUint(queryId, 64);
export const comment = (text: string): Cell =>
  beginCell().storeUint(0, 32).storeStringTail(text).endCell();

/** TEP-62 transfer with no custom payload and an empty inline forward payload. */
export const nftTransfer = (newOwner: string, response: string, forward = 0n): Cell =>
  op(0x5fcc3d14)
    .storeAddress(a(newOwner))
    .storeAddress(a(response))
    .storeBit(false)
    .storeCoins(forward)
    .storeBit(false)
    .endCell();
export const ownershipAssigned = (prevOwner: string, payload?: Cell): Cell => {
  const b = op(0x05138d91).storeAddress(a(prevOwner));
  return (payload ? b.storeBit(true).storeRef(payload) : b.storeBit(false)).endCell();
};
const excesses = (): Cell => op(0xd53276db).endCell();

/** The item moving to `newOwner`: the item's transfer, its ownership_assigned and excess. */
export const itemHandsOver = (from: string, newOwner: string, prevOwner: string): Hop => ({
  from,
  to: ITEM,
  body: nftTransfer(newOwner, newOwner),
  children: [
    { from: ITEM, to: newOwner, body: ownershipAssigned(prevOwner), value: 1n },
    { from: ITEM, to: newOwner, body: excesses(), value: 5_000_000n },
  ],
});

/** The interfaces of SALE: getgems selling ITEM of SELLER for 5 TON. */
export const saleInfo = (over: Partial<NonNullable<AccountInterfaces['nft_sale']>> = {}) => ({
  nft_sale: {
    address: SALE,
    is_complete: false,
    marketplace_address: MARKET,
    nft_address: ITEM,
    nft_owner_address: SELLER,
    full_price: 5_000_000_000n,
    marketplace_fee_address: MARKET,
    marketplace_fee: 250_000_000n,
    royalty_address: ROYALTY,
    royalty_amount: 500_000_000n,
    ...over,
  },
});

/** The interfaces of AUCTION: getgems auctioning ITEM of SELLER, last bid 7 TON. */
export const auctionInfo = (over: Partial<NonNullable<AccountInterfaces['nft_auction']>> = {}) => ({
  nft_auction: {
    address: AUCTION,
    nft_addr: ITEM,
    nft_owner: SELLER,
    mp_addr: MARKET,
    last_bid: 7_000_000_000n,
    ...over,
  },
});
