import { Subjects } from '@app/contracts';
import { defineV3Endpoint, type V3Endpoint } from '../v3-endpoint';
import { PAGING_FIELDS, V3Fields } from '../v3-fields';
import { invalid } from '../v3-params';
import { resultOf } from '../v3-schemas';

const NO_ACCOUNT = 'address of account is required';
const NO_ADDRESS = 'at least 1 address required';

/**
 * `sort` where toncenter parses it with limit and offset but never orders by it: checked like
 * everywhere else, then not applied.
 */
const UNAPPLIED_SORT = { sort: V3Fields.sort(undefined) };

/**
 * accountStates, walletStates, addressBook, metadata, topAccountsByBalance
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml); dns/records,
 * multisig/wallets, multisig/orders, vesting.
 */
export const ACCOUNT_ENDPOINTS: readonly V3Endpoint[] = [
  defineV3Endpoint({
    name: 'accountStates',
    fields: {
      address: V3Fields.requiredAddresses('Accounts', NO_ACCOUNT),
      code_hash: V3Fields.hashes('Only accounts with these code hashes'),
      include_boc: V3Fields.flag(true, 'Include code and data (default true)'),
    },
    result: resultOf(Subjects.query.accountStates),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.accountStates, {
        ...q,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      }),
  }),
  defineV3Endpoint({
    name: 'walletStates',
    fields: {
      address: V3Fields.requiredAddresses('Wallet accounts', NO_ACCOUNT),
      code_hash: V3Fields.hashes('Only accounts with these code hashes'),
      // toncenter parses its accountStates request here; include_boc=false would hide the data its
      // wallet fields come from, so it is checked and not applied.
      include_boc: V3Fields.bool(
        'Accepted and not applied: the wallet fields are read from the data',
      ),
    },
    result: resultOf(Subjects.query.walletStates),
    run: (q, s, backend) =>
      backend.forward(Subjects.query.walletStates, {
        address: q.address,
        code_hash: q.code_hash,
        no_address_book: s.noAddressBook,
        no_metadata: s.noMetadata,
      }),
  }),
  defineV3Endpoint({
    name: 'addressBook',
    fields: {
      address: V3Fields.addressEntries('Addresses in any form', NO_ADDRESS),
    },
    result: resultOf(Subjects.query.addressBook),
    run: (q, _s, backend) => backend.forward(Subjects.query.addressBook, { entries: q.address }),
  }),
  defineV3Endpoint({
    name: 'metadata',
    fields: {
      address: V3Fields.requiredAddresses('Token addresses', NO_ADDRESS),
    },
    result: resultOf(Subjects.query.metadata),
    run: (q, _s, backend) => backend.forward(Subjects.query.metadata, q),
  }),
  defineV3Endpoint({
    name: 'topAccountsByBalance',
    fields: { ...PAGING_FIELDS, ...UNAPPLIED_SORT },
    result: resultOf(Subjects.query.topAccountsByBalance),
    run: (q, _s, backend) =>
      backend.forward(Subjects.query.topAccountsByBalance, { limit: q.limit, offset: q.offset }),
  }),
  defineV3Endpoint({
    name: 'dns/records',
    fields: {
      wallet: V3Fields.address('Wallet the records point to'),
      domain: V3Fields.text('Domain name'),
      ...PAGING_FIELDS,
      ...UNAPPLIED_SORT,
    },
    result: resultOf(Subjects.query.dnsRecords),
    run: (q, s, backend) => {
      if (q.wallet === undefined && q.domain === undefined) {
        throw invalid('wallet', 'either wallet address or domain is required');
      }
      if (q.wallet !== undefined && q.domain !== undefined) {
        throw invalid('wallet', 'provide either wallet address or domain, not both');
      }
      return backend.forward(Subjects.query.dnsRecords, {
        wallet: q.wallet,
        domain: q.domain,
        limit: q.limit,
        offset: q.offset,
        no_address_book: s.noAddressBook,
      });
    },
  }),
  defineV3Endpoint({
    name: 'multisig/wallets',
    fields: {
      address: V3Fields.addresses('Multisig contracts'),
      wallet_address: V3Fields.addresses('Signers or proposers'),
      include_orders: V3Fields.flag(true, 'Include orders (default true)'),
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.multisigWallets),
    run: (q, s, backend) => {
      if (q.address === undefined && q.wallet_address === undefined) {
        throw invalid('address', 'At least one of address or wallet_address should be specified');
      }
      return backend.forward(Subjects.query.multisigWallets, {
        ...q,
        no_address_book: s.noAddressBook,
      });
    },
  }),
  defineV3Endpoint({
    name: 'multisig/orders',
    fields: {
      address: V3Fields.addresses('Order contracts'),
      multisig_address: V3Fields.addresses('Multisig contracts'),
      parse_actions: V3Fields.flag(false, 'Decode the order actions'),
      ...PAGING_FIELDS,
      sort: V3Fields.sort('desc'),
    },
    result: resultOf(Subjects.query.multisigOrders),
    run: (q, s, backend) => {
      if (q.address === undefined && q.multisig_address === undefined) {
        throw invalid('address', 'At least one of address or multisig_address should be specified');
      }
      return backend.forward(Subjects.query.multisigOrders, {
        ...q,
        no_address_book: s.noAddressBook,
      });
    },
  }),
  defineV3Endpoint({
    name: 'vesting',
    fields: {
      contract_address: V3Fields.addresses('Vesting contracts'),
      wallet_address: V3Fields.addresses('Owners'),
      check_whitelist: V3Fields.flag(false, 'Also match whitelisted addresses'),
      ...PAGING_FIELDS,
      ...UNAPPLIED_SORT,
    },
    result: resultOf(Subjects.query.vesting),
    run: (q, s, backend) => {
      if (q.contract_address === undefined && q.wallet_address === undefined) {
        throw invalid(
          'contract_address',
          'at least one of contract_address or wallet_address is required',
        );
      }
      if (q.contract_address !== undefined && q.wallet_address !== undefined) {
        throw invalid(
          'contract_address',
          'only one of contract_address or wallet_address should be specified',
        );
      }
      return backend.forward(Subjects.query.vesting, {
        contract_address: q.contract_address,
        wallet_address: q.wallet_address,
        check_whitelist: q.check_whitelist,
        limit: q.limit,
        offset: q.offset,
        no_address_book: s.noAddressBook,
      });
    },
  }),
];
