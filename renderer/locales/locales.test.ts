/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { templates as zhHans } from './zh-Hans';
import { templates as zhHant } from './zh-Hant';

// Every msg() id in the renderer's sources, read as text (vite's raw import).
const sources = import.meta.glob(['../**/*.ts', '!../**/*.test.ts', '!../locales/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const ids = new Set<string>();
for (const text of Object.values(sources)) {
  for (const m of text.matchAll(
    /\b(?:tr|plain|message)\(\s*(?:this\.)?(?:lang|language|this\.language),\s*'([\w.]+)'/g,
  ))
    ids.add(m[1]!);
  // The about overlay's labels (its label() and row() take an id and the English, in the board's languages).
  for (const m of text.matchAll(/(?:\bthis\.label|(?<![.\w])row)\(\s*'([\w.]+)'/g)) ids.add(m[1]!);
}

describe('locale modules', () => {
  it('finds the messages of the sources', () => expect(ids.size).toBeGreaterThan(60));

  it.each([
    ['zh-Hans', zhHans],
    ['zh-Hant', zhHant],
  ])('%s translates every message, and nothing else', (_name, templates) => {
    const have = new Set(Object.keys(templates));
    expect([...ids].filter((id) => !have.has(id))).toEqual([]);
    expect([...have].filter((id) => !ids.has(id))).toEqual([]);
  });

  // Found by a patron: "第 80 / 局為最後一局" (Chinese breaks only at spaces here, keep-all: those around the number).
  it.each([
    ['zh-Hans', zhHans],
    ['zh-Hant', zhHant],
  ])('%s keeps a hand number with its 第 and 局 on one line', (_name, templates) => {
    const breakable = Object.entries(templates).flatMap(([id, t]) => {
      const text = typeof t === 'string' ? t : (t as { strings: readonly string[] }).strings.join('{}');
      return /[第共] \{\}|\{\} 局/.test(text) ? [`${id}: ${text}`] : [];
    });
    expect(breakable).toEqual([]);
    expect((zhHant['notice.lastCoupNo'] as { strings: readonly string[] }).strings.join('{}')).toBe(
      '第\u00a0{}\u00a0局為最後一局',
    );
  });

  it('writes Traditional where Traditional is due', () => {
    expect(zhHant['road.cockroachPig']).toBe('曱甴路');
    expect(zhHans['road.cockroachPig']).toBe('小强路');
    expect(zhHant['notice.lastCoup']).toBe('最後一局');
    expect(zhHans['notice.lastCoup']).toBe('最后一局');
    expect(zhHant['notice.tableClosed']).toBe('暫停營業');
    expect(zhHans['notice.tableClosed']).toBe('暂停营业');
  });
});
