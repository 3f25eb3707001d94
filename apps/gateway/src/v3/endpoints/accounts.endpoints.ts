import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { DEFAULT_LIMIT, type V3Endpoint } from '../v3-endpoint';
import { pagingParams, resultOf, sortParam, V3Param } from '../v3-schemas';
import { invalid, type V3Params } from '../v3-params';

function required(p: V3Params, name: string): string[] {
  const list = p.addresses(name);
  if (list === undefined) {
    throw invalid(name, `${name} is required`);
  }
  return list;
}

/** dns/records takes 100 by default (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go: the published default of that endpoint). */
const DNS_DEFAULT_LIMIT = 100;

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
      const address = required(p, 'address');
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
    }),
    result: resultOf(Subjects.query.walletStates),
    run: (p, s, backend) => {
      const req = {
        address: required(p, 'address'),
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      };
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
        throw invalid('address', 'address is required');
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
      const address = required(p, 'address');
      p.rejectUnknown();
      return backend.forward(Subjects.query.metadata, { address });
    },
  },
  {
    name: 'topAccountsByBalance',
    query: z.object({
      ...pagingParams,
    }),
    result: resultOf(Subjects.query.topAccountsByBalance),
    run: (p, _s, backend) => {
      const req = p.paging(DEFAULT_LIMIT);
      p.rejectUnknown();
      return backend.forward(Subjects.query.topAccountsByBalance, req);
    },
  },
  {
    name: 'dns/records',
    query: z.object({
      wallet: V3Param.address('Wallet the records point to').optional(),
      domain: V3Param.text('Domain name').optional(),
      ...pagingParams,
    }),
    result: resultOf(Subjects.query.dnsRecords),
    run: (p, s, backend) => {
      const req = {
        wallet: p.address('wallet'),
        domain: p.string('domain'),
        ...p.paging(DNS_DEFAULT_LIMIT),
        no_address_book: s.noAddressBook,
      };
      p.rejectUnknown();
      if ((req.wallet === undefined) === (req.domain === undefined)) {
        throw invalid('wallet', 'exactly one of wallet, domain should be specified');
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
      ...pagingParams,
      ...sortParam,
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
      return backend.forward(Subjects.query.multisigWallets, req);
    },
  },
  {
    name: 'multisig/orders',
    query: z.object({
      address: V3Param.addresses('Order contracts').optional(),
      multisig_address: V3Param.addresses('Multisig contracts').optional(),
      parse_actions: V3Param.bool('Decode the order actions').optional(),
      ...pagingParams,
      ...sortParam,
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
      return backend.forward(Subjects.query.multisigOrders, req);
    },
  },
  {
    name: 'vesting',
    query: z.object({
      contract_address: V3Param.addresses('Vesting contracts').optional(),
      wallet_address: V3Param.addresses('Owners').optional(),
      check_whitelist: V3Param.bool('Also match whitelisted addresses').optional(),
      ...pagingParams,
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
      p.rejectUnknown();
      if ((req.contract_address === undefined) === (req.wallet_address === undefined)) {
        throw invalid(
          'contract_address',
          'exactly one of contract_address, wallet_address should be specified',
        );
      }
      return backend.forward(Subjects.query.vesting, req);
    },
  },
];
