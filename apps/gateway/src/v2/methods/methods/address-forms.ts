import { type ParsedAddress } from '@app/ton';
import { type Address } from '@ton/core';

/** One friendly variant as detectAddress renders it: `+/` and `-_` alphabets (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export interface DetectedAddressVariant {
  '@type': 'ext.utils.detectedAddressVariant';
  b64: string;
  b64url: string;
}

export interface DetectedAddress {
  '@type': 'ext.utils.detectedAddress';
  raw_form: string;
  bounceable: DetectedAddressVariant;
  non_bounceable: DetectedAddressVariant;
  given_type: ParsedAddress['form'];
  test_only: boolean;
}

function variant(address: Address, bounceable: boolean, testOnly: boolean): DetectedAddressVariant {
  return {
    '@type': 'ext.utils.detectedAddressVariant',
    b64: address.toString({ urlSafe: false, bounceable, testOnly }),
    b64url: address.toString({ urlSafe: true, bounceable, testOnly }),
  };
}

/**
 * detectAddress (2.1): lowercase raw form, both friendly variants keeping the input's test flag, the
 * form the address was given in
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml).
 */
export function detectAddress(parsed: ParsedAddress): DetectedAddress {
  const { address, testOnly } = parsed;
  return {
    '@type': 'ext.utils.detectedAddress',
    raw_form: `${address.workChain}:${address.hash.toString('hex')}`,
    bounceable: variant(address, true, testOnly),
    non_bounceable: variant(address, false, testOnly),
    given_type: parsed.form,
    test_only: testOnly,
  };
}

/** packAddress (2.1): url-safe friendly with the input's flags; raw input → bounceable mainnet (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function packAddress(parsed: ParsedAddress): string {
  return parsed.address.toString({
    urlSafe: true,
    bounceable: parsed.form !== 'friendly_non_bounceable',
    testOnly: parsed.testOnly,
  });
}

/** unpackAddress (2.1): `wc:HEX` with uppercase hex (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function unpackAddress(parsed: ParsedAddress): string {
  return `${parsed.address.workChain}:${parsed.address.hash.toString('hex').toUpperCase()}`;
}

/** detectHash (2.1): the three spellings of a 256-bit hash (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export function detectHash(hash: Buffer): {
  '@type': 'ext.utils.detectedHash';
  b64: string;
  b64url: string;
  hex: string;
} {
  return {
    '@type': 'ext.utils.detectedHash',
    b64: hash.toString('base64'),
    b64url: hash.toString('base64url'),
    hex: hash.toString('hex'),
  };
}
