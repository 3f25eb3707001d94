import {
  type Address,
  beginCell,
  type Cell,
  type ContractProvider,
  Dictionary,
  type Sender,
} from '@ton/core';

import { contractCode } from './compile-contract';
import { LocalContract, sendInternal } from './local-contract';
import { contentKey, snakeText } from './tep64-content';
import { DNS } from '@app/ton';

/** TEP-81 record categories are sha256 of their names ("wallet", "site", "dns_next_resolver", ...). */
export const dnsCategory = contentKey;

/** TEP-81 `dns_smc_address#9fd3 smc_addr:MsgAddressInt flags:(## 8) { flags <= 1 } cap_list:flags . 0?SmcCapList`. */
export function dnsSmcAddressRecord(address: Address): Cell {
  return beginCell().storeUint(0x9fd3, 16).storeAddress(address).storeUint(0, 8).endCell();
}

/** Reads the address of a `dns_smc_address` record. */
export function readDnsSmcAddressRecord(record: Cell): Address {
  const slice = record.beginParse();
  const tag = slice.loadUint(16);
  if (tag !== 0x9fd3) {
    throw new Error(`not a dns_smc_address record: tag 0x${tag.toString(16)}`);
  }
  return slice.loadAddress();
}

export interface DnsItemConfig {
  readonly owner: Address;
  readonly domain: string;
  readonly records?: ReadonlyMap<bigint, Cell>;
}

/** TEP-81 dnsresolve answer. */
export interface DnsResolution {
  readonly resolvedBits: number;
  readonly value: Cell | null;
}

/** The local DNS-like item (FunC source in ./func/dns-item.fc.ts). */
export class DnsItem extends LocalContract {
  /** Data: owner_address:MsgAddress domain:^Cell records:(HashmapE 256 ^DNSRecord). */
  static async createFromConfig(config: DnsItemConfig, workchain = 0): Promise<DnsItem> {
    const code = await contractCode('dns-item');
    const records = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
    for (const [key, value] of config.records ?? new Map<bigint, Cell>()) {
      records.set(key, value);
    }
    const data = beginCell()
      .storeAddress(config.owner)
      .storeRef(snakeText(config.domain))
      .storeDict(records)
      .endCell();
    return DnsItem.fromInit(code, data, workchain);
  }

  /**
   * `DNS.change_dns_record` (TEP-81): query_id:uint64 key:uint256 value:(Maybe ^DNSRecord); null
   * deletes. Built by hand: the registry reads value as "a ref if one is left" (the item contract
   * ignores the Maybe bit), so storing from it would drop the bit TEP-81 lays out.
   */
  static changeRecordBody(key: bigint, value: Cell | null, queryId = 0n): Cell {
    return beginCell()
      .storeUint(DNS.change_dns_record.opcode, 32)
      .storeUint(queryId, 64)
      .storeUint(key, 256)
      .storeMaybeRef(value)
      .endCell();
  }

  async sendChangeRecord(
    provider: ContractProvider,
    via: Sender,
    value: bigint,
    key: bigint,
    record: Cell | null,
  ): Promise<void> {
    await sendInternal(provider, via, value, DnsItem.changeRecordBody(key, record));
  }

  /** TEP-81 dnsresolve(subdomain, category); `subdomain` is in internal form ("\0" = this domain). */
  async getResolve(
    provider: ContractProvider,
    subdomain: Buffer,
    category: bigint,
  ): Promise<DnsResolution> {
    const { stack } = await provider.get('dnsresolve', [
      { type: 'slice', cell: beginCell().storeBuffer(subdomain).endCell() },
      { type: 'int', value: category },
    ]);
    return { resolvedBits: stack.readNumber(), value: stack.readCellOpt() };
  }

  async getDomain(provider: ContractProvider): Promise<string> {
    const { stack } = await provider.get('get_domain', []);
    return stack.readCell().beginParse().loadStringTail();
  }

  async getOwnerAddress(provider: ContractProvider): Promise<Address> {
    const { stack } = await provider.get('get_owner_address', []);
    return stack.readAddress();
  }
}
