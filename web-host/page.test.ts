import { describe, expect, it } from 'vitest';
import { boardPage, fontPreloads, parseFontPreloads } from './page';

const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <link rel="stylesheet" href="fonts.css" />\n    <script src="app.js" defer></script>\n  </head>\n  <body></body>\n</html>\n';
const PRELOADS = parseFontPreloads(
  JSON.stringify({
    en: ['fonts/latin-400.woff2'],
    'zh-Hans': ['fonts/latin-400.woff2', 'fonts/sc-1.woff2'],
    'zh-Hant': ['fonts/latin-400.woff2', 'fonts/tc-1.woff2'],
  }),
);

describe('fontPreloads', () => {
  it.each([
    ['en', ['fonts/latin-400.woff2']],
    ['zh-Hans', ['fonts/latin-400.woff2', 'fonts/sc-1.woff2']],
    ['en+zh-Hans', ['fonts/latin-400.woff2', 'fonts/sc-1.woff2']],
    ['zh-Hant', ['fonts/latin-400.woff2', 'fonts/tc-1.woff2']],
    ['en+zh-Hant', ['fonts/latin-400.woff2', 'fonts/tc-1.woff2']],
  ] as const)('%s preloads the files of its script', (language, files) => {
    expect(fontPreloads(PRELOADS, language)).toEqual(files);
  });
});

describe('parseFontPreloads', () => {
  it('keeps only woff2 files under fonts/: nothing else can reach the page', () => {
    const p = parseFontPreloads(
      JSON.stringify({
        en: ['fonts/a.woff2', '"><script>x</script>', '../secret.woff2', 'fonts/b.css', 7],
        'zh-Hans': 'fonts/a.woff2',
        other: ['fonts/c.woff2'],
      }),
    );
    expect(p).toEqual({ en: ['fonts/a.woff2'] });
  });

  it.each([null, '', 'not json', '[]', 'null'])('reads %j as no preloads (the page works without them)', (text) => {
    expect(fontPreloads(parseFontPreloads(text), 'en+zh-Hans')).toEqual([]);
  });
});

describe('boardPage', () => {
  it('links each file as a low-priority CORS font preload at the end of the head, after the script', () => {
    const page = boardPage(INDEX, ['fonts/a.woff2', 'fonts/b.woff2']);
    const links = [
      ...page.matchAll(
        /<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin fetchpriority="low" \/>/g,
      ),
    ];
    expect(links.map((m) => m[1])).toEqual(['fonts/a.woff2', 'fonts/b.woff2']);
    expect(page.indexOf('app.js')).toBeLessThan(page.indexOf('fonts/a.woff2'));
    expect(page.indexOf('fonts/b.woff2')).toBeLessThan(page.indexOf('</head>'));
    expect(page.replace(/\s*<link rel="preload"[^>]+>/g, '')).toBe(INDEX.replace(/\s*<\/head>/, '\n  </head>'));
  });

  it('leaves the page as it is with nothing to preload, or no head', () => {
    expect(boardPage(INDEX, [])).toBe(INDEX);
    expect(boardPage('<p>x</p>', ['fonts/a.woff2'])).toBe('<p>x</p>');
  });
});
