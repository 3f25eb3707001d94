import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import {
  AddressStringResult,
  DetectedAddressResult,
  DetectedHashResult,
} from './address-utils.schemas';
import { V2Param } from '../../v2-schemas';

const ADDRESS_PARAMS = z.object({ address: V2Param.address() });
import { requiredParsedAddress } from '../../params/methods.params';
import { optionalHash, validationError } from '../../v2-params';
import {
  detectAddress as detect,
  detectHash as detectHashForms,
  packAddress as pack,
  unpackAddress as unpack,
} from './address-forms';

/** Address and hash utilities, computed in the gateway without a liteserver (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */

export const detectAddress = defineV2Method({
  name: 'detectAddress',
  verbs: ['GET', 'POST'],
  params: ADDRESS_PARAMS,
  result: DetectedAddressResult,
  parse: (raw, source) => requiredParsedAddress(raw, 'address', source),
  handle: (parsed) => Promise.resolve(detect(parsed)),
});

export const packAddress = defineV2Method({
  name: 'packAddress',
  verbs: ['GET', 'POST'],
  params: ADDRESS_PARAMS,
  result: AddressStringResult,
  parse: (raw, source) => requiredParsedAddress(raw, 'address', source),
  handle: (parsed) => Promise.resolve(pack(parsed)),
});

export const unpackAddress = defineV2Method({
  name: 'unpackAddress',
  verbs: ['GET', 'POST'],
  params: ADDRESS_PARAMS,
  result: AddressStringResult,
  parse: (raw, source) => requiredParsedAddress(raw, 'address', source),
  handle: (parsed) => Promise.resolve(unpack(parsed)),
});

export const detectHash = defineV2Method({
  name: 'detectHash',
  verbs: ['GET', 'POST'],
  params: z.object({ hash: V2Param.hash('A 256-bit hash in any form') }),
  result: DetectedHashResult,
  parse: (raw, source) => {
    const hash = optionalHash(raw, 'hash', source);
    if (!hash) {
      throw validationError('empty hash', 'hash');
    }
    return hash;
  },
  handle: (hash) => Promise.resolve(detectHashForms(hash)),
});
