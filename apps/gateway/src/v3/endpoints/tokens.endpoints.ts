import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { DEFAULT_LIMIT, type V3Endpoint } from '../v3-endpoint';
import { limitRequestParams, resultOf, timeRangeParams, V3Param } from '../v3-schemas';
import { invalid, type V3Params } from '../v3-params';

/** `direction` of the token event endpoints: in, out or both (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
function direction(p: V3Params): 'in' | 'out' | 'both' | undefined {
  const v = p.string('direction');
  if (v === undefined) {
    return undefined;
  }
  if (v !== 'in' && v !== 'out' && v !== 'both') {
    throw invalid('direction', 'direction should be one of: in, out, both');
  }
  return v;
}

/** `owner_address`, or its alias `address` when absent. */
function owners(p: V3Params): string[] | undefined {
  const alias = p.addresses('address');
  return p.addresses('owner_address') ?? alias;
}

function ranges(p: V3Params) {
  return {
    start_utime: p.utime('start_utime'),
    end_utime: p.utime('end_utime'),
    start_lt: p.uint64('start_lt'),
    end_lt: p.uint64('end_lt'),
  };
}

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
function unappliedSort(p: V3Params): void {
  p.sort(undefined);
}

/**
 * jetton/masters, jetton/wallets, jetton/transfers, jetton/burns, nft/collections, nft/items,
 * nft/transfers, nft/sales
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
 */
export const TOKEN_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'jetton/masters',
    query: z.object({
      address: V3Param.addresses('Jetton masters').optional(),
      admin_address: V3Param.addresses('Admins').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.jettonMasters),
    run: (p, s, backend) => {
      const req = {
        address: p.addresses('address'),
        admin_address: p.addresses('admin_address'),
        ...p.paging(DEFAULT_LIMIT),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      unappliedSort(p);
      p.rejectUnknown();
      return backend.forward(Subjects.query.jettonMasters, req);
    },
  },
  {
    name: 'jetton/wallets',
    query: z.object({
      address: V3Param.addresses('Jetton wallets').optional(),
      owner_address: V3Param.addresses('Owners').optional(),
      jetton_address: V3Param.addresses('Jetton masters').optional(),
      exclude_zero_balance: V3Param.bool('Leave out empty wallets').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.jettonWallets),
    run: (p, s, backend) => {
      const req = {
        address: p.addresses('address'),
        owner_address: p.addresses('owner_address'),
        jetton_address: p.addresses('jetton_address'),
        exclude_zero_balance: p.bool('exclude_zero_balance'),
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort(undefined),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      p.rejectUnknown();
      oneOwnerFor('jetton_address', req.jetton_address, req.owner_address);
      return backend.forward(Subjects.query.jettonWallets, req);
    },
  },
  ...(['jetton/transfers', 'jetton/burns'] as const).map((name): V3Endpoint => ({
    name,
    query: z.object({
      owner_address: V3Param.addresses('Owners').optional(),
      address: V3Param.addresses('Alias of owner_address').optional(),
      jetton_wallet: V3Param.addresses('Jetton wallets').optional(),
      jetton_master: V3Param.address('Jetton master').optional(),
      ...(name === 'jetton/transfers'
        ? { direction: V3Param.text('in, out or both').optional() }
        : {}),
      ...timeRangeParams,
      ...limitRequestParams,
    }),
    result: resultOf(
      name === 'jetton/transfers' ? Subjects.query.jettonTransfers : Subjects.query.jettonBurns,
    ),
    run: (p, s, backend) => {
      const req = {
        owner_address: owners(p),
        jetton_wallet: p.addresses('jetton_wallet'),
        jetton_master: p.address('jetton_master'),
        // Burns have no direction: toncenter does not read it there.
        direction: name === 'jetton/transfers' ? direction(p) : undefined,
        ...ranges(p),
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      p.rejectUnknown();
      return backend.forward(
        name === 'jetton/transfers' ? Subjects.query.jettonTransfers : Subjects.query.jettonBurns,
        req,
      );
    },
  })),
  {
    name: 'nft/collections',
    query: z.object({
      collection_address: V3Param.addresses('Collections').optional(),
      owner_address: V3Param.addresses('Owners').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.nftCollections),
    run: (p, s, backend) => {
      const req = {
        collection_address: p.addresses('collection_address'),
        owner_address: p.addresses('owner_address'),
        ...p.paging(DEFAULT_LIMIT),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      unappliedSort(p);
      p.rejectUnknown();
      return backend.forward(Subjects.query.nftCollections, req);
    },
  },
  {
    name: 'nft/items',
    query: z.object({
      address: V3Param.addresses('Items').optional(),
      owner_address: V3Param.addresses('Owners').optional(),
      collection_address: V3Param.addresses('Collections').optional(),
      index: V3Param.strings('Item indexes (needs collection_address)').optional(),
      include_on_sale: V3Param.bool('Include items on sale').optional(),
      sort_by_last_transaction_lt: V3Param.bool('Newest activity first').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.nftItems),
    run: (p, s, backend) => {
      const index = p.strings('index');
      const req = {
        address: p.addresses('address'),
        owner_address: p.addresses('owner_address'),
        collection_address: p.addresses('collection_address'),
        index,
        include_on_sale: p.bool('include_on_sale'),
        sort_by_last_transaction_lt: p.bool('sort_by_last_transaction_lt'),
        ...p.paging(DEFAULT_LIMIT),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      unappliedSort(p);
      p.rejectUnknown();
      if (index !== undefined) {
        // toncenter's texts; the second is its 500, a 422 here.
        if (!index.every((i) => /^\d{1,30}$/.test(i))) {
          throw invalid('index', 'index should contain digits only');
        }
        if (req.collection_address === undefined) {
          throw invalid('index', 'index parameter is not allowed without the collection_address');
        }
      }
      oneOwnerFor('collection_address', req.collection_address, req.owner_address);
      return backend.forward(Subjects.query.nftItems, req);
    },
  },
  {
    name: 'nft/transfers',
    query: z.object({
      owner_address: V3Param.addresses('Owners').optional(),
      address: V3Param.addresses('Alias of owner_address').optional(),
      item_address: V3Param.addresses('Items').optional(),
      collection_address: V3Param.address('Collection').optional(),
      direction: V3Param.text('in, out or both').optional(),
      ...timeRangeParams,
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.nftTransfers),
    run: (p, s, backend) => {
      const req = {
        owner_address: owners(p),
        item_address: p.addresses('item_address'),
        collection_address: p.address('collection_address'),
        direction: direction(p),
        ...ranges(p),
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      p.rejectUnknown();
      return backend.forward(Subjects.query.nftTransfers, req);
    },
  },
  {
    // toncenter answers getgems sales, getgems auctions and Telemint items; the decoder detects
    // getgems fixed-price sales (get_sale_data, magic "FIXP"), so those are what this lists.
    name: 'nft/sales',
    query: z.object({
      address: V3Param.addresses('Sale contracts (1 to 1000)'),
    }),
    result: resultOf(Subjects.query.nftSales),
    run: (p, s, backend) => {
      const address = p.addresses('address') ?? [];
      p.rejectUnknown();
      // toncenter's QueryNFTSales texts
      // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go errors table).
      if (address.length === 0) {
        throw invalid('address', 'at least 1 address required');
      }
      if (address.length > 1000) {
        throw invalid('address', 'maximum 1000 addresses allowed');
      }
      return backend.forward(Subjects.query.nftSales, {
        address,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      });
    },
  },
];
