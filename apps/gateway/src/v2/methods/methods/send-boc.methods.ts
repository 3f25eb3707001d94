import { ErrorCode, Subjects, TonApiError } from '@app/contracts';
import { V2StatusError } from '../../v2-envelope';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';
import { sent } from '../../params/methods.params';

const SEND_FIELDS = { boc: V2Fields.externalMessage() };

/** sendBoc (POST only): `boc` of one external message; `{"@type":"ok"}` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const sendBoc = defineV2Method({
  name: 'sendBoc',
  verbs: ['POST'],
  fields: SEND_FIELDS,
  result: resultOf(Subjects.send.boc),
  handle: ({ boc }, backend) => sent(backend.request(Subjects.send.boc, { boc: boc.boc })),
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
  fields: SEND_FIELDS,
  result: resultOf(Subjects.send.bocReturnHash),
  handle: ({ boc }, backend) =>
    sent(backend.request(Subjects.send.bocReturnHash, { boc: boc.boc })),
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
  fields: SEND_FIELDS,
  result: resultOf(Subjects.send.bocReturnHash),
  handle: async ({ boc }, backend) => {
    try {
      return await sent(backend.request(Subjects.send.bocReturnHash, { boc: boc.boc }));
    } catch (error) {
      if (error instanceof TonApiError && error.code !== ErrorCode.INVALID_ARGUMENT) {
        throw new V2StatusError(400, error.message);
      }
      throw error;
    }
  },
});
