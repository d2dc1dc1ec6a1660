import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../contract/schemas/signage';
import { makeView, type ViewSpec } from '../../test/fixtures/views/build-view';
import { useLanguage } from '../localization';
import { $$, cleanup, mount, textOf } from '../test-support/fixtures';
import './pay-table';

afterEach(async () => {
  cleanup();
  await useLanguage('en');
});
const NOW = Date.UTC(2024, 10, 22, 14, 0, 0);

async function payTable(spec: Omit<ViewSpec, 'shoe'> & { shoe?: string }, lang: Language) {
  const view = makeView({ shoe: 'BPBBPTPPB', ...spec, language: lang }, NOW);
  await useLanguage(lang);
  const el = document.createElement('kiosk-pay-table');
  el.payTable = view.payTable;
  el.language = lang;
  await mount(el, 560, 700);
  return el;
}

describe('<kiosk-pay-table>: Perfect Pairs without a published scale (rule 11A.8)', () => {
  it.each([
    ['en', ['Perfect Pairs', 'Pay scale not published']],
    ['zh-Hans', ['完美对子', '赔率表未公布']],
    ['zh-Hant', ['完美對子', '賠率表未公佈']],
    ['en+zh-Hans', ['Perfect Pairs', 'Pay scale not published', '赔率表未公布']],
    ['en+zh-Hant', ['Perfect Pairs', 'Pay scale not published', '賠率表未公佈']],
  ] as const)('%s: the offered bet stays, saying its scale is not published', async (lang, texts) => {
    const el = await payTable({ sideBets: ['perfectPairs'], perfectPairsScale: null }, lang);
    expect($$(el, '[data-bet=perfectPairs][data-scale=none]')).toHaveLength(1);
    expect($$(el, '.pp')).toHaveLength(0); // no odds made up
    for (const t of texts) expect(textOf(el)).toContain(t);
  });
});

describe('<kiosk-pay-table compact>: the fit’s last step', () => {
  it.each([
    ['modified-odds', 'en+zh-Hans', true],
    ['modified-odds', 'zh-Hant', true],
    ['commission', 'en+zh-Hans', false], // Banker pays 19 to 20: its own line, with its commission
  ] as const)(
    '%s, %s: Player and Banker share a line only when they pay the same (%s)',
    async (variant, lang, shared) => {
      const el = await payTable({ variant, sideBets: ['playerPair', 'bankerPair'] }, lang);
      expect($$(el, '[data-bet=banker]')).toHaveLength(1);
      el.setAttribute('compact', '');
      await el.updateComplete;
      expect($$(el, '[data-bet="player banker"]')).toHaveLength(shared ? 1 : 0);
      expect($$(el, '[data-bet=banker]')).toHaveLength(shared ? 0 : 1);
      expect($$(el, '[data-bet=player]')).toHaveLength(shared ? 0 : 1);
      const text = textOf(el);
      for (const word of lang === 'zh-Hant' ? ['閒', '莊', '1 賠 1'] : ['Player', 'Banker', '1 to 1'])
        expect(text).toContain(word);
      // The six sign stays, its words whole.
      if (variant === 'modified-odds')
        expect($$(el, '[data-sign=modified-odds]')[0]!.textContent).toContain(lang === 'zh-Hant' ? '6' : 'pays 1 to 2');
    },
  );
});

describe('<kiosk-pay-table>: a change signed ahead', () => {
  it.each([
    ['en', ['From hand 31', 'No commission', 'Banker wins with 6 pays 1 to 2']],
    ['zh-Hans', ['第 31 局起', '免佣', '庄家以 6 点胜出 1 赔 0.5']],
    ['zh-Hant', ['第 31 局起', '免佣', '莊家以 6 點勝出 1 賠 0.5']],
    [
      'en+zh-Hans',
      [
        'From hand 31',
        'No commission',
        'Banker wins with 6 pays 1 to 2',
        '第 31 局起',
        '免佣',
        '庄家以 6 点胜出 1 赔 0.5',
      ],
    ],
    [
      'en+zh-Hant',
      [
        'From hand 31',
        'No commission',
        'Banker wins with 6 pays 1 to 2',
        '第 31 局起',
        '免佣',
        '莊家以 6 點勝出 1 賠 0.5',
      ],
    ],
  ] as const)(
    '%s: modified odds from a hand of this shoe, announced beside commission in force',
    async (lang, texts) => {
      const el = await payTable({ scheduled: { variant: 'modified-odds', fromHand: 31 } }, lang);
      const note = $$(el, '.scheduled[data-scheduled="31"][data-variant=modified-odds]');
      expect(note).toHaveLength(1);
      expect(note[0]!.getAttribute('role')).toBe('note');
      for (const t of texts) expect(note[0]!.textContent!.replace(/\s+/g, ' ')).toContain(t);
      expect($$(el, '[data-sign=modified-odds]')).toHaveLength(0); // not in force yet
      expect($$(el, '[data-bet=banker] .odds')[0]!.textContent).toContain(lang.startsWith('zh') ? '0.95' : '19 to 20');
    },
  );

  it.each([
    ['en', ['From the next shoe', 'No commission', 'Banker wins with 6 pays 1 to 2']],
    ['zh-Hant', ['下一牌靴起', '免佣', '莊家以 6 點勝出 1 賠 0.5']],
    ['en+zh-Hans', ['From the next shoe', '下一牌靴起', '免佣', '庄家以 6 点胜出 1 赔 0.5']],
  ] as const)('%s: modified odds from the next shoe', async (lang, texts) => {
    const el = await payTable({ scheduled: { variant: 'modified-odds', fromHand: null } }, lang);
    const note = $$(el, '.scheduled[data-scheduled=next-shoe]');
    expect(note).toHaveLength(1);
    for (const t of texts) expect(note[0]!.textContent!.replace(/\s+/g, ' ')).toContain(t);
  });

  it.each([
    ['en', 'Banker pays 1 to 1 less 5% commission'],
    ['zh-Hans', '庄赢 1 赔 1，抽佣 5%'],
    ['zh-Hant', '莊贏 1 賠 1，抽佣 5%'],
  ] as const)('%s: back to commission from the next shoe, under the modified-odds sign', async (lang, text) => {
    const el = await payTable(
      { variant: 'modified-odds', scheduled: { variant: 'commission', fromHand: null, commissionPercent: 5 } },
      lang,
    );
    expect($$(el, '[data-sign=modified-odds]')).toHaveLength(1);
    const note = $$(el, '.scheduled[data-scheduled=next-shoe][data-variant=commission]');
    expect(note[0]?.textContent?.replace(/\s+/g, ' ')).toContain(text);
  });

  it('announces nothing when no change is scheduled', async () => {
    const el = await payTable({}, 'en');
    expect($$(el, '.scheduled')).toHaveLength(0);
  });
});

describe('<kiosk-pay-table>: side-bet limits beside each side bet (rule 11A.4)', () => {
  const ALL = ['playerPair', 'bankerPair', 'perfectPairs', 'urWayEgalite', 'threeGivesEight'] as const;
  const LIMITS = {
    sideBetLimits: {
      perfectPairs: { minimum: 100, maximum: 5_000 },
      urWayEgalite: { minimum: 50, maximum: 2_500 },
      threeGivesEight: { minimum: 50, maximum: 50 },
    },
  };
  it.each([
    ['en', 'Perfect Pairs: wagers from HK$100 to HK$5,000'],
    ['zh-Hans', '完美对子：投注 HK$100 至 HK$5,000'],
    ['zh-Hant', '完美對子：投注 HK$100 至 HK$5,000'],
    ['en+zh-Hans', 'Perfect Pairs: wagers from HK$100 to HK$5,000 · 完美对子：投注 HK$100 至 HK$5,000'],
  ] as const)('%s: each range in its bet, said in words to assistive technology', async (lang, aria) => {
    const el = await payTable({ sideBets: ALL, perfectPairsScale: 'one', limits: LIMITS }, lang);
    const text = (bet: string) => $$(el, `[data-bet=${bet}] [data-limits=${bet}]`)[0]?.textContent?.trim();
    // In the currency, said once: bare, '50 – 1,000' under '180 to 1' read as another pay.
    expect(text('perfectPairs')).toBe('HK$100 – 5,000');
    expect(text('urWayEgalite')).toBe('HK$50 – 2,500');
    expect(text('threeGivesEight')).toBe('HK$50'); // one amount: the wager is fixed
    expect($$(el, '[data-limits=perfectPairs]')[0]!.getAttribute('aria-label')).toBe(aria);
    expect($$(el, '[data-limits]')).toHaveLength(3); // none for pairs: pairMaximum is in the header
  });

  it.each<[string, object]>([
    ['none on the sign', {}],
    ['a range for a bet not offered', { sideBetLimits: { urWayEgalite: { minimum: 5, maximum: 50 } } }],
  ])('%s: nothing shown', async (_, limits) => {
    const el = await payTable({ sideBets: ['perfectPairs'], perfectPairsScale: 'one', limits }, 'en');
    expect($$(el, '[data-limits]')).toHaveLength(0);
  });

  it('Perfect Pairs offered with no scale published keeps its limits', async () => {
    const el = await payTable({ sideBets: ['perfectPairs'], perfectPairsScale: null, limits: LIMITS }, 'en');
    expect($$(el, '[data-scale=none] [data-limits=perfectPairs]')[0]?.textContent?.trim()).toBe('HK$100 – 5,000');
  });

  it('narrow (a step of the board’s fit): the narrow symbol, the same words to assistive technology', async () => {
    const el = await payTable({ sideBets: ALL, perfectPairsScale: 'one', limits: LIMITS }, 'en');
    el.narrow = true;
    await el.updateComplete;
    expect($$(el, '[data-limits=perfectPairs]')[0]?.textContent?.trim()).toBe('$100 – 5,000');
    expect($$(el, '[data-limits=perfectPairs]')[0]!.getAttribute('aria-label')).toBe(
      'Perfect Pairs: wagers from HK$100 to HK$5,000',
    );
  });
});
