import { Address } from '@ton/core';

/** How a user wrote an address (toncenter's detectAddress `given_type`). */
export type AddressForm = 'raw_form' | 'friendly_bounceable' | 'friendly_non_bounceable';

export interface ParsedAddress {
  readonly address: Address;
  readonly form: AddressForm;
  readonly testOnly: boolean;
}

const RAW = /^(-?\d{1,10}):([0-9a-fA-F]{64})$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;

/**
 * Parses an address as toncenter 2.1 accepts it (`ton_addr`): raw `wc:hex` in any case, or the 48-char
 * friendly form in base64 or base64url, bounceable or not, with or without the test-only flag. Returns
 * undefined for anything else; callers turn that into their API's error (2.1: 422
 * `Failed to parse ton_addr: '<input>'`). The 2.0 quirk of reading a bare 64-hex string as a masterchain
 * address is deliberately not kept: it silently picks a workchain the caller never named.
 */
export function parseAddress(input: string): ParsedAddress | undefined {
  const raw = RAW.exec(input);
  if (raw) {
    const workchain = Number(raw[1]);
    // Only the basechain and the masterchain exist; a larger id would not fit the int8 of addr_std.
    if (workchain !== 0 && workchain !== -1) {
      return undefined;
    }
    return {
      address: new Address(workchain, Buffer.from(raw[2] ?? '', 'hex')),
      form: 'raw_form',
      testOnly: false,
    };
  }
  if (!FRIENDLY.test(input)) {
    return undefined;
  }
  try {
    const friendly = Address.parseFriendly(input);
    return {
      address: friendly.address,
      form: friendly.isBounceable ? 'friendly_bounceable' : 'friendly_non_bounceable',
      testOnly: friendly.isTestOnly,
    };
  } catch {
    // A bad checksum or tag is a parse failure like any other; the caller reports the input.
    return undefined;
  }
}

/** `wc:hex` with lowercase hex, the raw form toncenter uses in getBlockTransactions and detectAddress. */
export function toRawAddress(address: Address): string {
  return `${address.workChain}:${address.hash.toString('hex')}`;
}
