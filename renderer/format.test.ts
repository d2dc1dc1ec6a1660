import { describe, expect, it } from 'vitest';
import { amountRange, count, money, moneyRange, oddsEn, oddsZh, percent } from './format';

describe('count and percent', () => {
  it.each([
    [0, 'en', '0'],
    [1234, 'en', '1,234'],
    [80, 'zh-Hans', '80'],
    [12345, 'zh-Hant', '12,345'],
  ] as const)('count(%d, %s) is %s', (n, locale, said) => {
    expect(count(n, locale)).toBe(said);
    expect(count(n, locale)).toBe(said); // the remembered string is the same
  });

  it.each([
    [37, 80, 1, '46.3%'],
    [37, 80, 0, '46%'],
    [1, 3, 1, '33.3%'],
    [0, 80, 1, '0.0%'],
    [80, 80, 1, '100.0%'],
    [3, 0, 1, '–'],
  ] as const)('percent(%d, %d, en, %d) is %s', (part, whole, digits, said) => {
    expect(percent(part, whole, 'en', digits)).toBe(said);
    expect(percent(part, whole, 'en', digits)).toBe(said);
  });

  it('keeps locales and digits apart: the same value is remembered once for each', () => {
    expect(percent(1, 8, 'en', 1)).toBe('12.5%');
    expect(percent(1, 8, 'en', 0)).toBe('13%');
    expect(count(1000, 'en')).toBe('1,000');
    expect(count(1000, 'zh-Hans')).toBe('1,000');
    expect(percent(2, 16, 'en', 1)).toBe('12.5%'); // the same share, another key
  });

  it('stays right past the bound, when what it remembers is dropped', () => {
    for (let n = 0; n < 10_000; n++) expect(count(n, 'en')).toBe(n.toLocaleString('en'));
    for (let n = 0; n <= 100; n++) expect(percent(n, 100, 'en', 0)).toBe(`${n}%`);
  });
});

describe('money, ranges and odds', () => {
  it('says an amount in the sign currency, and an unknown currency plainly', () => {
    expect(money(50000, 'HKD', 'en')).toBe('HK$50,000');
    expect(money(12.5, 'USD', 'en')).toBe('$12.50');
    expect(money(100, 'XYZW', 'en')).toBe('XYZW 100');
  });
  it('spaces a range and says equal ends once', () => {
    expect(amountRange(100, 5000, 'en')).toBe('100 – 5,000');
    expect(amountRange(100, 100, 'en')).toBe('100');
  });
  it('says a wager range with its currency once', () => {
    expect(moneyRange(100, 5000, 'HKD', 'en')).toBe('HK$100 – 5,000');
    expect(moneyRange(100, 5000, 'CNY', 'zh-Hant')).toBe('CN¥100 – 5,000');
    expect(moneyRange(50, 50, 'HKD', 'en')).toBe('HK$50');
    expect(moneyRange(100, 5000, 'MOP', 'en')).toBe('MOP\u00a0100 – 5,000'); // kept together
    expect(moneyRange(50, 60, 'XYZW', 'en')).toBe('XYZW 50 – 60');
  });
  it('says a wager range with the narrow symbol where a sign column has no room for more', () => {
    expect(moneyRange(100, 5000, 'HKD', 'en', true)).toBe('$100 – 5,000');
    expect(moneyRange(100, 5000, 'CNY', 'zh-Hant', true)).toBe('¥100 – 5,000');
    expect(moneyRange(50, 50, 'HKD', 'en', true)).toBe('$50');
    // No short symbol (pataca, an unknown code): bare, as the header states it; its letters cost a portrait line.
    expect(moneyRange(100, 5000, 'MOP', 'en', true)).toBe('100 – 5,000');
    expect(moneyRange(50, 60, 'XYZW', 'en', true)).toBe('50 – 60');
  });
  it('says odds both ways', () => {
    expect(oddsEn({ win: 19, stake: 20 })).toBe('19 to 20');
    expect(oddsZh({ win: 19, stake: 20 }, 'zh-Hans')).toBe('1 赔 0.95');
    expect(oddsZh({ win: 8, stake: 1 }, 'zh-Hant')).toBe('1 賠 8');
  });
});
