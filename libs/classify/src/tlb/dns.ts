/** TEP-81 DNS item messages, as toncenter reads them (`messages/dns.py`). */
import type { Slice } from '@ton/core';
import { DNS, loadFields } from '@app/ton';
import { loadAddr } from './cells';

/** A DNS record value (`DNSRecord`), by its 16-bit schema tag. */
export type DnsRecordValue =
  | { schema: 'DNSNextResolver'; address: string | null }
  | { schema: 'DNSAdnlAddress'; address: Buffer; flags: number }
  | { schema: 'DNSSmcAddress'; address: string | null; flags: number }
  | { schema: 'DNSStorageAddress'; address: Buffer }
  | { schema: 'DNSText'; text: string }
  | { schema: 'Unknown' };

export interface ChangeDnsRecordBody {
  query_id: bigint;
  /** sha256 of the category name; 32 zero bytes for "all records" (renew when there is no value). */
  key: Buffer;
  /** null when the message carries no value ref (delete, or renew with the zero key). */
  value: DnsRecordValue | null;
}

/** `DNS.change_dns_record`, with its value ref read as a DNSRecord (the layout keeps it whole). */
export function parseChangeDnsRecord(s: Slice): ChangeDnsRecordBody {
  const { query_id, key, value } = loadFields(DNS.change_dns_record, s);
  return { query_id, key, value: value === null ? null : parseDnsRecord(value.beginParse()) };
}

/**
 * dns_next_resolver#ba93 resolver:MsgAddressInt; dns_adnl_address#ad01 adnl_addr:bits256 flags:(## 8);
 * dns_smc_address#9fd3 smc_addr:MsgAddressInt flags:(## 8); dns_storage_address#7473 bag_id:bits256;
 * dns_text#1eda chunks:(## 8) then per chunk len:(## 8) bytes. Other tags are `Unknown`.
 */
function parseDnsRecord(v: Slice): DnsRecordValue {
  const schema = v.loadUint(16);
  switch (schema) {
    case 0xba93:
      return { schema: 'DNSNextResolver', address: loadAddr(v) };
    case 0xad01:
      return { schema: 'DNSAdnlAddress', address: v.loadBuffer(32), flags: v.loadUint(8) };
    case 0x9fd3:
      return { schema: 'DNSSmcAddress', address: loadAddr(v), flags: v.loadUint(8) };
    case 0x7473:
      return { schema: 'DNSStorageAddress', address: v.loadBuffer(32) };
    case 0x1eda:
      return { schema: 'DNSText', text: parseDnsText(v) };
    default:
      return { schema: 'Unknown' };
  }
}

/**
 * toncenter reads every chunk from the value cell itself; past the first chunk it takes (and drops) the
 * cell's ref, and a third chunk fails to parse there. Each chunk is read with pytoniq's
 * `load_string(length)`: a length of 0 means "every whole byte left" there, and the bytes are decoded
 * strictly (`bytes.decode()`), so a chunk that is not UTF-8 raises and the record builds no action.
 */
function parseDnsText(v: Slice): string {
  let chunks = v.loadUint(8);
  let text = '';
  let continuations = 0;
  while (chunks > 0) {
    const len = v.loadUint(8);
    text += strictUtf8(v.loadBuffer(len === 0 ? Math.floor(v.remainingBits / 8) : len));
    chunks -= 1;
    if (chunks > 0) {
      if (continuations > 0) {
        throw new Error('DNSText with more than two chunks');
      }
      v.loadRef();
      continuations += 1;
    }
  }
  return text;
}

/** Python's `bytes.decode()`: UTF-8, raising on invalid bytes, a leading BOM kept as U+FEFF. */
function strictUtf8(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
}
