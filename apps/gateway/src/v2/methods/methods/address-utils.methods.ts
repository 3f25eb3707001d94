import { defineV2Method } from '../../v2-method';
import { requiredParsedAddress } from '../../params/methods.params';
import { optionalHash, validationError } from '../../v2-params';
import {
  detectAddress as detect,
  detectHash as detectHashForms,
  packAddress as pack,
  unpackAddress as unpack,
} from './address-forms';

/** Address and hash utilities, computed in the gateway without a liteserver (§10). */

export const detectAddress = defineV2Method({
  name: 'detectAddress',
  verbs: ['GET', 'POST'],
  params: ['address'],
  parse: (raw, source) => requiredParsedAddress(raw, 'address', source),
  handle: (parsed) => Promise.resolve(detect(parsed)),
});

export const packAddress = defineV2Method({
  name: 'packAddress',
  verbs: ['GET', 'POST'],
  params: ['address'],
  parse: (raw, source) => requiredParsedAddress(raw, 'address', source),
  handle: (parsed) => Promise.resolve(pack(parsed)),
});

export const unpackAddress = defineV2Method({
  name: 'unpackAddress',
  verbs: ['GET', 'POST'],
  params: ['address'],
  parse: (raw, source) => requiredParsedAddress(raw, 'address', source),
  handle: (parsed) => Promise.resolve(unpack(parsed)),
});

export const detectHash = defineV2Method({
  name: 'detectHash',
  verbs: ['GET', 'POST'],
  params: ['hash'],
  parse: (raw, source) => {
    const hash = optionalHash(raw, 'hash', source);
    if (!hash) {
      throw validationError('empty hash', 'hash');
    }
    return hash;
  },
  handle: (hash) => Promise.resolve(detectHashForms(hash)),
});
