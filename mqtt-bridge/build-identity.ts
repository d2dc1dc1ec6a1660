/**
 * Which software a board runs: the SHA-256 of its application bundle (every file under the build folder, by path
 * and content, in a fixed order), published in its status for the console to compare with the approved builds.
 *
 * ```ts
 * bundleDigest('/opt/baccarat-board/resources/app/dist'); // 'e3b0c442…' (64 hex digits), or null without one
 * ```
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * The digest of the bundle in `dir`: SHA-256 over each file's path (relative, with `/`), a NUL, its length, a NUL
 * and its bytes, in path order. Null when there is no such folder (a board run from its sources).
 */
export function bundleDigest(dir: string): string | null {
  if (!existsSync(dir)) return null;
  const hash = createHash('sha256');
  for (const file of files(dir)) {
    const bytes = readFileSync(file);
    hash.update(relative(dir, file).split(sep).join('/')).update('\0').update(String(bytes.length)).update('\0');
    hash.update(bytes);
  }
  return hash.digest('hex');
}
