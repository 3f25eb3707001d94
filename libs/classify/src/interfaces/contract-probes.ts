import { createHash } from 'node:crypto';
import { beginCell, type Cell, Dictionary, type DictionaryValue, type Slice } from '@ton/core';
import { DNS_ZONES, type DnsZones } from './dns-zones';
import { type GetMethodRunner } from './get-method.runner';
import { raw, rawOf, shaped } from './probe-stack';

/** A DNS item's domain and its TEP-81 records (toncenter https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models DNSRecord, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp dns_entries). */
export interface DnsEntryState {
  readonly owner: string | null;
  readonly domain: string;
  readonly nextResolver: string | null;
  readonly wallet: string | null;
  readonly siteAdnl: string | null;
  readonly storageBagId: string | null;
}
/** Multisig v2 get_multisig_data. */
export interface MultisigState {
  readonly nextOrderSeqno: bigint;
  readonly threshold: bigint;
  readonly signers: string[];
  readonly proposers: string[];
}
/** Multisig v2 get_order_data; the order fields are null while the order is not initialised. */
export interface MultisigOrderState {
  readonly multisig: string;
  readonly orderSeqno: bigint;
  readonly threshold: bigint | null;
  readonly sentForExecution: boolean | null;
  readonly approvalsMask: bigint | null;
  readonly approvalsNum: bigint | null;
  readonly expirationDate: bigint | null;
  readonly orderBoc: string | null;
  readonly signers: string[] | null;
}
/** Vesting wallet get_vesting_data, with the whitelist dictionary read into addresses. */
export interface VestingState {
  readonly startTime: bigint;
  readonly totalDuration: bigint;
  readonly unlockPeriod: bigint;
  readonly cliffDuration: bigint;
  readonly totalAmount: bigint;
  readonly sender: string | null;
  readonly owner: string | null;
  readonly whitelist: string[];
}

/** TEP-81 record categories are the sha256 of their names. */
const category = (name: string): bigint =>
  BigInt(`0x${createHash('sha256').update(name).digest('hex')}`);
const CATEGORY = {
  wallet: category('wallet'),
  nextResolver: category('dns_next_resolver'),
  site: category('site'),
  storage: category('storage'),
} as const;
/** TEP-81 record tags (16-bit prefixes of the DNSRecord constructors). */
const TAG = {
  smcAddress: 0x9fd3, // dns_smc_address
  nextResolver: 0xba93, // dns_next_resolver
  adnlAddress: 0xad01, // dns_adnl_address
  storageAddress: 0x7473, // dns_storage_address
} as const;

/** `Hashmap 8 MsgAddressInt` (multisig signers and proposers) → addresses by index. */
function members(cell: Cell | null): string[] {
  if (cell === null) {
    return [];
  }
  const dict = Dictionary.loadDirect(Dictionary.Keys.Uint(8), Dictionary.Values.Address(), cell);
  return [...dict].sort(([a], [b]) => a - b).map(([, address]) => rawOf(address));
}

/** A `HashmapE 267 True` value: nothing stored, presence is the value. */
const PRESENT: DictionaryValue<true> = {
  serialize: () => undefined,
  parse: () => true,
};

/** The vesting whitelist, keyed by the 267-bit MsgAddressInt of each address. */
function whitelist(cell: Cell | null): string[] {
  if (cell === null) {
    return [];
  }
  const dict = Dictionary.loadDirect(Dictionary.Keys.BigUint(267), PRESENT, cell);
  return dict
    .keys()
    .map((key) => rawOf(beginCell().storeUint(key, 267).endCell().beginParse().loadAddress()))
    .sort();
}

/** A record of the expected tag, read by `read`; null when absent or of another kind. */
function record<T>(
  records: Dictionary<bigint, Cell>,
  key: bigint,
  tag: number,
  read: (value: Slice) => T,
): T | null {
  const cell = records.get(key);
  if (cell === undefined) {
    return null;
  }
  try {
    const s = cell.beginParse();
    return s.loadUint(16) === tag ? read(s) : null;
  } catch {
    // A record too short for its tag or its fields is not a record of this kind: null, as an
    // absent one (TEP-81 DNSRecord).
    return null;
  }
}

const hex256 = (s: Slice): string => s.loadBuffer(32).toString('hex').toUpperCase();

/**
 * The get-methods of DNS items (TEP-81), multisig v2 wallets and orders and vesting wallets (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces
 * "Also: …"), run at a masterchain block. Each probe answers null when the account does not
 * implement the interface.
 */
export class ContractProbes {
  /** `zones`: the DNS collections of the deployment's network (default mainnet's, see DNS_ZONES). */
  constructor(
    private readonly methods: GetMethodRunner,
    private readonly zones: DnsZones = DNS_ZONES.mainnet,
  ) {}

  /**
   * A DNS item: an NFT item of one of this network's DNS collections (`.ton`, Telegram usernames),
   * or a standalone resolver holding one domain (the localnet's DNS-like item) answering
   * `get_domain`; its records come from `dnsresolve("\0", 0)`, the dictionary of all its own
   * records.
   */
  async dnsItem(address: string, mcSeqno: number): Promise<DnsEntryState | null> {
    const nft = await this.methods.run(address, 'get_nft_data', [], mcSeqno);
    const item = shaped(nft.stack, (s) => {
      s.readBigNumber(); // init
      return {
        index: s.readBigNumber(),
        collection: raw(s.readAddressOpt()),
        owner: raw(s.readAddressOpt()),
      };
    });
    let domain: string | null;
    let owner: string | null;
    if (item !== null && item.collection !== null) {
      domain = await this.zoneDomain(address, item.collection, item.index, mcSeqno);
      owner = item.owner;
    } else {
      domain = await this.ownDomain(address, mcSeqno);
      if (item !== null) {
        owner = item.owner;
      } else {
        const answer = await this.methods.run(address, 'get_owner_address', [], mcSeqno);
        owner = shaped(answer.stack, (s) => raw(s.readAddressOpt()));
      }
    }
    if (domain === null) {
      return null;
    }
    const resolved = await this.methods.run(
      address,
      'dnsresolve',
      [
        { type: 'slice', cell: beginCell().storeUint(0, 8).endCell() },
        { type: 'int', value: 0n },
      ],
      mcSeqno,
    );
    const dict = shaped(resolved.stack, (s) => {
      // "\0" is 8 bits, all resolved by the item itself: toncenter (get_dns_entry_data) takes no
      // other count.
      if (s.readBigNumber() !== 8n) {
        return null;
      }
      const cell = s.readCellOpt();
      return cell === null
        ? Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell())
        : Dictionary.loadDirect(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell(), cell);
    });
    if (dict === null) {
      return null; // not a TEP-81 resolver
    }
    return {
      owner,
      domain,
      wallet: record(dict, CATEGORY.wallet, TAG.smcAddress, (s) => raw(s.loadAddress())),
      nextResolver: record(dict, CATEGORY.nextResolver, TAG.nextResolver, (s) =>
        raw(s.loadAddress()),
      ),
      siteAdnl: record(dict, CATEGORY.site, TAG.adnlAddress, hex256),
      storageBagId: record(dict, CATEGORY.storage, TAG.storageAddress, hex256),
    };
  }

  /**
   * The domain of an item of `collection`, as toncenter reads it (index worker, NftItemDetectorR):
   * only for the DNS collections, and only once the collection derives this address for the item's
   * index (get_nft_address_by_index), so nobody can mint a look-alike "alice.ton" of their own.
   */
  private async zoneDomain(
    address: string,
    collection: string,
    index: bigint,
    mcSeqno: number,
  ): Promise<string | null> {
    const zone = this.zones.get(collection);
    if (zone === undefined) {
      return null; // an NFT outside the DNS collections
    }
    const derived = await this.methods.run(
      collection,
      'get_nft_address_by_index',
      [{ type: 'int', value: index }],
      mcSeqno,
    );
    if (shaped(derived.stack, (s) => raw(s.readAddressOpt())) !== address) {
      return null;
    }
    const named = await this.methods.run(address, zone.method, [], mcSeqno);
    return shaped(named.stack, (s) => zone.domain(s.readCell().beginParse()));
  }

  /** The name a contract outside any collection gives itself with `get_domain`, taken as it is. */
  private async ownDomain(address: string, mcSeqno: number): Promise<string | null> {
    const named = await this.methods.run(address, 'get_domain', [], mcSeqno);
    const name = shaped(named.stack, (s) => s.readCell().beginParse().loadStringTail());
    return name === null || name === '' ? null : name;
  }

  /** Multisig v2 get_multisig_data → (next_order_seqno, threshold, signers, proposers). */
  async multisig(address: string, mcSeqno: number): Promise<MultisigState | null> {
    const data = await this.methods.run(address, 'get_multisig_data', [], mcSeqno);
    return shaped(data.stack, (s) => {
      const nextOrderSeqno = s.readBigNumber();
      const threshold = s.readBigNumber();
      const signers = s.readCellOpt();
      const proposers = s.readCellOpt();
      if (signers === null || s.remaining !== 0) {
        return null;
      }
      return {
        nextOrderSeqno,
        threshold,
        signers: members(signers),
        proposers: members(proposers),
      };
    });
  }

  /**
   * Multisig v2 get_order_data → (multisig, order_seqno, threshold, sent_for_execution, signers,
   * approvals_mask, approvals_num, expiration_date, order), verified with the multisig's
   * `get_order_address(order_seqno)`.
   */
  async multisigOrder(address: string, mcSeqno: number): Promise<MultisigOrderState | null> {
    const data = await this.methods.run(address, 'get_order_data', [], mcSeqno);
    const order = shaped(data.stack, (s) => {
      const multisig = raw(s.readAddressOpt());
      const orderSeqno = s.readBigNumber();
      const threshold = s.readBigNumberOpt();
      const executed = s.readBigNumberOpt();
      const signers = s.readCellOpt();
      const approvalsMask = s.readBigNumberOpt();
      const approvalsNum = s.readBigNumberOpt();
      const expirationDate = s.readBigNumberOpt();
      const body = s.readCellOpt();
      if (multisig === null || s.remaining !== 0) {
        return null;
      }
      return {
        multisig,
        orderSeqno,
        threshold,
        sentForExecution: executed === null ? null : executed !== 0n,
        approvalsMask,
        approvalsNum,
        expirationDate,
        orderBoc: body === null ? null : body.toBoc().toString('base64'),
        signers: signers === null ? null : members(signers),
      };
    });
    if (order === null) {
      return null;
    }
    const derived = await this.methods.run(
      order.multisig,
      'get_order_address',
      [{ type: 'int', value: order.orderSeqno }],
      mcSeqno,
    );
    const expected = shaped(derived.stack, (s) => raw(s.readAddressOpt()));
    return expected === address ? order : null;
  }

  /** Vesting wallet get_vesting_data → (start, duration, unlock period, cliff, amount, sender, owner, whitelist). */
  async vesting(address: string, mcSeqno: number): Promise<VestingState | null> {
    const data = await this.methods.run(address, 'get_vesting_data', [], mcSeqno);
    return shaped(data.stack, (s) => {
      const state = {
        startTime: s.readBigNumber(),
        totalDuration: s.readBigNumber(),
        unlockPeriod: s.readBigNumber(),
        cliffDuration: s.readBigNumber(),
        totalAmount: s.readBigNumber(),
        sender: raw(s.readAddressOpt()),
        owner: raw(s.readAddressOpt()),
        whitelist: whitelist(s.readCellOpt()),
      };
      return s.remaining === 0 ? state : null;
    });
  }
}
