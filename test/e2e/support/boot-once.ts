import assert from 'node:assert/strict';
import { after, before } from 'node:test';

/** What a spec file starts once and closes after its tests (a harness, a localnet, an app). */
export interface Closable {
  close(): Promise<void>;
}

/**
 * Starts `start()` in a `before` hook of the enclosing describe and closes it in an `after` hook,
 * so the case modules one spec file registers share one boot (each spec file is a process of its
 * own, and a localnet boot is most of a file's time). The getter is for the tests and hooks that run
 * after the boot.
 */
export function bootOnce<T extends Closable>(start: () => Promise<T>): () => T {
  let started: T | undefined;
  before(async () => {
    started = await start();
  });
  after(async () => {
    await started?.close();
  });
  return () => {
    assert.ok(started, 'started by the before hook');
    return started;
  };
}
