import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { appFile } from './app-protocol';

const DIR = '/opt/baccarat-board/resources/app/dist/renderer';

describe("the app:// protocol's files", () => {
  test('the page and its files, decoded', () => {
    expect(appFile(DIR, 'app://bundle/')).toEqual({ file: join(DIR, 'index.html') });
    expect(appFile(DIR, 'app://bundle/app.js')).toEqual({ file: join(DIR, 'app.js') });
    expect(appFile(DIR, 'app://bundle/fonts/a%20b.woff2')).toEqual({ file: join(DIR, 'fonts', 'a b.woff2') });
    expect(appFile(`${DIR}/`, 'app://bundle/app.js')).toEqual({ file: join(DIR, 'app.js') });
  });

  test('a URL that cannot be decoded is 400, never a throw in the main process (issue 17)', () => {
    for (const url of [
      'app://bundle/%E0%A4%A',
      'app://bundle/%',
      'app://bundle/%C0%AE%C0%AE/etc/passwd',
      'app://bundle/a%00.js',
      'not a url',
    ])
      expect(appFile(DIR, url), url).toEqual({ status: 400 });
  });

  test('nothing outside the renderer', () => {
    expect(appFile(DIR, 'app://bundle/..%2f..%2fmain%2fmain.cjs')).toEqual({ status: 404 });
    expect(appFile(DIR, 'app://bundle/x%2f..%2f..%2fx')).toEqual({ status: 404 });
    expect(appFile(DIR, 'app://bundle/%2e%2e/x')).toEqual({ file: join(DIR, 'x') }); // the URL parser resolves it first
  });
});
