// The decoder's public entry: what the single-process launcher, the tests of other apps, the shared
// test harnesses and the benchmarks use. Anything else under src/ is the decoder's own.

// Boot: the Nest module and its options.
export { DecoderModule } from './decoder.module';
export { type MetadataFetchOptions, metadataFetchFromEnv } from './metadata/metadata-fetch.options';

// The pipeline's parts, assembled by test/integration/support/decoded-genesis.ts and the benchmarks.
export { GetMethodClient } from './interfaces/get-method.client';
export { InterfaceDetector } from './interfaces/interface-detector';
export { InterfaceProbes } from './interfaces/interface-probes';
export { BlockDecoder } from './pipeline/block-decoder';
export { DecoderWorker } from './pipeline/decoder-worker';
export { DecoderMetrics } from './pipeline/decoder.metrics';
export { JetStreamTxsDecodedPublisher } from './events/jetstream-txs-decoded.publisher';
