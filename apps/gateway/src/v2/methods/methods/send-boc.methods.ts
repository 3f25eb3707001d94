import { ErrorCode, Subjects, TonApiError } from '@app/contracts';
import { z } from 'zod';
import { V2StatusError } from '../../v2-envelope';
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

/**
 * sendBocReturnHashNoError (POST only, 2.1): sendBocReturnHash whose failed sends are answered 400
 * with the failure's text, whatever it was (2.1 runs the same handler with `ignore_errors`, for
 * clients whose browser treats 5xx answers as an outage). A BoC refused as malformed is still 422, as
 * 2.1 refuses it while parsing the request.
 */
export const sendBocReturnHashNoError = defineV2Method({
  name: 'sendBocReturnHashNoError',
  verbs: ['POST'],
  params: SEND_PARAMS,
  result: resultOf(Subjects.send.bocReturnHash),
  parse: (raw, source) => requiredExternalMessage(raw, source),
  handle: async (message, backend) => {
    try {
      return await sent(backend.request(Subjects.send.bocReturnHash, { boc: message.boc }));
    } catch (error) {
      if (error instanceof TonApiError && error.code !== ErrorCode.INVALID_ARGUMENT) {
        throw new V2StatusError(400, error.message);
      }
      throw error;
    }
  },
});
