/**
 * board.logo against the board's own files: found by hand, a logo at a missing path or outside the board's files was
 * accepted and the board showed no logo, nothing said.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { logoProblem } from './logo-file';

const root = mkdtempSync(join(tmpdir(), 'bb-logo-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(root, 'assets', 'casino logo.png'), '');

describe('logoProblem', () => {
  test.each([
    'assets/logo.svg',
    '/assets/logo.svg',
    './assets/logo.svg',
    'assets/logo.svg?v=2',
    'assets/casino%20logo.png',
    'data:image/svg+xml;base64,PHN2Zy8+',
  ])('%s: shown', (logo) => expect(logoProblem(logo, root)).toBeNull());

  test.each([
    ['assets/nope.svg', /^"assets\/nope.svg" is not among the board's files \(there is no .*assets\/nope.svg\)/],
    ['/etc/passwd', /^"\/etc\/passwd" is not among the board's files/],
    ['../../etc/passwd', /^"..\/..\/etc\/passwd" leads outside the board's files/],
    ['assets', /^"assets" is a folder among the board's files/],
    ['https://casino.example/logo.svg', /is an address the board's Content-Security-Policy loads no image from/],
    ['file:///etc/logo.svg', /is an address/],
    ['//cdn.example/logo.svg', /is an address/],
    ['data:text/html,<b>hi</b>', /is a data: URL but not an image/],
    ['assets/%E0%A4%A', /malformed %-escape/],
  ])('%s: refused, saying why', (logo, why) => {
    const p = logoProblem(logo, root);
    expect(p).toMatch(why);
    expect(p).toContain("give a path among the board's files");
  });
});
