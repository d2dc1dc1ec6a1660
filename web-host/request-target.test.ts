import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodePath, requestTarget } from './request-target';

describe('requestTarget', () => {
  test.each([
    ['/', '/', ''],
    ['/a#b', '/a', 'a'],
    ['/index.html', '/index.html', 'index.html'],
    ['/fonts/a%20b.woff2', '/fonts/a%20b.woff2', 'fonts/a b.woff2'],
    ['/%e4%b8%ad', '/%e4%b8%ad', '中'],
    ['//x/y', '//x/y', 'x/y'], // a path, not a host
    ['/a/../b', '/b', 'b'],
    ['/%2e%2e/outside.txt', '/outside.txt', 'outside.txt'], // the URL parser resolves encoded dot segments
    ['/..%2f..%2fetc', '/..%2f..%2fetc', '../../etc'], // decoded, left to the caller's folder check
    ['/api/state?token=abc', '/api/state', 'api/state'],
  ])('%s reads as %s', (raw, pathname, path) => {
    expect(requestTarget(raw)).toMatchObject({ pathname, path });
  });

  test.each([
    '/%E0%A4%A', // issue 17: a truncated three-byte sequence
    '/%',
    '/%%',
    '/%zz',
    '/%C0%AE', // overlong '.'
    '/%E0%80%AE',
    '/%ED%A0%80', // a surrogate
    '/%FF',
    '/%00', // NUL
    '/a%00.html',
    '*',
    'http://evil.example/',
    'http://[/',
    '',
    'x',
    undefined,
  ])('%s cannot be read: null (400)', (raw) => {
    expect(requestTarget(raw)).toBeNull();
  });

  test('a malformed escape in the query is read leniently (a wrong token), never thrown', () => {
    const query = requestTarget('/api/state?token=%E0%A4%A&limit=%')?.query;
    expect(query?.get('token')).toBe('\uFFFD%A');
    expect(query?.get('limit')).toBe('%');
  });

  test('never throws, whatever the target (property)', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom('%', '%E0', '%A4%A', '%00', '%C0%AE', '//', '..', '?', '#', '\\', '@', ':'),
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, slash) => {
        const raw = (slash ? '/' : '') + pieces.join('');
        const t = requestTarget(raw);
        if (t !== null) {
          expect(t.path.includes('\0')).toBe(false);
          expect(t.path.startsWith('/')).toBe(false);
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('decodePath', () => {
  test('decodes, or gives null for what cannot be a name', () => {
    expect(decodePath('/a%20b')).toBe('/a b');
    expect(decodePath('/%E0%A4%A')).toBeNull();
    expect(decodePath('/%00')).toBeNull();
  });
});
