import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { V2Fields } from '../../v2-fields';
import { resultOf } from '../../v2-schemas';

/**
 * getLibraries: `libraries` (repeated or a JSON array, none meaning an empty list as in 2.1);
 * `smc.libraryResult`
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). An empty
 * list is answered here, with no entries.
 */
export const getLibraries = defineV2Method({
  name: 'getLibraries',
  verbs: ['GET', 'POST'],
  fields: { libraries: V2Fields.libraries() },
  result: resultOf(Subjects.ls.getLibraries),
  handle: async (params, backend) =>
    params.libraries.length === 0
      ? { '@type': 'smc.libraryResult' as const, result: [] }
      : backend.request(Subjects.ls.getLibraries, params),
});
