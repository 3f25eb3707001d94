import { createHash } from 'node:crypto';
import { type DnsEntryData } from '@app/contracts';
import { type Address, type Cell, type Slice } from '@ton/core';

/**
 * TEP-81 names and records as tonlib reads them (ton-blockchain/ton crypto/smc-envelope/ManualDns.cpp:
 * DnsInterface::encode_name, decode_name, EntryData::from_cellslice; crypto/block/block.tlb DNSRecord).
 */

/** A category is sha256 of its name; `dns_next_resolver` is the one a partial resolution answers. */
export function dnsCategoryOf(name: string): Buffer {
  return createHash('sha256').update(name, 'utf8').digest();
}

export const DNS_NEXT_RESOLVER_CATEGORY = dnsCategoryOf('dns_next_resolver');

/**
 * `a.b.ton.` → `\0ton\0b\0a\0`: components from the last to the first, each followed by a zero byte
 * (an empty last component, the root's, is the leading zero byte); `` and `.` are `\0`.
 */
export function encodeDnsName(name: Buffer): Buffer {
  if (name.length === 0 || (name.length === 1 && name[0] === 0x2e)) {
    return Buffer.from([0]);
  }
  const parts: Buffer[] = [];
  let rest = name;
  while (rest.length > 0) {
    const dot = rest.lastIndexOf(0x2e);
    parts.push(dot < 0 ? rest : rest.subarray(dot + 1), Buffer.from([0]));
    rest = dot < 0 ? Buffer.alloc(0) : rest.subarray(0, dot);
  }
  return Buffer.concat(parts);
}

/** The inverse of encodeDnsName for a resolved prefix: `\0ton\0` → `.ton.`. */
export function decodeDnsName(encoded: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = encoded;
  while (rest.length > 0) {
    const zero = rest.lastIndexOf(0);
    if (zero < 0) {
      parts.push(rest);
      rest = Buffer.alloc(0);
    } else {
      parts.push(rest.subarray(zero + 1), Buffer.from('.'));
      rest = rest.subarray(0, zero);
    }
  }
  return Buffer.concat(parts);
}

/** tonlib's `td::adnl_id_encode`: base32 of 0x2d, the id and its CRC16, less the first letter. */
export function adnlIdEncode(id: Buffer): string {
  const buf = Buffer.concat([Buffer.from([0x2d]), id, Buffer.alloc(2)]);
  buf.writeUInt16BE(crc16(buf.subarray(0, 33)), 33);
  return base32(buf).slice(1);
}

/** CRC-16/XMODEM (td::crc16). */
function crc16(data: Buffer): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function base32(data: Buffer): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of data) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += alphabet.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) {
    out += alphabet.charAt((value << (5 - bits)) & 31);
  }
  return out;
}

/** The most bytes a `dns_text` record may hold (vm::CellText's max_bytes). */
const MAX_TEXT_BYTES = 1024;

/** `text$_ chunks:(## 8) rest:(TextChunks chunks)`, each chunk `len:(## 8) data:(bits len*8)`. */
function loadText(slice: Slice): string {
  const chunks = slice.loadUint(8);
  const bytes: Buffer[] = [];
  let total = 0;
  let current = slice;
  for (let i = 0; i < chunks; i++) {
    const len = current.loadUint(8);
    total += len;
    if (total > MAX_TEXT_BYTES) {
      throw new Error('String is too long');
    }
    bytes.push(current.loadBuffer(len));
    if (i + 1 < chunks) {
      current = current.loadRef().beginParse();
    }
  }
  return Buffer.concat(bytes).toString('utf8');
}

function accountAddress(address: Address): { '@type': 'accountAddress'; account_address: string } {
  return {
    '@type': 'accountAddress',
    account_address: address.toString({ bounceable: true, urlSafe: true }),
  };
}

/**
 * A DNSRecord as tonlib's `dns.EntryData`, or undefined for what tonlib cannot read (an unknown
 * tag, a truncated record, a non-standard address): tonlib leaves such a record out.
 */
export function readDnsRecord(record: Cell): DnsEntryData | undefined {
  try {
    const slice = record.beginParse();
    const tag = slice.loadUint(16);
    switch (tag) {
      case 0x1eda:
        return { '@type': 'dns.entryDataText', text: loadText(slice) };
      case 0xba93:
        return {
          '@type': 'dns.entryDataNextResolver',
          resolver: accountAddress(slice.loadAddress()),
        };
      case 0x9fd3:
        return {
          '@type': 'dns.entryDataSmcAddress',
          smc_address: accountAddress(slice.loadAddress()),
        };
      case 0xad01:
        return {
          '@type': 'dns.entryDataAdnlAddress',
          adnl_address: {
            '@type': 'adnlAddress',
            adnl_address: adnlIdEncode(slice.loadBuffer(32)),
          },
        };
      case 0x7473:
        return {
          '@type': 'dns.entryDataStorageAddress',
          bag_id: slice.loadBuffer(32).toString('hex'),
        };
      default:
        return undefined;
    }
  } catch {
    // A record the TL-B reader cannot follow to its end is one tonlib leaves out too.
    return undefined;
  }
}
