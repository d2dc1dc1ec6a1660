/**
 * Test lifecycle helpers shared by the broker, bridge and web-host tests: poll until an expectation holds,
 * clean up after each test in reverse order, and make temporary folders (removed with the run's folder, see
 * test/global-setup.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** Waits until `check` passes (polling every 20 ms; it may be async), or fails with its last error after `ms`. */
export async function until(check: () => void | Promise<void>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Waits until `find` gives something (not undefined, null or false), polling every 20 ms, and returns it. */
export async function untilFound<T>(find: () => T | undefined | null | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = find();
    if (v) return v;
    if (Date.now() > end) throw new Error(`nothing found within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A list of clean-ups run after each test, last pushed first. Call once at the top of a test file. */
export function cleanupList(): (() => Promise<unknown> | unknown)[] {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return cleanups;
}

/** A new temporary folder. */
export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));
