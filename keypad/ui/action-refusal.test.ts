import { describe, expect, test } from 'vitest';
import { stateAfter } from '../../test/helpers/keypad-actions';
import { act, recardRefusal, refusal, undoRefusal, type KeypadState } from '../keypad-state';
import {
  STATE_CODES,
  type Action,
  type ActionRequest,
  type RecardCode,
  type RefusalCode,
  type StateCode,
} from '../protocol';
import { parseCard } from '../../baccarat/cards';
import { refusalMessage } from './action-refusal';
import { LANGUAGES, strings, type Language } from './locales';

const AT = '2024-11-22T14:00:00.000Z';
const card = (text: string) => {
  const c = parseCard(text);
  if (!c.ok) throw new Error(c.error);
  return c.value;
};

const state = (actions: readonly Action[]): KeypadState => stateAfter(actions, AT);

// P 2♠ 3♦ then 4♥, B K♣ K♦ (the Banker's third card due). Four decks: the 5♦ keyed four times is not of the set.
const ROUND = state([
  { type: 'open-table' },
  { type: 'new-shoe', decks: 4, shoeId: 'S1' },
  { type: 'bets-open' },
  { type: 'no-more-bets' },
  ...['2S', 'KC', '3D', 'KD', '4H'].map((c): Action => ({ type: 'card', card: c })),
]);

describe('a card refused as the replacement of a card of the round', () => {
  test.each([
    ['the same card', 2, '3D', 'same-card'],
    ['a 7 for the Player: it stands, its third card goes', 2, '5D', 'third-cards'],
  ] as const)('%s: %s', (_, index, text, code) => {
    expect(recardRefusal(ROUND, index, card(text))?.code).toBe(code);
    expect(act(ROUND, { type: 'recard', index, card: text }, { at: AT, undoMs: 0 }).ok).toBe(false);
  });

  test('a card the shoe holds no more of; a replacement that keeps every slot is allowed', () => {
    const full = { ...ROUND, entry: [...ROUND.entry, card('6C'), card('6C'), card('6C'), card('6C')] };
    expect(recardRefusal(full, 0, card('6C'))?.code).toBe('not-of-set');
    expect(recardRefusal(ROUND, 0, card('AS'))).toBeNull();
    expect(recardRefusal(ROUND, 9, card('AS'))).toMatchObject({ error: 'no card 10 to replace' });
    expect(recardRefusal(ROUND, 9, card('AS'))?.code).toBeUndefined();
  });

  test.each(LANGUAGES)('%s: said in the keypad’s words, with the card', (lang) => {
    const t = strings(lang);
    const request: ActionRequest = { action: { type: 'recard', index: 2, card: '5D' } };
    const said = (code: RecardCode) => refusalMessage(t, { ok: false, error: 'English', code }, request);
    expect(said('third-cards')).toBe(t.recardThirdCards('5♦'));
    expect(said('same-card')).toBe(t.recardSame('5♦'));
    expect(said('not-of-set')).toBe(t.recardNotOfSet('5♦'));
    expect(refusalMessage(t, { ok: false, error: 'English' }, request)).toBe(t.refusedEntry('English'));
  });
});

describe('an undo too late: the window passed by the server’s clock while the page still showed Undo', () => {
  const HAND = state([
    { type: 'open-table' },
    { type: 'new-shoe', decks: 8, shoeId: 'S1' },
    { type: 'bets-open' },
    { type: 'no-more-bets' },
    ...['9S', 'KC', 'KD', '4S'].map((c): Action => ({ type: 'card', card: c })),
    { type: 'result' },
  ]);
  const after = (ms: number) => new Date(Date.parse(AT) + ms).toISOString();

  test.each([
    ['within the window', 9_999, null],
    ['at its last ms', 10_000, null],
    ['a ms after', 10_001, 'undo-expired'],
    ['a minute after', 60_000, 'undo-expired'],
  ] as const)('%s (%s ms): %s', (_, ms, code) => {
    expect(refusal(HAND, 'undo')).toBeNull(); // the page's Undo is on: only the clock refuses it
    expect(undoRefusal(HAND, after(ms), 10_000)?.code ?? null).toBe(code);
    expect(act(HAND, { type: 'undo' }, { at: after(ms), undoMs: 10_000 }).ok).toBe(code === null);
  });

  test('no result to undo is refusal()’s to say, and has no code (the page shows no Undo then)', () => {
    const opened = state([{ type: 'open-table' }]);
    expect(refusal(opened, 'undo')).toMatch(/no result/);
    expect(undoRefusal(opened, after(60_000), 10_000)).toBeNull();
  });
});

describe('the refusals the page cannot prevent by disabling its buttons, in the keypad’s words', () => {
  const undo: ActionRequest = { action: { type: 'undo' } };
  const open: ActionRequest = { action: { type: 'bets-open' } };
  test.each(
    LANGUAGES.flatMap((lang) =>
      (
        [
          ['undo-expired', undo, 'undoExpired'],
          ['not-connected', open, 'notConnected'],
          ['unreachable', open, 'unreachable'],
          ['unauthorized', open, 'unauthorized'],
          ['refused', open, 'refusedTitle'],
          ['supervisor', undo, 'wrongCode'],
          ['locked', undo, 'locked'],
        ] as const
      ).map(([code, request, word]) => [lang, code, request, word] as const),
    ),
  )('%s: %s', (lang, code: RefusalCode, request, word) => {
    const t = strings(lang);
    const said = refusalMessage(t, { ok: false, error: 'English', code }, request);
    expect(said).toBe(t[word]);
    expect(said).not.toBe('English');
    if (lang !== 'en') expect(said).not.toMatch(/[A-Za-z]{4,}/); // no English left
  });

  test.each(LANGUAGES)(
    '%s: a refusal without a code (what the page’s own checks keep out) is said in the dealer’s words, the detail kept',
    (lang) => {
      const t = strings(lang);
      const burn: ActionRequest = { action: { type: 'burn', card: '2S', count: 11 } };
      const english = 'the burn count must be 1 to 10 (rule 7.9 proposes 2), got 11';
      const said = refusalMessage(t, { ok: false, error: english }, burn);
      expect(said).toBe(t.refusedEntry(english));
      expect(said).toContain(english); // for whoever looks into it
      if (lang !== 'en') expect(said.replace(english, '')).not.toMatch(/[A-Za-z]{4,}/); // no English but the detail
    },
  );

  test.each(LANGUAGES)(
    '%s: a tablet refused its token sends the dealer to the pit, not to technical support',
    (lang) => {
      const t = strings(lang);
      expect(t.unauthorized).not.toMatch(/technical|技术支持|技術支援/i);
      expect(t.unauthorized).toMatch(/pit supervisor|主管|主任/);
    },
  );
});

/** A request for every code the page may be answered with: a code missing here is a compile error. */
const EVERY_CODE: Record<RefusalCode, ActionRequest> = {
  supervisor: { action: { type: 'correct', handNo: 1, cards: [] }, supervisor: 'Lee', code: 'x' },
  locked: { action: { type: 'correct', handNo: 1, cards: [] }, supervisor: 'Lee', code: 'x' },
  refused: { action: { type: 'bets-open' } },
  'not-connected': { action: { type: 'bets-open' } },
  'undo-expired': { action: { type: 'undo' } },
  unreachable: { action: { type: 'bets-open' } },
  unauthorized: { action: { type: 'bets-open' } },
  'same-card': { action: { type: 'recard', index: 0, card: '9S' } },
  'not-of-set': { action: { type: 'card', card: '9S' } },
  'third-cards': { action: { type: 'recard', index: 0, card: '9S' } },
  ...(Object.fromEntries(STATE_CODES.map((c) => [c, { action: { type: 'bets-open' } }])) as Record<
    StateCode,
    ActionRequest
  >),
};

describe('every code the keypad answers with has words in every language', () => {
  test.each(
    LANGUAGES.flatMap((lang) => (Object.keys(EVERY_CODE) as RefusalCode[]).map((code) => [lang, code] as const)),
  )('%s: %s', (lang, code) => {
    const said = refusalMessage(strings(lang), { ok: false, error: 'English', code }, EVERY_CODE[code]);
    expect(said.trim()).not.toBe('');
    expect(said).not.toBe('English');
    if (lang !== 'en') expect(said).not.toMatch(/[A-Za-z]{4,}/); // no English left
  });

  test.each(LANGUAGES)('%s: a race’s refusal keeps its reason: no two state codes are said alike', (lang) => {
    const t = strings(lang);
    const said = STATE_CODES.map((code) => refusalMessage(t, { ok: false, error: 'English', code }, EVERY_CODE[code]));
    expect(said).toEqual(STATE_CODES.map((code) => t.refusals[code]));
    expect(new Set(said).size).toBe(STATE_CODES.length);
  });

  test.each([
    ['Bets open', 'bets-open', 'Bets are already open', '已在下注中', '已在下注中'],
    [
      'Close table while bets are open',
      'bets-open-round',
      'Bets are open: tap “No more bets” and finish the round first',
      '正在下注：请先点“停止下注”，并完成本局',
      '下注中：請先按「停止下注」，並完成本局',
    ],
    [
      'a round being dealt',
      'round-unfinished',
      'A round is being dealt: confirm its result or void it first',
      '本局正在发牌：请先确认结果，或作废本局',
      '本局發牌中：請先確認結果，或作廢此局',
    ],
    ['a round being dealt (bets)', 'round-dealt', 'A round is already being dealt', '本局已在发牌中', '本局已在發牌中'],
  ] as const)('%s (%s): said as the dealer reads it', (_, code, en, hans, hant) => {
    const said = (lang: Language) =>
      refusalMessage(strings(lang), { ok: false, error: 'English', code }, EVERY_CODE[code]);
    expect([said('en'), said('zh-Hans'), said('zh-Hant')]).toEqual([en, hans, hant]);
  });
});
