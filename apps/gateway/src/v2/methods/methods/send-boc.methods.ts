import { Subjects } from '@app/contracts';
import { normalizedExternalHash } from '@app/ton';
import { defineV2Method } from '../../v2-method';
import { requiredExternalMessage } from '../../params/methods.params';

/** sendBoc (POST only): `boc` of one external message; `{"@type":"ok"}` (§9). */
export const sendBoc = defineV2Method({
  name: 'sendBoc',
  verbs: ['POST'],
  params: ['boc'],
  parse: (raw, source) => requiredExternalMessage(raw, source),
  handle: (message, backend) => backend.request(Subjects.ls.sendMessage, { boc: message.boc }),
});

/**
 * sendBocReturnHash (POST only): as sendBoc, then `raw.extMessageInfo` with the message cell's hash
 * and its TEP-467 normalised hash (§9).
 */
export const sendBocReturnHash = defineV2Method({
  name: 'sendBocReturnHash',
  verbs: ['POST'],
  params: ['boc'],
  parse: (raw, source) => requiredExternalMessage(raw, source),
  handle: async (message, backend) => {
    await backend.request(Subjects.ls.sendMessage, { boc: message.boc });
    return {
      '@type': 'raw.extMessageInfo',
      hash: message.root.hash().toString('base64'),
      hash_norm: normalizedExternalHash(message.root).toString('base64'),
    };
  },
});
