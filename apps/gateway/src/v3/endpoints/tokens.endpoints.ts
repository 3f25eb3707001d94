import { Subjects } from '@app/contracts';
import { defineV3Endpoint, type V3Endpoint } from '../v3-endpoint';
import { type V3Fields as V3FieldSet, type V3Values } from '../v3-field';
import { PAGING_FIELDS, TIME_RANGE_FIELDS, timeRangeOf, V3Fields } from '../v3-fields';
import { invalid } from '../v3-params';
import { resultOf } from '../v3-schemas';

/** More than one of `name` needs exactly one owner (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml; toncenter's wording). */
function oneOwnerFor(
  name: string,
  values: string[] | undefined,
  owner: string[] | undefined,
): void {
  if (values !== undefined && values.length > 1 && owner?.length !== 1) {
    throw invalid(name, `exact one owner_address required for multiple ${name}`);
  }
}

/**
 * `sort` where toncenter parses it with limit and offset but orders by something fixed (jetton and
 * NFT lists): checked like everywhere else, then not applied, as toncenter does not.
 */
const UNAPPLIED_SORT = { sort: V3Fields.sort(undefined) };

/** `owner_address` and its alias `address`, read when `owner_address` is absent. */
const OWNER_FIELDS = {
  owner_address: V3Fields.addresses('Owners'),
  address: V3Fields.addresses('Alias of owner_address'),
};

/** The parameters of jetton/transfers (`direction` between the filters and the time range) and jetton/burns. */
function jettonEventFields<D extends V3FieldSet>(direction: D) {
  return {
    ...OWNER_FIELDS,
    jetton_wallet: V3Fields.addresses('Jetton wallets'),
    jetton_master: V3Fields.address('Jetton master'),
    ...direction,
    ...TIME_RANGE_FIELDS,
    ...PAGING_FIELDS,
    sort: V3Fields.sort('desc'),
  };
}

/** The request of jetton/transfers and jetton/burns; burns have no direction (toncenter does not read it there). */
function jettonEventRequest(
  q: V3Values<ReturnType<typeof jettonEventFields>>,
  direction: 'in' | 'out' | 'both' | undefined,
  s: { noAddressBook: boolean; noMetadata?: boolean },
) {
  return {
    owner_address: q.owner_address ?? q.address,
    jetton_wallet: q.jetton_wallet,
    jetton_master: q.jetton_master,
    direction,
    ...timeRangeOf(q),
    limit: q.limit,
    offset: q.offset,
    sort: q.sort,
    no_address_book: s.noAddressBook,
    no_metadata: s.noMetadata,
  };
}

/**
 * jetton/masters, jetton/wallets, jetton/transfers, jetton/burns, nft/collections, nft/items,
 * nft/transfers, nft/sales
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export const TOKEN_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'jetton/masters',
    fields: {
      address: V3Fields.addresses('Jetton masters'),
      admin_address: V3Fields.addresses('Admins'),
      ...PAGING_FIELDS,
      ...UNAPPLIED_SORT,
    },
    result: resultOf(Subjects.query.jettonMasters),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.jettonMasters, {
        address: q.address,
        admin_address: q.admin_address,
        limit: q.limit,
        offset: q.offset,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      }),
  }),
  defineV3Endpoint({
    name: 'jetton/wallets',
    fields: {
      address: V3Fields.addresses('Jetton wallets'),
      owner_address: V3Fields.addresses('Owners'),
      jetton_address: V3Fields.addresses('Jetton masters'),
      exclude_zero_balance: V3Fields.bool('Leave out empty wallets'),
      ...PAGING_FIELDS,
      sort: V3Fields.sort(undefined),
    },
    result: resultOf(Subjects.query.jettonWallets),
    run: (q, s, backend) => {
      oneOwnerFor('jetton_address', q.jetton_address, q.owner_address);
      return backend.forward(Subjects.query.jettonWallets, {
        ...q,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      });
    },
  }),
  defineV3Endpoint({
    name: 'jetton/transfers',
    fields: jettonEventFields({ direction: V3Fields.eventDirection() }),
    result: resultOf(Subjects.query.jettonTransfers),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.jettonTransfers, jettonEventRequest(q, q.direction, s)),
  }),
  defineV3Endpoint({
    name: 'jetton/burns',
    fields: jettonEventFields({}),
    result: resultOf(Subjects.query.jettonBurns),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.jettonBurns, jettonEventRequest(q, undefined, s)),
  }),
  defineV3Endpoint({
    name: 'nft/collections',
    fields: {
      collection_address: V3Fields.addresses('Collections'),
      owner_address: V3Fields.addresses('Owners'),
      ...PAGING_FIELDS,
      ...UNAPPLIED_SORT,
    },
    result: resultOf(Subjects.query.nftCollections),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.nftCollections, {
        collection_address: q.collection_address,
        owner_address: q.owner_address,
        limit: q.limit,
        offset: q.offset,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      }),
  }),
  defineV3Endpoint({
    name: 'nft/items',
    fields: {
      address: V3Fields.addresses('Items'),
      owner_address: V3Fields.addresses('Owners'),
      collection_address: V3Fields.addresses('Collections'),
      index: V3Fields.strings('Item indexes (needs collection_address)'),
      include_on_sale: V3Fields.bool('Include items on sale'),
      sort_by_last_transaction_lt: V3Fields.bool('Newest activity first'),
      ...PAGING_FIELDS,
      ...UNAPPLIED_SORT,
    },
    result: resultOf(Subjects.query.nftItems),
    run: (q, s, backend) => {
      if (q.index !== undefined) {
        // toncenter's texts; the second is its 500, a 422 here.
        if (!q.index.every((i) => /^\d{1,30}$/.test(i))) {
          throw invalid('index', 'index should contain digits only');
        }
        if (q.collection_address === undefined) {
          throw invalid('index', 'index parameter is not allowed without the collection_address');
        }
      }
      oneOwnerFor('collection_address', q.collection_address, q.owner_address);
      return backend.forward(Subjects.query.nftItems, {
        address: q.address,
        owner_address: q.owner_address,
        collection_address: q.collection_address,
        index: q.index,
        include_on_sale: q.include_on_sale,
        sort_by_last_transaction_lt: q.sort_by_last_transaction_lt,
        limit: q.limit,
        offset: q.offset,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      });
    },
  }),
  defineV3Endpoint({
    name: 'nft/transfers',
    fields: {
      ...OWNER_FIELDS,
      item_address: V3Fields.addresses('Items'),
      collection_address: V3Fields.address('Collection'),
      direction: V3Fields.eventDirection(),
      ...TIME_RANGE_FIELDS,
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.nftTransfers),
    run: (q, s, backend) => {
      const { address, ...rest } = q;
      return backend.forward(Subjects.query.nftTransfers, {
        ...rest,
        owner_address: q.owner_address ?? address,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      });
    },
  }),
  defineV3Endpoint({
    // toncenter answers getgems sales, getgems auctions and Telemint items; the decoder detects
    // getgems fixed-price sales (get_sale_data, magic "FIXP"), so those are what this lists.
    name: 'nft/sales',
    fields: {
      // toncenter's QueryNFTSales texts
      // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go errors table).
      address: V3Fields.requiredAddresses(
        'Sale contracts (1 to 1000)',
        'at least 1 address required',
      ),
    },
    result: resultOf(Subjects.query.nftSales),
    run: (q, s, backend) => {
      if (q.address.length > 1000) {
        throw invalid('address', 'maximum 1000 addresses allowed');
      }
      return backend.forward(Subjects.query.nftSales, {
        address: q.address,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      });
    },
  }),
];
