import { defineV2Method } from '../../v2-method';
import {
  AddressStringResult,
  DetectedAddressResult,
  DetectedHashResult,
} from './address-utils.schemas';
import { V2Fields } from '../../v2-fields';
import {
  detectAddress as detect,
  detectHash as detectHashForms,
  packAddress as pack,
  unpackAddress as unpack,
} from './address-forms';

const ADDRESS_FIELDS = { address: V2Fields.parsedAddress() };

/** Address and hash utilities, computed in the gateway without a liteserver (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */

export const detectAddress = defineV2Method({
  name: 'detectAddress',
  verbs: ['GET', 'POST'],
  fields: ADDRESS_FIELDS,
  result: DetectedAddressResult,
  handle: ({ address }) => Promise.resolve(detect(address)),
});

export const packAddress = defineV2Method({
  name: 'packAddress',
  verbs: ['GET', 'POST'],
  fields: ADDRESS_FIELDS,
  result: AddressStringResult,
  handle: ({ address }) => Promise.resolve(pack(address)),
});

export const unpackAddress = defineV2Method({
  name: 'unpackAddress',
  verbs: ['GET', 'POST'],
  fields: ADDRESS_FIELDS,
  result: AddressStringResult,
  handle: ({ address }) => Promise.resolve(unpack(address)),
});

export const detectHash = defineV2Method({
  name: 'detectHash',
  verbs: ['GET', 'POST'],
  fields: { hash: V2Fields.requiredHash('A 256-bit hash in any form') },
  result: DetectedHashResult,
  handle: ({ hash }) => Promise.resolve(detectHashForms(hash)),
});
