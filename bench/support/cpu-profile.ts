import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a process's CPU went, from the `.cpuprofile` V8 writes under `node --cpu-prof`
 * (https://nodejs.org/api/cli.html#--cpu-prof; the format is Chrome DevTools' Profiler.Profile,
 * https://chromedevtools.github.io/devtools-protocol/tot/Profiler/#type-Profile): self time per part
 * of the request path, so a report says where a request's microseconds go.
 */

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One part of the path and its share of the CPU time sampled in the window. */
export interface ProfileShare {
  readonly part: string;
  readonly ms: number;
  readonly percent: number;
}

const BUILT_INS = 'built-ins without a script (JSON, regexps, natives, program)';
/** The natives node:net calls to write to a socket (src/stream_base.cc in node). */
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String']);

/** The part a frame's self time is charged to, first matching rule wins. */
const PARTS: readonly (readonly [string, (url: string, fn: string) => boolean])[] = [
  ['idle', (_u, fn) => fn === '(idle)'],
  ['garbage collection', (_u, fn) => fn === '(garbage collector)'],
  [
    'proof verification (libs/ton trust, @noble, @ton/core cells)',
    (u) => /libs\/(ton|liteclient)\/src\/(trust|proof|verif)|@noble|@ton\/core/.test(u),
  ],
  [
    'liteserver pool and lite client (libs/liteclient, ton-lite-client, adnl, tl)',
    (u) => /libs\/liteclient|ton-lite-client|adnl|ton-tl|tweetnacl/.test(u),
  ],
  ['v2 readers (apps/liteserver)', (u) => u.includes('apps/liteserver')],
  [
    'edge: keys, rate limit, access log (apps/gateway/src/edge)',
    (u) => u.includes('apps/gateway/src/edge') || u.includes('rate-limiter-flexible'),
  ],
  ['v2 methods, params, envelope (apps/gateway/src/v2)', (u) => u.includes('apps/gateway/src/v2')],
  [
    'gateway HTTP hooks, metrics (apps/gateway/src/http, libs/observability, prom-client)',
    (u) => /apps\/gateway\/src\/http|libs\/observability|prom-client/.test(u),
  ],
  [
    'in-process bus, contracts (libs/contracts, libs/messaging, zod)',
    (u) => /libs\/(contracts|messaging|rpc)|\/zod\//.test(u),
  ],
  ['logging (pino)', (u) => /pino|sonic-boom|thread-stream/.test(u)],
  ['Nest pipeline (@nestjs)', (u) => u.includes('@nestjs')],
  [
    'Fastify routing, hooks, reply (fastify, find-my-way, avvio, light-my-request)',
    (u) =>
      /node_modules\/(fastify|@fastify|find-my-way|fast-json-stringify|fast-querystring|light-my-request|avvio)/.test(
        u,
      ),
  ],
  ['rxjs', (u) => u.includes('rxjs')],
  ['node HTTP, sockets, streams (node:internal)', (u) => /^node:|internal\//.test(u)],
  [
    // The write syscall on a loopback socket runs the receiver's TCP path too and wakes the load
    // generator, which often takes the core at the syscall's return: the sample lands here while
    // another process runs (the profiler samples wall time, https://v8.dev/docs/profile).
    'socket writes (writev/write syscalls, incl. time the woken client holds the core)',
    (u, fn) => u === '' && SOCKET_WRITES.has(fn),
  ],
  [BUILT_INS, (u) => u === ''],
];

function partOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  for (const [part, matches] of PARTS) {
    if (matches(url, functionName)) {
      return part;
    }
  }
  return 'other (apps, libs, node_modules)';
}

/** The newest `.cpuprofile` under `dir`. */
export function newestProfile(dir: string): string | undefined {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.cpuprofile'))
    .sort();
  const last = names.at(-1);
  return last === undefined ? undefined : join(dir, last);
}

/** One sample in the window: the frame it landed in and the time it stands for, in µs. */
interface WindowSample {
  readonly node: ProfileNode;
  readonly us: number;
}

interface WindowedProfile {
  readonly samples: WindowSample[];
  readonly parentOf: Map<number, ProfileNode>;
}

/**
 * The samples in the window `[fromEndMs, toEndMs]` before the profile's end (the load phase of a
 * process stopped right after it), and each frame's caller.
 */
function readWindow(path: string, fromEndMs: number, toEndMs: number): WindowedProfile {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parentOf.set(child, node);
    }
  }
  const windowStart = profile.endTime - fromEndMs * 1000;
  const windowEnd = profile.endTime - toEndMs * 1000;
  const samples: WindowSample[] = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    const node = byId.get(id);
    if (t >= windowStart && t <= windowEnd && node !== undefined) {
      samples.push({ node, us: delta });
    }
  });
  return { samples, parentOf };
}

function sharesOf(totals: Map<string, number>, busyUs: number): ProfileShare[] {
  return [...totals.entries()]
    .map(([part, us]) => ({
      part,
      ms: Math.round(us / 100) / 10,
      percent: busyUs > 0 ? Math.round((us / busyUs) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.ms - a.ms);
}

/** Self time per part in the window (see readWindow), busy time only: idle is left out. */
export function profileShares(path: string, fromEndMs: number, toEndMs: number): ProfileShare[] {
  const { samples } = readWindow(path, fromEndMs, toEndMs);
  const totals = new Map<string, number>();
  for (const { node, us } of samples) {
    const part = partOf(node);
    totals.set(part, (totals.get(part) ?? 0) + us);
  }
  totals.delete('idle');
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  return sharesOf(totals, busy);
}

/** `functionName (path from apps/, libs/ or node_modules/:line)` of a frame with a script. */
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const short = /(?:apps|libs|node_modules|internal)\/.*$/.exec(url)?.[0] ?? url;
  return `${functionName === '' ? '(anonymous)' : functionName} (${short}:${String(lineNumber + 1)})`;
}

/**
 * The built-ins' self time (frames without a script: JSON.stringify, RegExp exec, natives) broken
 * down by the nearest calling frame that has a script, the `top` largest, as shares of all busy
 * time: which code asks for the JSON and regexp work.
 */
export function builtInCallers(
  path: string,
  fromEndMs: number,
  toEndMs: number,
  top: number,
): ProfileShare[] {
  const { samples, parentOf } = readWindow(path, fromEndMs, toEndMs);
  const totals = new Map<string, number>();
  let busy = 0;
  for (const { node, us } of samples) {
    if (node.callFrame.functionName === '(idle)') {
      continue;
    }
    busy += us;
    if (partOf(node) !== BUILT_INS) {
      continue;
    }
    let caller = parentOf.get(node.id);
    while (caller?.callFrame.url === '') {
      caller = parentOf.get(caller.id);
    }
    const builtIn = node.callFrame.functionName || '(anonymous)';
    const key = `${builtIn} ← ${caller === undefined ? '(no script caller)' : frameName(caller)}`;
    totals.set(key, (totals.get(key) ?? 0) + us);
  }
  return sharesOf(totals, busy).slice(0, top);
}
