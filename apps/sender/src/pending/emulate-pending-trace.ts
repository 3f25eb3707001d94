import { InterfaceProbes } from '@app/classify';
import { type Cell } from '@ton/core';
import { type Executor } from '@ton/sandbox';
import { EmulatedGetMethods } from './emulated-get-methods';
import { type EmulationChain } from './emulation-chain';
import { type PendingTrace } from './pending-trace';
import { buildPendingTrace } from './pending-trace.builder';
import { type EmulationLimits, type TraceEmulator } from './trace-emulator';

export interface PendingTraceRequest {
  /** The external-in message and its hash and TEP-467 normalised hash (base64). */
  readonly external: Cell;
  readonly hash: string;
  readonly hashNorm: string;
  /** The head's states the trace runs on. */
  readonly chain: EmulationChain;
  readonly limits: EmulationLimits;
}

/**
 * The pending trace of an external message: emulated on the chain's states, its accounts' interfaces
 * probed on the states the emulation left (so a contract deployed by the trace is detected), then
 * classified and rendered by buildPendingTrace.
 */
export async function emulatePendingTrace(
  emulator: TraceEmulator,
  executor: Executor,
  request: PendingTraceRequest,
): Promise<PendingTrace> {
  const { chain } = request;
  const emulation = await emulator.emulate(request.external, chain, request.limits);
  const methods = new EmulatedGetMethods(
    executor,
    chain,
    new Map(emulation.states),
    emulation.libraries,
  );
  return buildPendingTrace({
    hash: request.hash,
    hashNorm: request.hashNorm,
    head: chain.head,
    emulation,
    probes: new InterfaceProbes(methods),
    emulatedAt: Date.now(),
  });
}
