import { z } from 'zod';

/** The results of the address and hash utilities computed in the gateway (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */

const DetectedAddressVariant = z
  .object({
    '@type': z.literal('ext.utils.detectedAddressVariant'),
    b64: z.string(),
    b64url: z.string(),
  })
  .strict();

export const DetectedAddressResult = z
  .object({
    '@type': z.literal('ext.utils.detectedAddress'),
    raw_form: z.string(),
    bounceable: DetectedAddressVariant,
    non_bounceable: DetectedAddressVariant,
    given_type: z.enum(['raw_form', 'friendly_bounceable', 'friendly_non_bounceable']),
    test_only: z.boolean(),
  })
  .strict();

/** packAddress: url-safe friendly form; unpackAddress: raw `wc:HEX`. */
export const AddressStringResult = z.string();

export const DetectedHashResult = z
  .object({
    '@type': z.literal('ext.utils.detectedHash'),
    b64: z.string(),
    b64url: z.string(),
    hex: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
