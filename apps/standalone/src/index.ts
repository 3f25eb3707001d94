// The single-process launcher's public entry: the whole service in one process, as the e2e tests,
// the fault tests and the benchmarks boot it.
export { createStandaloneApp } from './standalone-app';
