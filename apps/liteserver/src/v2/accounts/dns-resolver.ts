import { type DnsEntry, type DnsResolved, ErrorCode, TonApiError } from '@app/contracts';
import { Address, beginCell, type Cell, Dictionary, type Slice } from '@ton/core';
import {
  decodeDnsName,
  DNS_NEXT_RESOLVER_CATEGORY,
  encodeDnsName,
  readDnsRecord,
} from './dns-records';

/**
 * TEP-81 resolution as tonlib's `dns.resolve` does it (ton-blockchain/ton tonlib/tonlib/TonlibClient.cpp
 * `do_dns_request` and `finish_dns_resolve`, crypto/smc-envelope/ManualDns.cpp `resolve_raw`): each
 * step runs `dnsresolve(name, category)` on one resolver; a partial answer (fewer bytes resolved than
 * asked) with `ttl` left goes on at the next resolver it names, with the rest of the name and ttl − 1.
 */

/** What one `dnsresolve` get-method answered: the bits it resolved and its cell (or null). */
export interface DnsStep {
  readonly exitCode: number;
  readonly resolvedBits: bigint;
  readonly value: Cell | null;
}

/** Runs `dnsresolve` with the encoded name and category on the resolver, at one fixed block. */
export type DnsStepRunner = (
  resolver: Address,
  encodedName: Buffer,
  category: bigint,
) => Promise<DnsStep>;

/** The longest encoded name tonlib passes to `dnsresolve` (DnsInterface::resolve_args_raw). */
const MAX_ENCODED_NAME_BYTES = 127;

function dnsError(message: string): TonApiError {
  // tonlib's own errors of a resolution; 2.1 answers them with its status for tonlib errors.
  return new TonApiError(ErrorCode.TVM_ERROR, message);
}

interface RawEntry {
  readonly name: Buffer;
  readonly category: Buffer;
  readonly record: Cell;
  readonly partial: boolean;
}

/** One step: the raw entries the resolver answered (ManualDns::resolve_raw). */
async function resolveRaw(
  run: DnsStepRunner,
  resolver: Address,
  name: Buffer,
  category: Buffer,
): Promise<RawEntry[]> {
  const encoded = encodeDnsName(name);
  if (encoded.length > MAX_ENCODED_NAME_BYTES) {
    throw dnsError('DNS encoded name is too long');
  }
  const step = await run(resolver, encoded, BigInt(`0x${category.toString('hex')}`));
  if (step.exitCode !== 0 && step.exitCode !== 1) {
    throw dnsError('get method failed');
  }
  if (step.value === null) {
    return [];
  }
  if (step.resolvedBits < 0n || step.resolvedBits > BigInt(encoded.length * 8)) {
    throw dnsError('Prefix size is out of range');
  }
  if (step.resolvedBits % 8n !== 0n) {
    throw dnsError('Prefix size is not divisible by 8');
  }
  const prefix = Number(step.resolvedBits / 8n);
  if (prefix === 0) {
    return [];
  }
  if (prefix < encoded.length) {
    return [
      {
        name: decodeDnsName(encoded.subarray(0, prefix)),
        category: DNS_NEXT_RESOLVER_CATEGORY,
        record: step.value,
        partial: true,
      },
    ];
  }
  if (!category.equals(Buffer.alloc(32))) {
    return [{ name, category, record: step.value, partial: false }];
  }
  return categoryRecords(step.value).map(([key, record]) => ({
    name,
    category: key,
    record,
    partial: false,
  }));
}

/** `HashmapE 256 ^DNSRecord` answered for category 0: every value that is exactly one reference. */
function categoryRecords(dict: Cell): [Buffer, Cell][] {
  const values = {
    serialize: () => {
      throw new Error('read only');
    },
    parse: (slice: Slice): Cell | null =>
      slice.remainingBits === 0 && slice.remainingRefs === 1 ? slice.loadRef() : null,
  };
  let parsed: Dictionary<bigint, Cell | null>;
  try {
    parsed = Dictionary.loadDirect(Dictionary.Keys.BigUint(256), values, dict);
  } catch {
    // Not a dictionary of 256-bit keys: tonlib's check_for_each fails the same way.
    throw dnsError('Invalid DNS category dictionary');
  }
  const out: [Buffer, Cell][] = [];
  for (const [key, record] of parsed) {
    if (record !== null) {
      out.push([Buffer.from(key.toString(16).padStart(64, '0'), 'hex'), record]);
    }
  }
  return out;
}

/**
 * Resolves `name` from `resolver`, following next-resolver answers while `ttl` lasts. The name is
 * given as tonlib receives it from dnsResolve: with its trailing dot (the root's empty component).
 */
export async function resolveDns(
  run: DnsStepRunner,
  resolver: Address,
  name: Buffer,
  category: Buffer,
  ttl: number,
): Promise<DnsResolved> {
  let current = { resolver, name, ttl };
  // Each step resolves at least one more byte of a name of at most 127, so this ends by itself.
  for (;;) {
    const raw = await resolveRaw(run, current.resolver, current.name, category);
    const entries = raw
      .map((entry) => ({ ...entry, data: readDnsRecord(entry.record) }))
      .filter((entry) => entry.data !== undefined);
    const [only] = entries;
    if (entries.length !== 1 || only === undefined || !only.partial || current.ttl <= 0) {
      return {
        '@type': 'dns.resolved',
        entries: entries.map((entry): DnsEntry => ({
          '@type': 'dns.entry',
          name: entry.name.toString('utf8'),
          category: entry.category.toString('base64'),
          // Filtered above: every entry here has its data.
          entry: entry.data ?? assertNever(),
        })),
      };
    }
    current = nextStep(current, only.name, only.data ?? assertNever());
  }
}

function nextStep(
  current: { resolver: Address; name: Buffer; ttl: number },
  resolvedName: Buffer,
  data: NonNullable<ReturnType<typeof readDnsRecord>>,
): { resolver: Address; name: Buffer; ttl: number } {
  const { name } = current;
  if (resolvedName.length > name.length) {
    throw dnsError('domain is too long');
  }
  const suffixStart = name.length - resolvedName.length;
  const suffix = name.subarray(suffixStart);
  if (!suffix.equals(resolvedName)) {
    throw dnsError('domain is not a suffix of the query');
  }
  const prefix = name.subarray(0, suffixStart);
  if (prefix.length > 0 && prefix[prefix.length - 1] !== 0x2e && suffix[0] !== 0x2e) {
    throw dnsError('next resolver error: domain split not at a component boundary ');
  }
  if (data['@type'] !== 'dns.entryDataNextResolver') {
    throw dnsError("dns entry is not 'next resolver'");
  }
  return {
    resolver: Address.parse(data.resolver.account_address),
    name: prefix,
    ttl: current.ttl - 1,
  };
}

function assertNever(): never {
  throw new Error('unreachable');
}

/** The stack `dnsresolve` is called with: the encoded name as a slice, the category as uint256. */
export function dnsResolveArgs(encodedName: Buffer, category: bigint) {
  return [
    { type: 'slice' as const, cell: beginCell().storeBuffer(encodedName).endCell() },
    { type: 'int' as const, value: category },
  ];
}
