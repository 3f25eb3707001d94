import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { DEFAULT_LIMIT, type V3Endpoint } from '../v3-endpoint';
import { limitRequestParams, resultOf, V3Param } from '../v3-schemas';
import { invalid, type V3Params } from '../v3-params';

/** A required address list; `message` is toncenter's wording for its absence. */
function required(p: V3Params, name: string, message: string): string[] {
  const list = p.addresses(name);
  if (list === undefined) {
    throw invalid(name, message);
  }
  return list;
}

const NO_ACCOUNT = 'address of account is required';
const NO_ADDRESS = 'at least 1 address required';

/** `sort` where toncenter parses it with limit and offset but never orders by it. */
function unappliedSort(p: V3Params): void {
  p.sort(undefined);
}

/**
 * accountStates, walletStates, addressBook, metadata, topAccountsByBalance
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml); dns/records,
 * multisig/wallets, multisig/orders, vesting.
 */
export const ACCOUNT_ENDPOINTS: readonly V3Endpoint[] = [
  {
    name: 'accountStates',
    query: z.object({
      address: V3Param.addresses('Accounts'),
      code_hash: V3Param.hashes('Only accounts with these code hashes').optional(),
      include_boc: V3Param.bool('Include code and data (default true)').optional(),
    }),
    result: resultOf(Subjects.query.accountStates),
    run: (p, s, backend) => {
      const address = required(p, 'address', NO_ACCOUNT);
      const req = {
        address,
        code_hash: p.hashes('code_hash'),
        include_boc: p.bool('include_boc') ?? true,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      p.rejectUnknown();
      return backend.forward(Subjects.query.accountStates, req);
    },
  },
  {
    name: 'walletStates',
    query: z.object({
      address: V3Param.addresses('Wallet accounts'),
      code_hash: V3Param.hashes('Only accounts with these code hashes').optional(),
      include_boc: V3Param.bool(
        'Accepted and not applied: the wallet fields are read from the data',
      ).optional(),
    }),
    result: resultOf(Subjects.query.walletStates),
    run: (p, s, backend) => {
      const req = {
        address: required(p, 'address', NO_ACCOUNT),
        code_hash: p.hashes('code_hash'),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
      // toncenter parses its accountStates request here; include_boc=false would hide the data its
      // wallet fields come from, so it is checked and not applied.
      p.bool('include_boc');
      p.rejectUnknown();
      return backend.forward(Subjects.query.walletStates, req);
    },
  },
  {
    name: 'addressBook',
    query: z.object({
      address: V3Param.addresses('Addresses in any form'),
    }),
    result: resultOf(Subjects.query.addressBook),
    run: (p, _s, backend) => {
      const entries = p.addressEntries('address');
      p.rejectUnknown();
      if (entries === undefined) {
        throw invalid('address', NO_ADDRESS);
      }
      return backend.forward(Subjects.query.addressBook, { entries });
    },
  },
  {
    name: 'metadata',
    query: z.object({
      address: V3Param.addresses('Token addresses'),
    }),
    result: resultOf(Subjects.query.metadata),
    run: (p, _s, backend) => {
      const address = required(p, 'address', NO_ADDRESS);
      p.rejectUnknown();
      return backend.forward(Subjects.query.metadata, { address });
    },
  },
  {
    name: 'topAccountsByBalance',
    query: z.object({
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.topAccountsByBalance),
    run: (p, _s, backend) => {
      const req = p.paging(DEFAULT_LIMIT);
      unappliedSort(p);
      p.rejectUnknown();
      return backend.forward(Subjects.query.topAccountsByBalance, req);
    },
  },
  {
    name: 'dns/records',
    query: z.object({
      wallet: V3Param.address('Wallet the records point to').optional(),
      domain: V3Param.text('Domain name').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.dnsRecords),
    run: (p, s, backend) => {
      const req = {
        wallet: p.address('wallet'),
        domain: p.string('domain'),
        ...p.paging(DEFAULT_LIMIT),
        no_address_book: s.noAddressBook,
      };
      unappliedSort(p);
      p.rejectUnknown();
      if (req.wallet === undefined && req.domain === undefined) {
        throw invalid('wallet', 'either wallet address or domain is required');
      }
      if (req.wallet !== undefined && req.domain !== undefined) {
        throw invalid('wallet', 'provide either wallet address or domain, not both');
      }
      return backend.forward(Subjects.query.dnsRecords, req);
    },
  },
  {
    name: 'multisig/wallets',
    query: z.object({
      address: V3Param.addresses('Multisig contracts').optional(),
      wallet_address: V3Param.addresses('Signers or proposers').optional(),
      include_orders: V3Param.bool('Include orders (default true)').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.multisigWallets),
    run: (p, s, backend) => {
      const req = {
        address: p.addresses('address'),
        wallet_address: p.addresses('wallet_address'),
        include_orders: p.bool('include_orders') ?? true,
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      if (req.address === undefined && req.wallet_address === undefined) {
        throw invalid('address', 'At least one of address or wallet_address should be specified');
      }
      return backend.forward(Subjects.query.multisigWallets, req);
    },
  },
  {
    name: 'multisig/orders',
    query: z.object({
      address: V3Param.addresses('Order contracts').optional(),
      multisig_address: V3Param.addresses('Multisig contracts').optional(),
      parse_actions: V3Param.bool('Decode the order actions').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.multisigOrders),
    run: (p, s, backend) => {
      const req = {
        address: p.addresses('address'),
        multisig_address: p.addresses('multisig_address'),
        parse_actions: p.bool('parse_actions') ?? false,
        ...p.paging(DEFAULT_LIMIT),
        sort: p.sort('desc'),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      if (req.address === undefined && req.multisig_address === undefined) {
        throw invalid('address', 'At least one of address or multisig_address should be specified');
      }
      return backend.forward(Subjects.query.multisigOrders, req);
    },
  },
  {
    name: 'vesting',
    query: z.object({
      contract_address: V3Param.addresses('Vesting contracts').optional(),
      wallet_address: V3Param.addresses('Owners').optional(),
      check_whitelist: V3Param.bool('Also match whitelisted addresses').optional(),
      ...limitRequestParams,
    }),
    result: resultOf(Subjects.query.vesting),
    run: (p, s, backend) => {
      const req = {
        contract_address: p.addresses('contract_address'),
        wallet_address: p.addresses('wallet_address'),
        check_whitelist: p.bool('check_whitelist') ?? false,
        ...p.paging(DEFAULT_LIMIT),
        no_address_book: s.noAddressBook,
      };
      unappliedSort(p);
      p.rejectUnknown();
      if (req.contract_address === undefined && req.wallet_address === undefined) {
        throw invalid(
          'contract_address',
          'at least one of contract_address or wallet_address is required',
        );
      }
      if (req.contract_address !== undefined && req.wallet_address !== undefined) {
        throw invalid(
          'contract_address',
          'only one of contract_address or wallet_address should be specified',
        );
      }
      return backend.forward(Subjects.query.vesting, req);
    },
  },
];
