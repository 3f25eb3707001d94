/**
 * The classifier's conformance with toncenter's action types, computed, never typed: the types are the
 * gateway's list of toncenter's versions (`latest` and the `tgbtc` group, apps/gateway/src/v3/action-types.ts);
 * whether the project emits a type is read from the classifier's sources (a family file whose matchers
 * the registry runs and whose blocks are built with, or serialise as, that type); how real traces cover
 * it is read from the golden cases (fixtures/indexer-traces: ton-indexer's own expected actions) and from
 * running the classifier on their traces.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** Where, in a source file, a block names the type it is built with or serialises as. */
const TYPE_SITES: readonly RegExp[] = [
  // a Block subclass built with a fixed type: super('jetton_swap', ...)
  /super\('([a-z0-9_]+)'/g,
  // fill() renaming the action: action.type = 'stake_deposit' (or a conditional of literals)
  /action\.type = ([^;]+);/g,
  // a block built with one of several types: constructor(type: 'a' | 'b', ...) or an alias of them
  // (Prettier breaks a long union onto the line after `type:`)
  /type:\s*('[a-z0-9_]+'(?:\s*\|\s*'[a-z0-9_]+')*)/g,
  /type [A-Z]\w*Type =([^;]+);/g,
  // the fallback action: emptyAction({ ..., type: 'unknown' })
  /emptyAction\(\{[^}]*type: '([a-z0-9_]+)'/g,
];

/** Every string literal the type sites of `source` hold. */
export function typeLiterals(source: string): Set<string> {
  const out = new Set<string>();
  for (const site of TYPE_SITES) {
    for (const m of source.matchAll(site)) {
      for (const lit of (m[1] ?? '').matchAll(/'([a-z0-9_]+)'/g)) {
        out.add(lit[1] ?? '');
      }
      if (/^[a-z0-9_]+$/.test(m[1] ?? '')) {
        out.add(m[1] ?? '');
      }
    }
  }
  out.delete('');
  return out;
}

/** The classes a source file defines. */
export function classNames(source: string): Set<string> {
  return new Set([...source.matchAll(/class (\w+) extends/g)].map((m) => m[1] ?? ''));
}

export interface SourceFile {
  /** Path relative to the repository root. */
  readonly path: string;
  readonly text: string;
}

/** The sibling modules a source file imports (`from './jetton-swap'` → `jetton-swap`). */
export function siblingImports(source: string): Set<string> {
  return new Set([...source.matchAll(/from '\.\/([\w-]+)'/g)].map((m) => m[1] ?? ''));
}

const baseName = (path: string): string => path.replace(/^.*\//, '').replace(/\.ts$/, '');

/**
 * Which source files produce each type: files whose matchers the registry runs, the sibling files
 * those import (shared blocks such as jetton-swap.ts), and the core files (always on).
 */
export function emittedTypes(
  files: readonly SourceFile[],
  registeredMatchers: ReadonlySet<string>,
  alwaysOn: (path: string) => boolean,
): Map<string, string[]> {
  const running = new Set(
    files
      .filter(
        (f) =>
          alwaysOn(f.path) || [...classNames(f.text)].some((name) => registeredMatchers.has(name)),
      )
      .map((f) => f.path),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const f of files.filter((x) => running.has(x.path) && !alwaysOn(x.path))) {
      for (const name of siblingImports(f.text)) {
        const dep = files.find((x) => baseName(x.path) === name && !alwaysOn(x.path));
        if (dep && !running.has(dep.path)) {
          running.add(dep.path);
          grew = true;
        }
      }
    }
  }
  const byType = new Map<string, string[]>();
  for (const f of files) {
    if (!running.has(f.path)) {
      continue;
    }
    for (const type of typeLiterals(f.text)) {
      byType.set(type, [...(byType.get(type) ?? []), f.path]);
    }
  }
  return byType;
}

/** The classifier sources the report reads: every family file, the basic blocks and the serialiser. */
export function classifierSources(root: string): SourceFile[] {
  // A family may be one file or a folder of them (families/evaa/supply.ts).
  const families = 'libs/classify/src/families';
  const names = readdirSync(join(root, families), { recursive: true, encoding: 'utf8' })
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.spec.ts'))
    .map((n) => `${families}/${n.split(sep).join('/')}`)
    .sort();
  return [
    ...names,
    'libs/classify/src/core/basic-blocks.ts',
    'libs/classify/src/core/serialize.ts',
  ].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

/** One toncenter action type in the report. */
export interface TypeConformance {
  readonly type: string;
  /** The first of toncenter's versions (v1…v4) or groups (tgbtc) naming it. */
  readonly since: string;
  readonly emitted: boolean;
  /** The classifier files producing it. */
  readonly producedBy: readonly string[];
  /** Golden cases expecting at least one action of this type. */
  readonly cases: number;
  /** Of those, the cases that pass (every expectation of the case). */
  readonly casesPassing: number;
  /** Expected actions of this type over all golden cases. */
  readonly expectedActions: number;
  /** Actions of this type the classifier gave on the golden traces. */
  readonly classifiedActions: number;
}

/** One golden case, run: the types it expects and whether all its expectations held. */
export interface CaseRun {
  readonly key: string;
  readonly expectedTypes: readonly string[];
  readonly passed: boolean;
  readonly classifiedTypes: readonly string[];
}

export function conformance(
  versions: readonly (readonly [string, readonly string[]])[],
  emitted: ReadonlyMap<string, readonly string[]>,
  runs: readonly CaseRun[],
): TypeConformance[] {
  const since = new Map<string, string>();
  for (const [name, types] of versions) {
    for (const t of types) {
      if (!since.has(t)) {
        since.set(t, name);
      }
    }
  }
  return [...since].map(([type, first]) => {
    const expecting = runs.filter((r) => r.expectedTypes.includes(type));
    return {
      type,
      since: first,
      emitted: emitted.has(type),
      producedBy: emitted.get(type) ?? [],
      cases: expecting.length,
      casesPassing: expecting.filter((r) => r.passed).length,
      expectedActions: runs.reduce(
        (n, r) => n + r.expectedTypes.filter((t) => t === type).length,
        0,
      ),
      classifiedActions: runs.reduce(
        (n, r) => n + r.classifiedTypes.filter((t) => t === type).length,
        0,
      ),
    };
  });
}

/** The Markdown table of the report. */
export function renderConformance(
  rows: readonly TypeConformance[],
  runs: readonly CaseRun[],
  head: { commit: string; date: string; gaps: ReadonlyMap<string, string> },
): string {
  const emitted = rows.filter((r) => r.emitted).length;
  const covered = rows.filter((r) => r.cases > 0).length;
  const passed = runs.filter((r) => r.passed).length;
  const lines = [
    '# Classifier conformance with toncenter action types',
    '',
    `Generated by \`npm run classify:report\` at commit \`${head.commit}\` on ${head.date}; do not edit.`,
    '',
    "The types are toncenter's (`latest` and the `tgbtc` group, as apps/gateway/src/v3/action-types.ts",
    'lists them). **emitted**: a classifier family whose matchers the registry runs builds or serialises',
    'blocks of the type (read from libs/classify/src). **golden cases**: toncenter/ton-indexer test cases',
    '(fixtures/indexer-traces, real mainnet traces) expecting the type, and how many of those pass',
    "whole (every expected action, judged as ton-indexer's test runner judges them). **expected** /",
    '**classified**: actions of the type the cases expect, and the classifier gave on their traces.',
    '',
    `${emitted} of ${rows.length} types emitted; ${covered} covered by golden cases; ${passed} of ${runs.length} golden cases pass.`,
    '',
    '| type | since | emitted | produced by | golden cases (passing) | expected | classified |',
    '| ---- | ----- | ------- | ----------- | ---------------------- | -------- | ---------- |',
    ...rows.map(
      (r) =>
        `| \`${r.type}\` | ${r.since} | ${r.emitted ? 'yes' : '**no**'} | ${
          r.producedBy.map((p) => p.replace(/^libs\/classify\/src\//, '')).join(', ') || '-'
        } | ${r.cases === 0 ? '-' : `${r.cases} (${r.casesPassing})`} | ${r.expectedActions} | ${r.classifiedActions} |`,
    ),
    '',
    '## Golden cases that fail',
    '',
    ...(runs.some((r) => !r.passed)
      ? runs
          .filter((r) => !r.passed)
          .map((r) => `- ${r.key}${head.gaps.has(r.key) ? `: ${head.gaps.get(r.key)}` : ''}`)
      : ['none']),
    '',
  ];
  return lines.join('\n');
}
