import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param } from '../../v2-schemas';
import { requiredExternalMessage, sent } from '../../params/methods.params';

const SEND_PARAMS = z.object({ boc: V2Param.boc('One external message, serialized') });

/** sendBoc (POST only): `boc` of one external message; `{"@type":"ok"}` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const sendBoc = defineV2Method({
  name: 'sendBoc',
  verbs: ['POST'],
  params: SEND_PARAMS,
  result: resultOf(Subjects.send.boc),
  parse: (raw, source) => requiredExternalMessage(raw, source),
  handle: (message, backend) => sent(backend.request(Subjects.send.boc, { boc: message.boc })),
});

/**
 * sendBocReturnHash (POST only): as sendBoc, then `raw.extMessageInfo` with the message cell's hash
 * and its TEP-467 normalised hash
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml), as the
 * sender computed them.
 */
export const sendBocReturnHash = defineV2Method({
  name: 'sendBocReturnHash',
  verbs: ['POST'],
  params: SEND_PARAMS,
  result: resultOf(Subjects.send.bocReturnHash),
  parse: (raw, source) => requiredExternalMessage(raw, source),
  handle: (message, backend) =>
    sent(backend.request(Subjects.send.bocReturnHash, { boc: message.boc })),
});
