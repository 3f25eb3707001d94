import { type InProcessBus } from './in-process/in-process-bus';

export interface NatsRpcModuleOptions {
  /** Default request timeout (NATS_REQUEST_TIMEOUT_MS); 10 s when absent. */
  defaultTimeoutMs?: number;
  /** Prefix of every subject (test isolation on a shared server); must match the servers'. */
  subjectPrefix?: string;
  /** In-process bus (defaults to the process-wide one). */
  bus?: InProcessBus;
  /** Percent of one core the checks of forwarded replies may use (REPLY_CHECK_CPU_PERCENT; 25). */
  replyCheckCpuPercent?: number;
}

export interface ResolvedNatsRpcOptions {
  defaultTimeoutMs: number;
  subjectPrefix: string;
  bus: InProcessBus;
  replyCheckCpuPercent: number;
}
