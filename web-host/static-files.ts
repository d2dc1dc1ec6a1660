/**
 * The renderer's files as the web host serves them: read once and kept in memory (checked against the file's
 * size and modification time on every request, so a rebuild is served at once). A cold board asks for thirty
 * files at the same moment (script, stylesheets, the fonts of its language); a stream per file costs the host
 * several file-system round trips each, a kept buffer one write.
 *
 * ```ts
 * const files = staticFiles();
 * const body = files.read('/…/dist/renderer/app.js'); // Buffer, or null when there is no such file
 * ```
 * @packageDocumentation
 */
import { readFileSync, statSync } from 'node:fs';

/** Files larger than this are read for each request and not kept (source maps): only the page's files are kept. */
export const KEEP_MAX_BYTES = 2 * 1024 * 1024;

export interface StaticFiles {
  /** The file's bytes, or null if it is not a readable regular file. */
  read(file: string): Buffer | null;
  /** How many files are kept. */
  readonly kept: number;
}

export function staticFiles(): StaticFiles {
  const kept = new Map<string, { readonly size: number; readonly mtimeMs: number; readonly body: Buffer }>();
  return {
    read(file) {
      let stat;
      try {
        stat = statSync(file);
      } catch {
        return null;
      }
      if (!stat.isFile()) return null;
      const hit = kept.get(file);
      if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit.body;
      let body: Buffer;
      try {
        body = readFileSync(file);
      } catch {
        return null;
      }
      if (body.length <= KEEP_MAX_BYTES) kept.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, body });
      else kept.delete(file);
      return body;
    },
    get kept() {
      return kept.size;
    },
  };
}
