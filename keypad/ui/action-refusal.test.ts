import { describe, expect, test } from 'vitest';
import { stateAfter } from '../../test/helpers/keypad-actions';
import { act, recardRefusal, type KeypadState } from '../keypad-state';
import type { Action, ActionRequest, RecardCode } from '../protocol';
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
