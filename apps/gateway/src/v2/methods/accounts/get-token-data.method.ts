import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { accountReadParams, resultOf } from '../../v2-schemas';
import { addressAsGiven, parseAccountRead } from '../../params/accounts.params';

/** getTokenData (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): Jetton master/wallet or NFT collection/item; 409 otherwise. */
export const getTokenData = defineV2Method({
  name: 'getTokenData',
  verbs: ['GET', 'POST'],
  params: accountReadParams,
  result: resultOf(Subjects.ls.getTokenData),
  parse: (raw, source) => ({
    ...parseAccountRead(raw, source),
    given_address: addressAsGiven(raw, 'address', source),
  }),
  handle: (params, backend) => backend.request(Subjects.ls.getTokenData, params),
});
