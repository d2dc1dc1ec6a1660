import { describe, expect, it } from 'vitest';
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import { LANGUAGES, defaultLanguage, nextLanguage, strings, type Strings } from './locales';
import { refusalWords } from './refusal-words';

type Words = { [K in keyof Strings as Strings[K] extends (...a: never[]) => string ? K : never]: Strings[K] };

/** Arguments for every function of the tables: a word missing here is a compile error. */
const ARGS: { [K in keyof Words]: Parameters<Words[K]> } = {
  switchLanguage: ['繁體'],
  counted: ['Label', 2],
  table: ['T12'],
  shoe: [3, 7],
  hand: [23],
  round: [24],
  pending: [5],
  takeOverRefused: ['14:03:07'],
  carriedOn: [12, 34, '14:03:07'],
  carriedOnRound: [35],
  wins: ['banker', 4, 9],
  noWagersPoints: ['banker', 5, 9],
  usedUp: ['A♠'],
  usedUpWayOut: ['A♠ 9♥'],
  pointsOf: ['Side'],
  lastResult: [22],
  lastRound: [13],
  roundVoidAgain: [13],
  handsCount: [17, 2],
  startShoe: [6],
  deckCount: [7],
  burnCount: ['7♥', 7],
  burnRule: [7],
  burnDiffers: [3, 1],
  burnConfirm: ['7♥', 6],
  burned: ['7♥', 7],
  noBetCoupMore: [4],
  noBetCoupBetsOpen: [12],
  wagersNotSettled: [12],
  noBetCoups: [3],
  undo: [21, 8],
  redoing: [21],
  endShoeDone: [71, 2],
  endShoeNow: [64, 3],
  endShoeBetsOpen: [12],
  lastCoupNext: [72],
  cutCardOut: [73],
  keyResult: [5],
  ended: [3, 71, 2],
  next: [{ side: 'player', index: 3 }],
  voidHandNow: ['Reason'],
  correctedMark: ['Lee'],
  correctHand: [19],
  cardAt: [{ side: 'player', index: 2 }, '2♠'],
  replacing: [{ side: 'banker', index: 3 }, '9♣'],
  recardSame: ['9♣'],
  recardNotOfSet: ['9♣'],
  recardThirdCards: ['9♣'],
  drawNote: [{ side: 'player', draws: false, points: 7, act: 'take-back', changed: true, natural: null }],
  voidRecorded: [19],
  withdrawCutCard: [64],
  refusedAnother: ['ctl-S3', 'S3'],
  refusedTakenOver: ['ctl-S3', 'S3'],
  refusedSimulator: ['ctl-S3', 'S3'],
  refusedController: ['ctl-S3', 'S3'],
  refusedTakenOverSimulator: ['ctl-S3', 'S3'],
  refusedTakenOverController: ['ctl-S3', 'S3'],
  refusedSince: ['14:05:09'],
  lockedFor: [42],
  refusedEntry: ['the burn count must be 1 to 10'],
  brokerUnreachable: ['connect ECONNREFUSED 10.0.0.5:1883'],
};

/** What an argument must leave in the text (the outcome is said in words, the slot by its index, a note its points). */
const shown = (a: unknown): string[] =>
  typeof a === 'object' && a
    ? [String('points' in a ? a.points : (a as { index: number }).index)]
    : a === 'banker'
      ? []
      : [String(a)];

describe('the keypad’s words', () => {
  it.each(LANGUAGES)('%s has every word, none empty, and says every figure and name it is given', (lang) => {
    const t = strings(lang);
    const en = strings('en');
    expect(t.lang).toBe(lang);
    expect(Object.keys(t).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(t) as [keyof Strings, unknown][]) {
      if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
      else if (typeof value === 'function') {
        const args = ARGS[key as keyof Words] as unknown[];
        const text = (value as (...a: unknown[]) => string)(...args);
        expect(text.trim(), key).not.toBe('');
        for (const a of args) for (const s of shown(a)) expect(text, `${key} shows ${s}`).toContain(s);
      } else {
        const nested = value as Record<string, string>;
        expect(Object.keys(nested).sort(), key).toEqual(Object.keys(en[key] as object).sort());
        for (const [k, v] of Object.entries(nested)) expect(v.trim(), `${key}.${k}`).not.toBe('');
      }
    }
  });

  it("says a dealer's undo in words of each language, and a supervisor as named", () => {
    expect(LANGUAGES.map((l) => strings(l).correctedMark(DEALER_UNDO_BY))).toEqual([
      'corrected by the dealer (undo)',
      '已由荷官更正（撤销）',
      '已由荷官更正（撤銷）',
    ]);
    expect(strings('zh-Hant').correctedMark('林主任')).toBe('已由 林主任 更正');
  });

  it('goes round the languages with one button, each named in its own script', () => {
    expect(nextLanguage('en')).toBe('zh-Hans');
    expect(nextLanguage('zh-Hans')).toBe('zh-Hant');
    expect(nextLanguage('zh-Hant')).toBe('en');
    expect(LANGUAGES.map((l) => strings(l).languageName)).toEqual(['EN', '简体', '繁體']);
  });

  it.each([
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-hk', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hant-HK', 'zh-Hant'],
    ['yue-HK', 'zh-Hant'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans-HK', 'zh-Hans'],
    ['en-US', 'en'],
    ['pt-MO', 'en'],
    ['zu', 'en'],
  ] as const)('a tablet set to %s starts in %s', (tag, lang) => expect(defaultLanguage(tag)).toBe(lang));

  it('writes Traditional as Hong Kong and Macau tables say it, not Simplified in other characters', () => {
    const hant = strings('zh-Hant');
    const text =
      JSON.stringify(hant) +
      Object.entries(ARGS)
        .map(([k, a]) => (hant[k as keyof Words] as (...x: unknown[]) => string)(...a))
        .join('');
    // Simplified forms (the Simplified table's) whose Traditional forms differ: none in the Traditional table …
    const simplified = '庄闲号开关线结发张烧签确认销显键盘连场锦标赛规则处输时钟间离后实个经过这还为错误数';
    expect([...text].filter((c) => simplified.includes(c))).toEqual([]);
    // … and a gaming table is a 枱 (開枱, 收枱, 號枱), the Simplified table's 台 is not Hong Kong's word for it.
    expect([...text].filter((c) => c === '台')).toEqual([]);
    expect(hant.outcome).toEqual({ banker: '莊', player: '閒', tie: '和' });
    expect(hant.hand(23)).toBe('第 23 局'); // the board's numbering (第 n 局), not the mainland's 第 n 手
    expect(hant.openTable).toBe('開枱');
    expect(hant.closeTable).toBe('收枱');
    expect(hant.table('T12')).toBe('T12 號枱');
    expect(hant.lastCoup).toBe('最後一局');
    expect(hant.refusedAnother('ctl-S3', 'S3')).toContain('另一部鍵盤');
  });
});

describe('the reasons a dealer picks', () => {
  // Found by a dealer: "third card exposed (12.1 b)", lower case and a bare rule code. Plain words first, then the
  // rule named as one.
  const reasons = (t: Strings) => [...Object.values(t.announced), ...Object.values(t.voidReasons)];
  it('English starts in sentence case, then names the rule after a dash', () => {
    const t = strings('en');
    expect(t.announced['third-card-exposed']).toBe('Third card exposed — rule 12.1 b');
    for (const r of reasons(t)) expect(r).toMatch(/^[A-Z][a-z ][^()]* — (house rule|tournament rule|rule) \d+\.\d/);
  });
  it.each(LANGUAGES)('%s never leaves a rule number bare', (lang) => {
    for (const r of reasons(strings(lang))) {
      expect(r).not.toMatch(/[(（]\d/);
      expect(r).toMatch(/(rule|规则|規則|场规|場規) \d+\.\d/);
    }
  });
});

describe('a shoe’s hands, counted as its boards count them', () => {
  it.each([
    [17, 2, '17 hands + 2 void'],
    [1, 2, '1 hand + 2 void'],
    [19, 0, '19 hands'],
    [1, 0, '1 hand'],
  ] as const)('%i on the roads and %i void: %s, as the board says it', (played, voids, said) => {
    expect(strings('en').handsCount(played, voids)).toBe(said);
    expect(strings('en').endShoeDone(played, voids)).toBe(`The last coup is dealt: end the shoe (${said})`);
  });
});

describe('a refused keypad names what holds its table', () => {
  const words = {
    en: { keypad: 'Another keypad', simulator: 'table simulator', controller: 'Another table controller' },
    'zh-Hans': { keypad: '另一个键盘', simulator: '牌台模拟器', controller: '另一个牌台控制器' },
    'zh-Hant': { keypad: '另一部鍵盤', simulator: '牌枱模擬器', controller: '另一個牌枱控制器' },
  } as const;
  it.each(LANGUAGES)('%s: another keypad, the table simulator, another controller; refused or taken over', (lang) => {
    const t = strings(lang);
    for (const holder of ['keypad', 'simulator', 'controller'] as const)
      for (const why of ['another-keypad', 'taken-over'] as const) {
        const r = { why, holder, controllerId: 'ctl-S3', version: '0.1.0', since: '2026-01-01T00:00:00.000Z' };
        const { said, what } = refusalWords(t, r, 'S3');
        expect(said, `${holder} ${why}`).toContain(words[lang][holder]);
        expect(said).toContain('ctl-S3');
        // Another controller may be a keypad or the simulator of an older version, and says so; the others are not.
        for (const other of ['keypad', 'simulator', 'controller'] as const)
          if (holder !== 'controller' && other !== holder && !words[lang][holder].includes(words[lang][other]))
            expect(said, `${holder} ${why} is not ${other}`).not.toContain(words[lang][other]);
        expect(what).toBe(
          holder === 'simulator'
            ? t.refusedWhatSimulator
            : holder === 'controller'
              ? t.refusedWhatController
              : t.refusedWhat,
        );
      }
  });
});

describe("a replaced card's third-card notes", () => {
  const notes = [
    { side: 'player', draws: false, points: 7, act: 'take-back', changed: true, natural: null },
    { side: 'banker', draws: true, points: 4, act: 'key', changed: true, natural: null },
    { side: 'player', draws: true, points: 3, act: null, changed: true, natural: null },
    { side: 'banker', draws: false, points: 6, act: null, changed: true, natural: null },
  ] as const;
  it.each(LANGUAGES)('%s says each differently, with the hand and its points', (lang) => {
    const t = strings(lang);
    const said = notes.map((n) => t.drawNote(n));
    expect(new Set(said).size).toBe(notes.length);
    said.forEach((s, i) => {
      expect(s).toContain(String(notes[i]!.points));
      expect(s).toContain(t.outcome[notes[i]!.side]);
    });
  });
});

describe("a natural's third-card notes", () => {
  // The Player's natural 8 ends the coup: the Banker stands on 5 because of it, not by its own points (rule 9.2).
  const natural = { side: 'player', points: 8 } as const;
  const banker = { side: 'banker', draws: false, points: 5, act: 'take-back', changed: true, natural } as const;
  it.each(LANGUAGES)('%s names the natural and the hand whose third card goes, not the hand’s own points', (lang) => {
    const t = strings(lang);
    const said = t.drawNote(banker);
    expect(said).toContain(lang === 'en' ? 'natural 8' : '例牌 8');
    expect(said).toContain(t.outcome.banker);
    expect(said).not.toContain('5');
    expect(t.drawNote({ ...banker, act: null })).not.toBe(said);
    expect(t.drawNote({ ...banker, natural: { side: 'both', points: 9 } })).not.toBe(said);
  });
});

describe('a used-up card key’s way out', () => {
  // The line under the grid names the buttons the dealer taps: "Round void…", then the foreign card's reason.
  it.each(LANGUAGES)('%s names the buttons as they read', (lang) => {
    const t = strings(lang);
    const reason = t.voidReasons['foreign-card'].split(/ — |（/)[0]!;
    expect(t.usedUpWayOut('A♠')).toContain(t.roundVoid);
    expect(t.usedUpWayOut('A♠')).toContain(reason);
    expect(t.usedUpWayOut('A♠')).toContain(t.usedUp('A♠'));
  });
});
