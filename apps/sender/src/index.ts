// The sender's public entry: what the single-process launcher and the cross-app tests use.

// Boot: the Nest module and its settings.
export { SenderModule } from './sender.module';
export { DEFAULT_SENDER_SETTINGS, type SenderOptions } from './sender.options';
export { DEFAULT_PENDING_OPTIONS } from './pending/pending.options';

// Fee estimation and pending-trace emulation, which the liteserver's get-method tests drive.
export { FeeEstimator } from './fees/fee.estimator';
export { emulatePendingTrace } from './pending/emulate-pending-trace';
export { LiteserverChainFactory } from './pending/liteserver-chain';
export { TraceEmulator } from './pending/trace-emulator';
