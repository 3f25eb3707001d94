import { type Counter, type Gauge, type Registry } from 'prom-client';
import { METRIC_PREFIX } from './registry';
import { counter, gauge } from './metric-factories';

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Reports that the network's global version (ConfigParam 8) is newer than the bundled emulator
 * implements: a gauge with the version seen, a counter of the answers given another way or marked
 * approximate (by `use`: get_method, estimate_fee, pending_trace) and one warning per version.
 */
export class EmulatorBehindNotice {
  private readonly version: Gauge;
  private readonly answers: Counter<'use'>;
  private warned = 0;

  constructor(
    registry: Registry,
    private readonly logger: WarnLogger,
    private readonly use: 'get_method' | 'estimate_fee' | 'pending_trace',
  ) {
    this.version = gauge(registry, {
      name: `${METRIC_PREFIX}network_global_version_unsupported`,
      help: 'The network global version (ConfigParam 8) when newer than the bundled emulator implements; 0 until one is seen.',
    });
    this.answers = counter(registry, {
      name: `${METRIC_PREFIX}emulator_behind_answers_total`,
      help: 'Answers made while the network is newer than the emulator: get-methods run by the liteserver, fee estimates and pending traces marked approximate.',
      labelNames: ['use'],
    });
  }

  seen(globalVersion: number): void {
    this.version.set(globalVersion);
    this.answers.inc({ use: this.use });
    if (globalVersion > this.warned) {
      this.warned = globalVersion;
      this.logger.warn(
        { event: 'emulator-behind', globalVersion, use: this.use },
        `the network's global version ${String(globalVersion)} is newer than the bundled emulator implements: ` +
          (this.use === 'get_method'
            ? 'get-methods run on the liteserver (gas_used 0)'
            : 'answers are marked approximate'),
      );
    }
  }
}
