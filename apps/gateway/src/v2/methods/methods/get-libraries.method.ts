import { Subjects } from '@app/contracts';
import { defineV2Method } from '../../v2-method';
import { requiredLibraries } from '../../params/methods.params';

/** getLibraries: `libraries` (repeated or a JSON array); `smc.libraryResult` (§7). */
export const getLibraries = defineV2Method({
  name: 'getLibraries',
  verbs: ['GET', 'POST'],
  params: ['libraries'],
  parse: (raw, source) => ({ libraries: requiredLibraries(raw, source) }),
  handle: (params, backend) => backend.request(Subjects.ls.getLibraries, params),
});
