import { afterEach, describe, expect, it } from 'vitest';
import { parseCards } from '../../baccarat/cards';
import { addHand, newShoe, type ShoeHand } from '../../baccarat/shoe';
import { payTableView } from '../../contract/pay-table-view';
import type { TableSignage } from '../../contract/schemas';
import { signage } from '../../test/helpers/table-messages';
import { makeView } from '../../test/fixtures/views/build-view';
import { useLanguage } from '../localization';
import { $$, cleanup, mapOf, mount, settle, textOf } from '../test-support/fixtures';
import './ask-panel';
import './last-hand';
import './limits-panel';
import './pay-table';
import './stats-panel';

afterEach(cleanup);
const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const NOW = Date.UTC(2024, 10, 22, 14, 0, 0);

/** Counts the calls of `el[name]` from now on (the method still runs). */
function spyOn<T extends object>(el: T, name: keyof T & string): () => number {
  const method = el[name] as unknown as (...args: unknown[]) => unknown;
  let calls = 0;
  Object.defineProperty(el, name, {
    configurable: true,
    value(this: T, ...args: unknown[]) {
      calls++;
      return method.apply(this, args);
    },
  });
  return () => calls;
}

describe('<kiosk-ask>', () => {
  it('shows Example A: next Banker gives blue on all three roads, next Player red', async () => {
    const el = document.createElement('kiosk-ask');
    el.ask = mapOf('BBPPPBTBPPBBBBBBBBP').ask();
    el.language = 'en';
    await mount(el, 480, 200);
    const colours = (side: string) =>
      $$(el, `.group[data-side=${side}] .slot[data-road]`).map((s) => s.getAttribute('data-colour'));
    expect(colours('banker')).toEqual(['blue', 'blue', 'blue']);
    expect(colours('player')).toEqual(['red', 'red', 'red']);
    expect($$(el, '.group[data-side=banker] circle.ring.blue')).toHaveLength(1);
    expect($$(el, '.group[data-side=banker] circle.dot.blue')).toHaveLength(1);
    expect($$(el, '.group[data-side=banker] path.slash.blue')).toHaveLength(1);
    expect(textOf(el)).toContain('Ask roads');
    expect($$(el, '[role=group]')[0]!.getAttribute('aria-label')).toBe('Ask roads');
    // Which ask each group is: said to assistive technology, and shown by the letter in its big-road circle.
    expect($$(el, '.group').map((g) => g.getAttribute('aria-label'))).toEqual(['Banker ask', 'Player ask']);
    // As the bead plate labels the sides (the Macau 庄 / 閒 by default, on an English board too), or B / P.
    expect($$(el, '.group .letter').map((t) => t.textContent)).toEqual(['庄', '閒']);
    el.beadLabel = 'letters';
    await el.updateComplete;
    expect($$(el, '.group .letter').map((t) => t.textContent)).toEqual(['B', 'P']);
  });

  it('leaves a road empty where it would not produce a mark yet (after "BP" only the big eye boy)', async () => {
    const el = document.createElement('kiosk-ask');
    el.ask = mapOf('BP').ask();
    el.language = 'en';
    await mount(el, 480, 200);
    expect($$(el, '.group[data-side=banker] .slot.empty').map((s) => s.getAttribute('data-road'))).toEqual([
      'smallRoad',
      'cockroachPig',
    ]);
    expect($$(el, '.group[data-side=banker] .slot[data-road=bigEyeBoy]')[0]!.getAttribute('aria-label')).toBe(
      'Big Eye Boy: red',
    );
  });
  it('follows a new hand a frame after its result, and at once when it leaves the page', async () => {
    const el = document.createElement('kiosk-ask');
    el.ask = mapOf('BP').ask();
    el.language = 'en';
    await mount(el, 480, 200);
    const empty = () => $$(el, '.group[data-side=banker] .slot.empty').length;
    expect(empty()).toBe(2);
    const renders = spyOn(el, 'render');
    el.ask = mapOf('BBPPPBTBPPBBBBBBBBP').ask();
    await el.updateComplete;
    expect(empty()).toBe(2); // the frame that shows the result leaves the preview as it was …
    expect(renders()).toBe(0); // … without even rendering it again
    await settle(el);
    expect(empty()).toBe(0); // … the next shows the new one
    expect(renders()).toBe(1);
    el.ask = mapOf('BP').ask();
    el.language = 'zh-Hant'; // anything else that changes with it renders at once (the preview still follows)
    await el.updateComplete;
    expect(renders()).toBe(2);
    expect(empty()).toBe(0);
    await settle(el);
    expect(empty()).toBe(2);
    el.language = 'en';
    el.ask = mapOf('BP').ask();
    await el.updateComplete;
    el.remove(); // a board re-laid out mid-frame: the change is not lost
    await el.updateComplete;
    expect(empty()).toBe(2);
  });
});

describe('<kiosk-stats>', () => {
  it('shows counts, percentages and their denominator', async () => {
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf('BBPPPBTBPPBBBBBBBBP^_*').stats();
    el.hand = 19;
    el.shoeNo = 3;
    el.language = 'en';
    await mount(el, 480, 400);
    const text = textOf(el);
    expect(said(el)).toBe('19 hands');
    expect($$(el, '[data-denominator]')[0]!.getAttribute('data-denominator')).toBe('19');
    expect($$(el, '.row[data-kind=banker] .count')[0]!.textContent).toBe('12');
    expect($$(el, '.row[data-kind=banker] .pct')[0]!.textContent).toBe('63.2%');
    expect($$(el, '.row[data-kind=player] .pct')[0]!.textContent).toBe('31.6%');
    expect($$(el, '.row[data-kind=tie] .pct')[0]!.textContent).toBe('5.3%');
    expect($$(el, '[data-kind=bankerPair] .num')[0]!.textContent).toBe('1');
    expect($$(el, '[data-kind=playerPair] .num')[0]!.textContent).toBe('1');
    expect($$(el, '[data-kind=natural] .num')[0]!.textContent).toBe('1');
    expect($$(el, '[data-value=shoe]')[0]!.textContent).toBe('3');
    expect($$(el, '[data-value=hand]')[0]!.textContent).toBe('19');
    expect(text.replace('888 hands + 8 void', '')).not.toContain('void'); // but the room kept for one (hidden)
  });

  it.each([
    ['en', 'Hand', '19 hands + 2 void'],
    ['zh-Hans', '局数', '19 局 + 2 局无效'],
    ['zh-Hant', '局數', '19 局 + 2 局無效'],
    ['en+zh-Hant', 'Hand', '19 hands + 2 void19 局 + 2 局無效'],
  ] as const)(
    '%s: "Hand" is the dealer\'s number of the last hand; the counts say they leave void hands out',
    async (lang, label, denominator) => {
      await useLanguage(lang);
      const el = document.createElement('kiosk-stats');
      el.stats = mapOf('BBPPPBTBPPBBBBBBBBP').stats(); // 19 hands on the roads
      el.hand = 21; // two more were dealt as void hands
      el.language = lang;
      await mount(el, 480, 400);
      expect($$(el, '[data-value=hand]')[0]!.textContent).toBe('21');
      expect($$(el, '.figure.hand .label')[0]!.textContent).toContain(label);
      expect(said(el)).toBe(denominator);
      expect($$(el, '[data-void]')[0]!.getAttribute('data-void')).toBe('2');
      await useLanguage('en');
    },
  );

  it('shows no shoe number when the controller gives none (no made-up number)', async () => {
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf('BP').stats();
    el.hand = 2;
    el.language = 'en';
    await mount(el, 480, 400);
    expect($$(el, '[data-value=shoe]')).toHaveLength(0);
    expect(textOf(el)).not.toContain('Shoe');
  });

  it('says "–" rather than dividing by zero before the first hand', async () => {
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf('').stats();
    el.language = 'en';
    await mount(el, 480, 400);
    expect($$(el, '.pct').map((p) => p.textContent)).toEqual(['–', '–', '–']);
    expect(said(el)).toBe(''); // "Hand –" says it (and the board's last hand)
  });

  // Found by hand: "Hand 14 · of 13 hands · 1 void", "of 1 hands", and at a shoe's start "Shoe 1 of 0 hands" (a
  // landscape board's head line runs the shoe number into the count). Read from across the table, in every language.
  // Found by a patron's eye: "Hand 79 … 79 hands" said one number twice, side by side; the head line counts the
  // hands only where they fall short of the hand number (void hands) or there are none yet.
  it.each([
    // language, notation on the roads, hand number, the head line as patrons read it
    ['en', '', 0, 'Hand – Shoe 1'],
    ['en', 'B', 1, 'Hand 1 Shoe 1'],
    ['en', 'BP', 2, 'Hand 2 Shoe 1'],
    ['en', '', 1, 'Hand 1 Shoe 1 0 hands + 1 void'],
    ['en', 'B', 2, 'Hand 2 Shoe 1 1 hand + 1 void'],
    ['en', 'BBPPPBTBPPBBB', 14, 'Hand 14 Shoe 1 13 hands + 1 void'],
    ['zh-Hans', '', 0, '局数 – 牌靴 1'],
    ['zh-Hans', 'B', 1, '局数 1 牌靴 1'],
    ['zh-Hans', 'BBPPPBTBPPBBB', 14, '局数 14 牌靴 1 13 局 + 1 局无效'],
    ['zh-Hant', '', 0, '局數 – 牌靴 1'],
    ['zh-Hant', 'BBPPPBTBPPBBB', 13, '局數 13 牌靴 1'],
    ['zh-Hant', 'B', 3, '局數 3 牌靴 1 1 局 + 2 局無效'],
    ['en+zh-Hans', '', 0, 'Hand 局数 – Shoe 牌靴 1'],
    ['en+zh-Hant', 'B', 1, 'Hand 局數 1 Shoe 牌靴 1'],
    ['en+zh-Hant', 'BBPPPBTBPPBBB', 14, 'Hand 局數 14 Shoe 牌靴 1 13 hands + 1 void 13 局 + 1 局無效'],
  ] as const)('%s, %j on the roads at hand %i: "%s"', async (lang, notation, hand, head) => {
    await useLanguage(lang);
    const el = document.createElement('kiosk-stats');
    el.stats = mapOf(notation).stats();
    el.hand = hand;
    el.shoeNo = 1;
    el.wide = true;
    el.language = lang;
    await mount(el, 1200, 200);
    const line = $$(el, '.head')[0]!;
    const words = (e: Element): string[] =>
      e.classList.contains('widest') ? [] : e.children.length ? [...e.children].flatMap(words) : [e.textContent ?? ''];
    expect(words(line).join(' ').replace(/\s+/g, ' ').trim()).toBe(head);
    expect(textOf(el)).not.toMatch(/\bof\b/);
    await useLanguage('en');
  });
});

/** The hands the counts are of, as said (not the room kept for the widest). */
const said = (el: HTMLElement): string => $$(el, '.denominator .said')[0]!.textContent!.replace(/\s+/g, ' ').trim();

function hand(player: string, banker: string, over: Partial<ShoeHand> = {}): ShoeHand {
  const p = parseCards(player);
  const b = parseCards(banker);
  if (!p.ok || !b.ok) throw new Error('bad cards');
  return {
    no: 12,
    hand: { outcome: 'banker', playerPair: false, bankerPair: true, natural: false, playerPoints: 5, bankerPoints: 7 },
    cards: { player: p.value, banker: b.value },
    ...over,
  };
}

describe('<kiosk-last-hand>', () => {
  it('draws both hands as cards, the third sideways, red suits red, and marks the winner', async () => {
    const el = document.createElement('kiosk-last-hand');
    el.hand = hand('9H 6S KC', '7D 7C');
    el.language = 'en';
    await mount(el, 480, 300);
    expect($$(el, '[data-side=player] .card')).toHaveLength(3);
    expect($$(el, '[data-side=banker] .card')).toHaveLength(2);
    expect($$(el, '[data-side=player] .card.sideways').map((c) => c.getAttribute('data-card'))).toEqual(['KC']);
    expect($$(el, '.card.red').map((c) => c.getAttribute('data-card'))).toEqual(['9H', '7D']);
    expect($$(el, '.card')[0]!.getAttribute('aria-label')).toBe('9♥');
    expect($$(el, '[data-side=banker]')[0]!.classList.contains('won')).toBe(true);
    expect($$(el, '[data-side=player]')[0]!.classList.contains('won')).toBe(false);
    expect($$(el, '[data-side=banker] .points')[0]!.textContent).toBe('7');
    expect($$(el, '[data-side=banker] .badge.pair')).toHaveLength(1);
    expect($$(el, '[data-verdict]').map((v) => v.getAttribute('data-verdict'))).toEqual(['banker']);
    const sideways = $$(el, '.card.sideways')[0]!.getBoundingClientRect();
    expect(sideways.width).toBeGreaterThan(sideways.height); // turned a quarter, as dealers place it
  });

  it('shows a void hand and a tie for what they are', async () => {
    const el = document.createElement('kiosk-last-hand');
    el.hand = hand('9H 9S', '8D KC', {
      hand: { outcome: 'tie', playerPair: true, bankerPair: false, natural: true, playerPoints: 8, bankerPoints: 8 },
      voidHand: { kind: 'noBetsThisHand', reason: '12.3' },
    });
    el.language = 'en';
    await mount(el, 480, 300);
    expect(textOf(el)).toContain('No bets this hand');
    // No verdict: a green "Tie" beside "No bets this hand" read as the Tie bet's 8 to 1; the points say 8 – 8.
    expect($$(el, '[data-verdict]')).toHaveLength(0);
    expect($$(el, '[data-side] .points').map((p) => p.textContent)).toEqual(['8', '8']);
    expect($$(el, '.badge.natural')).toHaveLength(0); // no bet was settled on it: its sides claim nothing
    // A round voided after its result: no verdict either. The same hand settled: its tie said once, by its number.
    const { voidHand: _, ...settled } = el.hand!;
    el.hand = { ...settled, voided: { reason: 'misdeal' } };
    await el.updateComplete;
    expect($$(el, '[data-verdict=tie]')).toHaveLength(0);
    el.hand = settled;
    await el.updateComplete;
    expect($$(el, '[data-verdict=tie]')).toHaveLength(1);
    expect($$(el, '.top [data-verdict=tie]')).toHaveLength(1);
  });

  it('frames no winner on a void hand: beside "No bets this hand", a gold frame read as a win', async () => {
    const bankerEight = hand('6H 7C AH', '8H 3D 7D', {
      hand: {
        outcome: 'banker',
        playerPair: false,
        bankerPair: false,
        natural: false,
        playerPoints: 4,
        bankerPoints: 8,
      },
    });
    const el = document.createElement('kiosk-last-hand');
    el.hand = { ...bankerEight, voidHand: { kind: 'noBetsThisHand', reason: 'first-card-face-up' } };
    el.language = 'en';
    await mount(el, 480, 300);
    expect(textOf(el)).toContain('No bets this hand');
    expect($$(el, '.side.won')).toHaveLength(0);
    expect($$(el, '[data-verdict]')).toHaveLength(0);
    // The same hand settled: Banker framed and said to have won.
    el.hand = bankerEight;
    await el.updateComplete;
    expect($$(el, '[data-side=banker]')[0]!.classList.contains('won')).toBe(true);
    expect($$(el, '[data-verdict=banker]')).toHaveLength(1);
  });

  // The width a side has (--kiosk-last-hand-side) caps its cards: measured from a ruler of the sides' width, so that a
  // hand changing only their height wakes no observer. It still follows a change of width.
  it("keeps the sides' width for their styles, following the panel's width", async () => {
    const el = document.createElement('kiosk-last-hand');
    el.hand = hand('9H 6S KC', '7D 7C');
    el.language = 'en';
    await mount(el, 480, 300);
    const sideWidth = () => parseFloat(el.style.getPropertyValue('--kiosk-last-hand-side'));
    const content = () => {
      const side = $$(el, '.side')[0]!;
      const s = getComputedStyle(side);
      return side.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    };
    expect(sideWidth()).toBeCloseTo(content(), 0);
    const before = sideWidth();
    el.parentElement!.style.width = '640px';
    await settle(el);
    expect(sideWidth()).toBeGreaterThan(before + 100);
    expect(sideWidth()).toBeCloseTo(content(), 0);
  });

  it('says so before the first hand', async () => {
    const el = document.createElement('kiosk-last-hand');
    el.language = 'en';
    await mount(el, 480, 300);
    expect(textOf(el)).toContain('No hands yet');
  });
});

describe('<kiosk-pay-table>', () => {
  it('commission game: Banker 1 to 1 less 5% commission (19 to 20), tie 8 to 1, pairs 11 to 1, no 6 sign', async () => {
    const view = makeView({ shoe: 'BPB', language: 'en' }, NOW);
    const el = document.createElement('kiosk-pay-table');
    el.payTable = view.payTable;
    el.language = 'en';
    await mount(el, 480, 600);
    const odds = (bet: string) => $$(el, `[data-bet=${bet}] .odds`)[0]?.textContent?.trim();
    expect(odds('banker')).toBe('19 to 20');
    expect(textOf(el)).toContain('less 5% commission');
    expect(odds('player')).toBe('1 to 1');
    expect(odds('tie')).toBe('8 to 1');
    expect(odds('pairs')).toBe('11 to 1');
    expect($$(el, '[data-sign=modified-odds]')).toHaveLength(0);
  });

  it('modified odds: the sign "Banker wins with 6 pays 1 to 2" is up, and only while modifiedOddsSign', async () => {
    const view = makeView({ shoe: 'BPB', language: 'en', variant: 'modified-odds' }, NOW);
    const el = document.createElement('kiosk-pay-table');
    el.payTable = view.payTable;
    el.language = 'en';
    await mount(el, 480, 600);
    const sign = $$(el, '[data-sign=modified-odds]');
    expect(sign).toHaveLength(1);
    expect(sign[0]!.textContent).toContain('Banker wins with 6 pays 1 to 2');
    expect(sign[0]!.getAttribute('role')).toBe('note');
    expect($$(el, '[data-bet=banker] .odds')[0]!.textContent?.trim()).toBe('1 to 1');
    el.payTable = { ...view.payTable!, modifiedOddsSign: false };
    await el.updateComplete;
    expect($$(el, '[data-sign=modified-odds]')).toHaveLength(0);
  });

  it('modified odds ending: the sign stays up while the last round under it is settled (rule 5.11)', async () => {
    // Modified odds until hand 30, commission from hand 31; hand 30 dealt, round 31 not begun: the rows are round
    // 31's (commission), and the sign is still up for round 30's wagers, as the host says (modifiedOddsSign).
    const off = signage(7, {
      variant: { kind: 'commission', commissionPercent: 5, effectiveFromShoe: 'S1', effectiveFromHand: 31 },
      previousVariant: { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 1 },
      updatedAt: '2026-11-22T10:30:00.000Z',
    }) as TableSignage;
    let shoe = unwrap(newShoe('S1', { decks: 8, at: '2026-11-22T10:00:00.000Z' }));
    const hand = { outcome: 'banker', playerPair: false, bankerPair: false, natural: false } as const;
    for (let no = 1; no <= 30; no++) shoe = unwrap(addHand(shoe, { no, hand }));
    const view = payTableView(off, null, shoe)!;
    expect(view).toMatchObject({ variant: 'commission', modifiedOddsSign: true });
    const el = document.createElement('kiosk-pay-table');
    el.payTable = view;
    el.language = 'en';
    await mount(el, 480, 600);
    const sign = $$(el, '[data-sign=modified-odds]');
    expect(sign).toHaveLength(1);
    expect(sign[0]!.textContent).toContain('Banker wins with 6 pays 1 to 2');
    expect($$(el, '[data-bet=banker] .odds')[0]!.textContent?.trim()).toBe('19 to 20');
  });

  it.each([
    ['one', 'Pay Scale One', ['5 to 1', '10 to 1', '30 to 1']],
    ['two', 'Pay Scale Two', ['6 to 1', '12 to 1', '25 to 1']],
  ] as const)('Perfect Pairs shows the scale in operation (%s)', async (scale, name, odds) => {
    const view = makeView({ shoe: 'BP', language: 'en', sideBets: ['perfectPairs'], perfectPairsScale: scale }, NOW);
    const el = document.createElement('kiosk-pay-table');
    el.payTable = view.payTable;
    el.language = 'en';
    await mount(el, 480, 600);
    expect($$(el, `[data-bet=perfectPairs][data-scale=${scale}]`)).toHaveLength(1);
    expect(textOf(el)).toContain(name);
    expect($$(el, '.pp .odds').map((o) => o.textContent?.trim())).toEqual(odds);
    expect($$(el, '[data-bet=pairs]')).toHaveLength(0); // pairs not offered here
  });

  it('UR Way Égalité and 3 gives 8 where offered; tie 9 to 1; Chinese odds per unit staked', async () => {
    const view = makeView(
      { shoe: 'BP', language: 'zh-Hans', tiePays: 9, sideBets: ['urWayEgalite', 'threeGivesEight'] },
      NOW,
    );
    await useLanguage('zh-Hans');
    const el = document.createElement('kiosk-pay-table');
    el.payTable = view.payTable;
    el.language = 'zh-Hans';
    await mount(el, 480, 600);
    expect($$(el, '.ur-cell')).toHaveLength(10);
    expect($$(el, '.ur-cell[data-score="2"] .num')[0]!.textContent).toBe('225'); // "N to 1" said once, in its title
    expect($$(el, '.ur-way .to-one-note')[0]!.textContent).toBe('(N:1)');
    expect($$(el, '[data-bet=threeGivesEight] .odds')[0]!.textContent?.trim()).toBe('1 赔 180');
    expect($$(el, '[data-bet=tie] .odds')[0]!.textContent?.trim()).toBe('1 赔 9');
    expect($$(el, '[data-bet=banker] .odds')[0]!.textContent?.trim()).toBe('1 赔 0.95');
    await useLanguage('en');
  });
});

describe('<kiosk-limits>', () => {
  it('formats the limits in the sign currency, with the max table differential', async () => {
    const view = makeView({ shoe: 'B', currency: 'HKD', language: 'en' }, NOW);
    const el = document.createElement('kiosk-limits');
    el.signage = view.signage;
    el.language = 'en';
    await mount(el, 480, 300);
    const amount = (k: string) => $$(el, `[data-limit=${k}] .amount`)[0]?.textContent;
    expect(amount('minimum')).toBe('HK$500');
    expect(amount('maximum')).toBe('HK$50,000');
    expect(amount('tieMaximum')).toBe('HK$5,000');
    expect(amount('pairMaximum')).toBe('HK$2,500');
    expect(amount('maxDifferential')).toBe('HK$100,000');
    expect(textOf(el)).toContain('Max differential');
    expect(textOf(el)).toContain('Tie max');
  });

  it('shows the pair maximum only where a pair bet is offered (patrons read it as pair bets taken)', async () => {
    const view = makeView({ shoe: 'B', currency: 'HKD', language: 'en' }, NOW);
    const el = document.createElement('kiosk-limits');
    el.signage = view.signage;
    el.language = 'en';
    el.pairsOffered = false;
    await mount(el, 480, 300);
    expect($$(el, '[data-limit=pairMaximum]')).toHaveLength(0);
    expect(textOf(el)).not.toContain('Pair max');
    expect($$(el, '[data-limit=tieMaximum]')).toHaveLength(1);
  });

  it('shows cents only when an amount has them, in any currency', async () => {
    const view = makeView({ shoe: 'B', currency: 'AUD', limits: { minimum: 12.5 }, language: 'en' }, NOW);
    const el = document.createElement('kiosk-limits');
    el.signage = view.signage;
    el.language = 'en';
    await mount(el, 480, 300);
    expect($$(el, '[data-limit=minimum] .amount')[0]!.textContent).toBe('A$12.50');
    expect($$(el, '[data-limit=maximum] .amount')[0]!.textContent).toBe('A$50,000');
  });
});
