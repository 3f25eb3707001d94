import { Subjects } from '@app/contracts';
import { z } from 'zod';
import { defineV2Method } from '../../v2-method';
import { resultOf, V2Param } from '../../v2-schemas';
import { requiredLibraries } from '../../params/methods.params';

/** getLibraries: `libraries` (repeated or a JSON array); `smc.libraryResult` (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const getLibraries = defineV2Method({
  name: 'getLibraries',
  verbs: ['GET', 'POST'],
  params: z.object({
    libraries: z
      .union([
        z.array(V2Param.hash('Library cell hash')).max(256),
        V2Param.hash('Library cell hash'),
      ])
      .meta({
        description: 'Library hashes (repeat the query parameter for several)',
        example: ['DyRnqxvXMjxK0FL6Pa+xYH4k0Bv8yvjzN6xPXbWPhjg='],
      }),
  }),
  result: resultOf(Subjects.ls.getLibraries),
  parse: (raw, source) => ({ libraries: requiredLibraries(raw, source) }),
  handle: (params, backend) => backend.request(Subjects.ls.getLibraries, params),
});
