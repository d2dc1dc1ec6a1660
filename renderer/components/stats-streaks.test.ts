/**
 * Issue 13's patron-facing additions, in Chromium: the streaks and the Super 6 count in the statistics, the kind of
 * a pair in the last hand where Perfect Pairs is offered, and the round's phase chip (what the host says, nothing
 * more).
 */
import { html, render } from 'lit';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCards } from '../../baccarat/cards';
import type { ShoeHand } from '../../baccarat/shoe';
import type { RoundView } from '../../contract/kiosk';
import { useLanguage, type Language } from '../localization';
import { $$, cleanup, mapOf, mount, textOf } from '../test-support/fixtures';
import './last-hand';
import { phaseStyles, roundPhase } from './round-phase';
import './stats-panel';

afterEach(cleanup);

describe('<kiosk-stats> streaks and Super 6', () => {
  it.each<[string, string, string, string]>([
    // [shoe, current streak, longest banker:player, text]
    ['BBPPPBTBPPBBBBBBBBP', 'player:1', '8:3', 'Streak'],
    ['PPPPBBT', 'banker:2', '2:4', 'Longest'],
    ['PPPP', 'player:4', '0:4', 'Longest'],
  ])('%s: current %s, longest %s', async (shoe, current, longest, text) => {
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf(shoe).stats();
    el.language = 'en';
    el.wide = true;
    await mount(el, 900, 300);
    expect($$(el, '[data-kind=currentStreak]')[0]!.getAttribute('data-streak')).toBe(current);
    expect($$(el, '[data-kind=longestStreak]')[0]!.getAttribute('data-longest')).toBe(longest);
    expect(textOf(el)).toContain(text);
    expect($$(el, '[data-kind=bankerSix]')).toHaveLength(0); // a commission table: no Super 6
  });

  it('before the first hand: no current streak, longest 0 and 0', async () => {
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf('').stats();
    el.language = 'en';
    await mount(el, 900, 300);
    expect($$(el, '[data-kind=currentStreak]')[0]!.getAttribute('data-streak')).toBe('');
    expect($$(el, '[data-kind=longestStreak]')[0]!.getAttribute('data-longest')).toBe('0:0');
  });

  it.each<['hanzi' | 'letters', string, string]>([
    ['hanzi', 'zh-Hant', '莊閒'],
    ['letters', 'en', 'BP'],
  ])('names the sides as the bead plate does (%s)', async (beadLabel, language, labels) => {
    await useLanguage(language === 'en' ? 'en' : 'zh-Hant');
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf('BBP').stats();
    el.language = language === 'en' ? 'en' : 'zh-Hant';
    el.beadLabel = beadLabel;
    await mount(el, 900, 300);
    expect(
      $$(el, '[data-kind=longestStreak] .mini-bead')
        .map((b) => b.textContent?.trim())
        .join(''),
    ).toBe(labels);
  });

  // Found by a patron's eye: the bead's label was set at the text's size in a bead 1.1 em across, so a hanzi's strokes
  // ran to and past its circle (drawn in the dark ink, off the circle they vanished into the panel: a glyph cut off).
  it.each<['hanzi' | 'letters', Language]>([
    ['hanzi', 'zh-Hans'],
    ['hanzi', 'en+zh-Hant'],
    ['letters', 'en'],
  ])('a streak bead holds its whole label (%s, %s)', async (beadLabel, language) => {
    await useLanguage(language);
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf('BBPB').stats();
    el.language = language;
    el.beadLabel = beadLabel;
    el.wide = true;
    await mount(el, 900, 300);
    const range = document.createRange();
    const beads = $$(el, '.mini-bead:not(.none)');
    expect(beads).toHaveLength(3);
    const outside = beads.flatMap((bead) => {
      const b = bead.getBoundingClientRect();
      // The label's box: its advance across, an em down, about its middle; every corner inside the circle.
      const text = bead.querySelector<SVGTextElement>('text'); // drawn as the bead plate's; before, text in a <span>
      range.selectNodeContents(bead);
      const t = text ? text.getBoundingClientRect() : range.getBoundingClientRect();
      const scale = text ? b.width / 100 : 1; // the bead's viewBox is 100 across
      const em = parseFloat(getComputedStyle(text ?? bead).fontSize) * scale;
      const [cx, cy, r] = [b.left + b.width / 2, b.top + b.height / 2, b.width / 2];
      const [tx, ty] = [t.left + t.width / 2, t.top + t.height / 2];
      const far = Math.hypot(Math.abs(tx - cx) + t.width / 2, Math.abs(ty - cy) + em / 2);
      return far <= r
        ? []
        : [`${bead.textContent}: corner ${far.toFixed(1)} px from the centre, radius ${r.toFixed(1)}`];
    });
    expect(outside).toEqual([]);
    await useLanguage('en');
  });

  it("shows the host's Super 6 count at a no-commission table, with or without the streaks; none without it", async () => {
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf('B(2-6) B(2-7) P').stats();
    el.language = 'en';
    await mount(el, 900, 300);
    expect($$(el, '[data-kind=bankerSix]')).toHaveLength(0);
    el.superSix = 1;
    await el.updateComplete;
    expect($$(el, '[data-kind=bankerSix] .num')[0]!.textContent).toBe('1');
    expect(textOf(el)).toContain('Super 6');
    // A board whose signs leave no room for the streak line keeps the Super 6 count.
    el.withoutStreaks = true;
    await el.updateComplete;
    expect($$(el, '[data-kind=currentStreak], [data-kind=longestStreak]')).toHaveLength(0);
    expect($$(el, '[data-kind=bankerSix] .num')[0]!.textContent).toBe('1');
  });

  it.each(['en', 'zh-Hans', 'en+zh-Hant'] as const)(
    '%s: every figure keeps its room as the counts grow, so nothing moves or wraps anew',
    async (lang) => {
      await useLanguage(lang);
      const el = document.createElement('kiosk-stats');
      el.language = lang;
      el.wide = true;
      el.superSix = 0;
      el.shoeNo = 3;
      await mount(el, 1000, 300);
      // Where each item stands: at the start of a shoe (nothing yet), after one hand, and late in a long one with
      // two-digit counts everywhere (hand 100: three digits).
      const places = async (shoe: string, hand: number) => {
        el.stats = mapOf(shoe).stats();
        el.hand = hand;
        await el.updateComplete;
        return $$(el, '.figure, .denominator, .row, .extra').map((e) => {
          const r = e.getBoundingClientRect();
          return { item: `${e.className} ${e.getAttribute('data-kind') ?? ''}`, at: [r.left, r.top, r.width] };
        });
      };
      // The same items, none more than half a pixel from where it was (a bold digit is a hair wider than 1ch).
      const moved = (a: Awaited<ReturnType<typeof places>>, b: typeof a) =>
        a.length !== b.length
          ? ['not the same items']
          : a.flatMap((x, i) =>
              x.item !== b[i]!.item || x.at.some((v, k) => Math.abs(v - b[i]!.at[k]!) > 0.5)
                ? [
                    `${x.item}: ${x.at.map((v) => v.toFixed(1)).join(' ')} → ${b[i]!.at.map((v) => v.toFixed(1)).join(' ')}`,
                  ]
                : [],
            );
      // 100 hands: 12 Banker wins with 6 (both pairs), 12 Player naturals, 51 ties, streaks of 12 and 13.
      const long = 'B^_(2-6)'.repeat(12) + 'P*(8-2)'.repeat(12) + 'T'.repeat(51) + 'B'.repeat(12) + 'P'.repeat(13);
      const empty = await places('', 0);
      expect(moved(empty, await places('B', 1))).toEqual([]);
      expect(mapOf(long).stats().hands).toBe(100);
      expect(moved(empty, await places(long, 100))).toEqual([]);
    },
  );
});

/**
 * The tie count stood far from its label: its figures kept the room of "88 88%" right-aligned, so "Tie 4 5%" had a
 * gulf of two digits between "Tie" and "4". The count is right-aligned in a slot of two digits right after its label;
 * the share follows it; their room together is unchanged, so nothing moves as the counts grow.
 */
describe('<kiosk-stats> counts beside their labels', () => {
  it.each(['en', 'zh-Hans'] as const)('%s: a one- or two-digit tie count stands close to its label', async (lang) => {
    await useLanguage(lang);
    const el = document.createElement('kiosk-stats');
    el.language = lang;
    el.wide = true;
    el.shoeNo = 3;
    await mount(el, 1000, 300);
    const range = document.createRange();
    const at = async (shoe: string) => {
      el.stats = mapOf(shoe).stats();
      el.hand = el.stats.hands;
      await el.updateComplete;
      const row = $$(el, '.row.tie')[0]!;
      const em = parseFloat(getComputedStyle(row).fontSize);
      const name = row.querySelector('.name')!.getBoundingClientRect();
      range.selectNodeContents(row.querySelector('.count')!);
      const digits = range.getBoundingClientRect();
      return { gap: (digits.left - name.right) / em, right: digits.right, row: row.getBoundingClientRect().width };
    };
    const one = await at('BP'.repeat(23) + 'TTTT'); // 4 ties of 50: "4 8%"
    const two = await at('BP'.repeat(40) + 'T'.repeat(14)); // 14 of 94: "14 15%"
    expect(one.gap, 'one digit').toBeLessThan(1);
    expect(two.gap, 'two digits').toBeLessThan(0.5);
    expect(Math.abs(one.right - two.right), 'the digits right-aligned: 4 and 14 end where they did').toBeLessThan(0.5);
    expect(Math.abs(one.row - two.row), 'the row keeps its room').toBeLessThan(0.5);
    await useLanguage('en');
  });
});

function hand(player: string, banker: string, pairs: { player: boolean; banker: boolean }): ShoeHand {
  const p = parseCards(player);
  const b = parseCards(banker);
  if (!p.ok || !b.ok) throw new Error('bad cards');
  return {
    no: 9,
    hand: { outcome: 'player', playerPair: pairs.player, bankerPair: pairs.banker, natural: false },
    cards: { player: p.value, banker: b.value },
  };
}

describe('<kiosk-last-hand> pair kinds', () => {
  it.each<[string, string, string, boolean, string[]]>([
    // [player, banker, language, Perfect Pairs offered, kinds shown: player then banker]
    ['7H 7H', '2C 5D', 'en', true, ['perfect']],
    ['7H 7D', '2C 2S', 'en', true, ['coloured', 'coloured']],
    ['7H 7S', '3C 3D', 'en', true, ['mixed', 'mixed']],
    ['7H 7S', '3C 3D', 'en', false, ['', '']],
  ])('%s / %s (%s, offered: %s)', async (player, banker, language, offered, kinds) => {
    const el = document.createElement('kiosk-last-hand');
    el.hand = hand(player, banker, { player: kinds.length > 0, banker: kinds.length > 1 });
    el.language = language === 'en' ? 'en' : 'zh-Hans';
    el.pairKinds = offered;
    await mount(el, 480, 300);
    expect($$(el, '.badge.pair').map((b) => b.getAttribute('data-pair-kind') ?? '')).toEqual(kinds);
  });

  it('says the kind in the pay table words: "Perfect" in English, 完美 in Chinese, both on a bilingual board', async () => {
    const el = document.createElement('kiosk-last-hand');
    el.hand = hand('QS QS', '2C 5D', { player: true, banker: false });
    el.language = 'en';
    el.pairKinds = true;
    await mount(el, 480, 300);
    expect($$(el, '.badge.pair')[0]!.textContent!.trim()).toBe('Perfect');
    await useLanguage('en+zh-Hans');
    el.language = 'en+zh-Hans';
    await el.updateComplete;
    // In both: 完美 alone left a bilingual board's English readers a word they could not read.
    expect($$(el, '.badge.pair')[0]!.textContent!.trim()).toBe('Perfect完美');
    expect($$(el, '.badge.pair')[0]!.getAttribute('aria-label')).toBe('Pair · 对子: Perfect · 完美');
  });
});

describe('the round phase chip', () => {
  it.each<[RoundView | null, string | null, string, string | null]>([
    [{ phase: 'betsOpen', hand: 41 }, 'betsOpen', '#41 Bets open', 'Hand 41: Bets open'],
    [{ phase: 'noMoreBets', hand: 41 }, 'noMoreBets', '#41 No more bets', 'Hand 41: No more bets'],
    [{ phase: 'dealing', hand: 12 }, 'dealing', '#12 Dealing', 'Hand 12: Dealing'],
    [null, null, '', null],
  ])('%j', async (round, phase, text, label) => {
    const chip = await chipOf(round, 'en');
    expect(chip?.getAttribute('data-phase') ?? null).toBe(phase);
    expect((chip?.textContent ?? '').replace(/\s+/g, ' ').trim()).toBe(text);
    expect(chip?.getAttribute('aria-label') ?? null).toBe(label);
  });

  // While bets are open for hand 46 the statistics count 45 hands: the chip says which round is bet on.
  it.each<[Language, string, string]>([
    ['zh-Hans', '#46 请下注', '第 46 局: 请下注'],
    ['en+zh-Hant', '#46 Bets open請下注', 'Hand 46 · 第 46 局: Bets open · 請下注'],
  ])('%s', async (lang, text, label) => {
    const chip = await chipOf({ phase: 'betsOpen', hand: 46 }, lang);
    expect((chip?.textContent ?? '').replace(/\s+/g, ' ').trim()).toBe(text);
    // 第 46 局 held together by no-break spaces (a line never breaks inside it); read alike.
    expect(chip?.getAttribute('aria-label')?.replaceAll('\u00a0', ' ')).toBe(label);
  });
});

async function chipOf(round: RoundView | null, lang: Language): Promise<Element | null> {
  await useLanguage(lang);
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  const sheet = phaseStyles.styleSheet;
  if (sheet) root.adoptedStyleSheets = [sheet];
  render(html`${roundPhase(round, lang)}`, root);
  document.body.append(host);
  return root.querySelector('.phase');
}
