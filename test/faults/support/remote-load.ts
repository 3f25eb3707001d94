import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { describeFailures, type LoadRequest, now, type Sample } from './load-loop';

/** How a 200 answer's body is judged (functions cannot cross into the worker, names can). */
const Expectation = z.enum(['v2-ok', 'v3-head', 'v3-transactions']);
export type Expectation = z.infer<typeof Expectation>;

/** A load request as data, for the worker thread. */
const RemoteRequest = z.object({ label: z.string(), url: z.string(), expect: Expectation });
export type RemoteRequest = z.infer<typeof RemoteRequest>;

/** What the worker thread is started with. */
export const LoadWorkerData = z.object({
  requests: z.array(RemoteRequest),
  concurrency: z.number().int().positive(),
  requestTimeoutMs: z.number().int().positive(),
});
export type LoadWorkerData = z.infer<typeof LoadWorkerData>;

/** Parent → worker. */
export const LoadCommand = z.object({ id: z.number(), type: z.enum(['samples', 'stop']) });
export type LoadCommand = z.infer<typeof LoadCommand>;

/** Worker → parent. */
export interface LoadAnswer {
  readonly id: number;
  readonly samples: Sample[];
}

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null;

function check(expect: Expectation, body: unknown): string | undefined {
  switch (expect) {
    case 'v2-ok':
      return isObject(body) && body.ok === true ? undefined : 'not {"ok":true,…}';
    case 'v3-head':
      return isObject(body) && isObject(body.last) && isObject(body.first)
        ? undefined
        : 'not {last, first}';
    case 'v3-transactions':
      return isObject(body) && Array.isArray(body.transactions) && body.transactions.length > 0
        ? undefined
        : 'no transactions';
  }
}

/** The requests with their checks, as the worker's LoadLoop runs them. */
export function toLoadRequests(requests: readonly RemoteRequest[]): LoadRequest[] {
  return requests.map((r) => ({
    label: r.label,
    url: r.url,
    check: (body: unknown) => check(r.expect, body),
  }));
}

/**
 * A LoadLoop in a worker thread: its clients and clocks are not slowed by what the test's own thread
 * does (the localnet seals blocks there, synchronously), so a latency it records is the service's.
 */
export class RemoteLoad {
  private nextId = 0;
  private stopped: Promise<Sample[]> | undefined;
  private readonly waiting = new Map<number, (samples: Sample[]) => void>();

  private constructor(private readonly worker: Worker) {
    // Samples are plain objects the worker built from the same type: structured clone keeps them.
    worker.on('message', (answer: LoadAnswer) => {
      this.waiting.get(answer.id)?.(answer.samples);
      this.waiting.delete(answer.id);
    });
  }

  static start(data: LoadWorkerData): RemoteLoad {
    return new RemoteLoad(new Worker(resolve(__dirname, 'load-worker.js'), { workerData: data }));
  }

  /** Everything recorded so far. */
  samples(): Promise<Sample[]> {
    return this.ask('samples');
  }

  /** Resolves once `count` requests were answered 200, or throws. */
  async warm(count: number, timeoutMs: number): Promise<void> {
    const deadline = now() + timeoutMs;
    for (;;) {
      const samples = await this.samples();
      if (samples.filter((s) => s.status === 200).length >= count) {
        return;
      }
      if (now() > deadline) {
        throw new Error(`not warm after ${String(timeoutMs)} ms: ${describeFailures(samples)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Stops the clients, waits for the requests in flight and ends the thread (once). */
  stop(): Promise<Sample[]> {
    this.stopped ??= (async () => {
      const samples = await this.ask('stop');
      await this.worker.terminate();
      return samples;
    })();
    return this.stopped;
  }

  private ask(type: LoadCommand['type']): Promise<Sample[]> {
    const id = (this.nextId += 1);
    return new Promise((resolveSamples) => {
      this.waiting.set(id, resolveSamples);
      const command: LoadCommand = { id, type };
      this.worker.postMessage(command);
    });
  }
}
