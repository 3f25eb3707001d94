import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

import type { Slice } from '@ton/core';
import ts from 'typescript';

/** A loader of @ton-community/tlb-codegen's generated block.tlb module. */
export type OracleLoader = (slice: Slice) => unknown;

/**
 * Loads the TL-B loaders that @ton-community/tlb-codegen generated from (an older) block.tlb, as an
 * independent structural oracle for tests. The file ships as TypeScript, so it is transpiled here; its
 * known generator bug (uint64 fields read with loadUint, which overflows) is patched to loadUintBig.
 */
export function loadTlbOracle(): (name: string) => OracleLoader {
  const source = resolve(
    process.cwd(),
    'node_modules/@ton-community/tlb-codegen/test/generated_files/generated_block.ts',
  );
  const patched = readFileSync(source, 'utf8').replace(/\.loadUint\(64\)/g, '.loadUintBig(64)');
  const js = ts.transpileModule(patched, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const dir = resolve(process.cwd(), '.tmp', 'tlb-oracle');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, `generated_block.${process.pid}.js`);
  writeFileSync(file, js);
  const mod: unknown = createRequire(file)(file);
  return (name) => {
    const fn: unknown =
      typeof mod === 'object' && mod !== null ? Reflect.get(mod, name) : undefined;
    if (typeof fn !== 'function') {
      throw new Error(`tlb-codegen has no ${name}`);
    }
    return (slice) => {
      const out: unknown = Reflect.apply(fn, undefined, [slice]);
      return out;
    };
  };
}

/** Reads a nested field of an oracle result (`kind` checks included by the caller). */
export function field(obj: unknown, ...path: string[]): unknown {
  let cur = obj;
  for (const p of path) {
    cur = typeof cur === 'object' && cur !== null ? Reflect.get(cur, p) : undefined;
  }
  return cur;
}
