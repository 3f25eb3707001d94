import { Address, Cell, ExternalAddress, type Slice } from '@ton/core';
import {
  type FieldList,
  type LoadedFields,
  loadLeadingFields,
  type TlbConstructor,
  untagged,
} from '@app/ton';

/** Parses a base64 BoC with one root (a message body as `message_contents` stores it). */
export function parseBoc(b64: string): Cell {
  const roots = Cell.fromBoc(Buffer.from(b64, 'base64'));
  const root = roots[0];
  if (!root || roots.length !== 1) {
    throw new Error('expected a BoC with one root');
  }
  return root;
}

/** The body slice of a message body BoC. */
export function bodySlice(b64: string | null): Slice {
  if (b64 === null) {
    throw new Error('message body is not stored');
  }
  return parseBoc(b64).beginParse();
}

/** toncenter's address form: raw `wc:HEX`, upper-case (AccountId.as_str()). */
export function rawAddress(a: Address): string {
  return `${a.workChain}:${a.hash.toString('hex').toUpperCase()}`;
}

/**
 * Reads any MsgAddress as pytoniq-core 0.1.40 (pinned by ton-indexer) does: its `load_address` raises
 * on an addr_extern of length 0 (`load_uint(0)` gives bitarray's `ba2int` an empty bitarray) and on an
 * addr_var (https://github.com/yungwine/pytoniq-core, `pytoniq_core/boc/slice.py` at the 0.1.40
 * release, commit 894d498); @ton/core refuses the addr_var too.
 */
export function loadAddressAsPytoniq(s: Slice): Address | ExternalAddress | null {
  if (s.remainingBits >= 11 && s.preloadUint(2) === 1 && s.preloadUint(11) === 1 << 9) {
    throw new Error('addr_extern of length 0');
  }
  return s.loadAddressAny();
}

/**
 * Reads a MsgAddress (pytoniq `load_address`): addr_none → null, an internal address → raw string.
 * External addresses are not account ids (toncenter's AccountId refuses them), so they throw.
 */
export function loadAddr(s: Slice): string | null {
  const a = loadAddressAsPytoniq(s);
  if (a === null) {
    return null;
  }
  if (a instanceof ExternalAddress) {
    throw new Error('external address where an account was expected');
  }
  return rawAddress(a);
}

/**
 * Reads a MsgAddress where any kind may stand (pytoniq `load_address` reads addr_extern too): an
 * external address gives null, as it names no account.
 */
export function loadAddrOrExternal(s: Slice): string | null {
  const a = loadAddressAsPytoniq(s);
  return a === null || a instanceof ExternalAddress ? null : rawAddress(a);
}

/** Reads an address that must be present. */
export function loadAddrStrict(s: Slice): string {
  const a = loadAddr(s);
  if (a === null) {
    throw new Error('addr_none where an address was expected');
  }
  return a;
}

/** Reads the rest of the slice and its first-ref chain as bytes (pytoniq `load_snake_bytes`). */
export function loadSnakeBytes(s: Slice): Buffer {
  const parts: Buffer[] = [];
  let cur: Slice | null = s;
  while (cur) {
    const bits = cur.remainingBits;
    if (bits % 8 !== 0) {
      throw new Error('snake data is not byte-aligned');
    }
    parts.push(cur.loadBuffer(bits / 8));
    cur = cur.remainingRefs > 0 ? cur.loadRef().beginParse() : null;
  }
  return Buffer.concat(parts);
}

/** `Maybe ^Cell`. */
export function loadMaybeRef(s: Slice): Cell | null {
  return s.loadBit() ? s.loadRef() : null;
}

/** A cell as base64 BoC, with CRC32C like pytoniq's `to_boc(hash_crc32=True)` or without. */
export function bocBase64(cell: Cell, crc32: boolean): string {
  return cell.toBoc({ idx: false, crc32 }).toString('base64');
}

/** The remaining bits and refs of a slice as a cell. */
export function sliceToCell(s: Slice): Cell {
  return s.clone().asCell();
}

/**
 * Decodes bytes as UTF-8 the way toncenter does (`errors='backslashreplace'`, NULs removed). Python's
 * decoder keeps a leading byte order mark as U+FEFF, where a TextDecoder drops it unless told not to.
 */
export function decodeComment(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not valid UTF-8 (the fatal decoder throws): escaped byte by byte as Python's
    // errors='backslashreplace' does.
    text = backslashReplace(bytes);
  }
  return text.split('\u0000').join('');
}

/** Python's backslashreplace: bytes that are not valid UTF-8 become `\xNN`. */
function backslashReplace(bytes: Buffer): string {
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const len =
      b < 0x80
        ? 1
        : b >= 0xc2 && b < 0xe0
          ? 2
          : b >= 0xe0 && b < 0xf0
            ? 3
            : b >= 0xf0 && b < 0xf5
              ? 4
              : 0;
    if (len > 0 && i + len <= bytes.length) {
      try {
        out += strict.decode(bytes.subarray(i, i + len));
        i += len;
        continue;
      } catch {
        // an invalid sequence: escape its first byte
      }
    }
    out += `\\x${b.toString(16).padStart(2, '0')}`;
    i++;
  }
  return out;
}

/**
 * `k`'s fields read after whatever opcode the body has, which this skips: toncenter reads some bodies
 * by layout alone (an Ethena timelocked transfer as a jetton internal_transfer, any signed external as
 * a wallet v5r1 request), and the callers have matched the opcode when it matters.
 */
export function afterAnyOpcode<F extends FieldList>(
  k: TlbConstructor<F>,
  s: Slice,
): TlbConstructor<F> {
  s.skip(32);
  return untagged(k.name, k.fields);
}

/**
 * The leading fields (up to the last of `names`) of a structure nested in a constructor, such as a
 * `ref({…})` field read from its cell: for readers that stop inside it where toncenter stops.
 */
export function loadLeadingStructFields<F extends FieldList, K extends keyof F & string>(
  struct: { readonly fields: F },
  s: Slice,
  names: readonly K[],
): Pick<LoadedFields<F>, K> {
  return loadLeadingFields(untagged('nested', struct.fields), s, names);
}

export { Address };
