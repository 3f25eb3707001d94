// The decoder's classification fixtures, for the classify report and tests only: the golden cases
// load the `yaml` development dependency, which the launcher (loading the decoder's entry) must not.
export { checkCase, loadCases } from './classify/golden/cases';
export { KNOWN_GAPS } from './classify/known-gaps';
export { readTraceFile } from './trace-file';
