import { describe, expect, test } from 'vitest';
import { stateAfter } from '../../test/helpers/keypad-actions';
import { act, recardRefusal, refusal, undoRefusal, type KeypadState } from '../keypad-state';
import type { Action, ActionRequest, RecardCode, RefusalCode } from '../protocol';
import { parseCard } from '../../baccarat/cards';
import { refusalMessage } from './action-refusal';
import { LANGUAGES, strings } from './locales';

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
    expect(refusalMessage(t, { ok: false, error: 'English' }, request)).toBe('English');
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

  test('a refusal without a code (what the page’s disabled buttons keep from a dealer) is said as the server said it', () => {
    expect(refusalMessage(strings('zh-Hant'), { ok: false, error: 'bets are open' }, open)).toBe('bets are open');
  });
});
