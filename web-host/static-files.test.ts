import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEEP_MAX_BYTES, staticFiles } from './static-files';

const dir = () => mkdtempSync(join(tmpdir(), 'bb-static-'));

describe('staticFiles', () => {
  it('reads a file once and keeps it, and reads it again when it changes (a rebuild is served at once)', () => {
    const d = dir();
    const f = join(d, 'app.js');
    writeFileSync(f, 'one');
    const files = staticFiles();
    const first = files.read(f);
    expect(first?.toString()).toBe('one');
    expect(files.read(f)).toBe(first); // the same buffer: not read again
    expect(files.kept).toBe(1);
    writeFileSync(f, 'two, longer');
    expect(files.read(f)?.toString()).toBe('two, longer');
    writeFileSync(f, 'six'); // same size …
    utimesSync(f, new Date(), new Date(Date.now() + 5000)); // … later time
    expect(files.read(f)?.toString()).toBe('six');
  });

  it('answers null for a missing file or a folder', () => {
    const d = dir();
    mkdirSync(join(d, 'fonts'));
    const files = staticFiles();
    expect(files.read(join(d, 'nope.js'))).toBeNull();
    expect(files.read(join(d, 'fonts'))).toBeNull();
    expect(files.kept).toBe(0);
  });

  it('reads a large file (a source map) for each request without keeping it', () => {
    const d = dir();
    const f = join(d, 'app.js.map');
    writeFileSync(f, Buffer.alloc(KEEP_MAX_BYTES + 1, 'x'));
    const files = staticFiles();
    expect(files.read(f)?.length).toBe(KEEP_MAX_BYTES + 1);
    expect(files.kept).toBe(0);
  });
});
