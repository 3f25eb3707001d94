import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

/** getTokenData (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): Jetton master/wallet or NFT collection/item; 409 otherwise. */
export const getTokenData = defineV2Method({
  name: 'getTokenData',
  verbs: ['GET', 'POST'],
  fields: { address: V2Fields.echoedAddress(), seqno: V2Fields.seqno() },
  request: ({ address, seqno }) => ({
    address: address.raw,
    ...(seqno === undefined ? {} : { seqno }),
    given_address: address.given,
  }),
  result: resultOf(Subjects.ls.getTokenData),
  handle: (params, backend) => backend.request(Subjects.ls.getTokenData, params),
});
