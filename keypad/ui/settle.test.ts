import { describe, expect, it } from 'vitest';
import { BOUNCE_MS, changesUnderFinger, isBounce, screenOf } from './settle';

type Phase = 'shuffling' | 'betting' | 'dealing' | 'idle' | 'ended';
const view = (phase: Phase | null, o: { round?: boolean; open?: boolean; refused?: boolean; shoe?: string } = {}) => ({
  link: {
    state: o.refused ? ('refused' as const) : ('online' as const),
    broker: 'mqtt://b',
    pending: 0,
    signing: null,
  },
  round: o.round ? { handNo: 1, voidHand: null, cards: [], next: null, result: null } : null,
  tableOpen: o.open ?? true,
  shoe: phase ? { id: o.shoe ?? 'S1', phase } : null,
});

describe('what changes under the dealer’s finger (a double tap’s second half is dropped)', () => {
  it.each([
    // A tester: a double tap on "Bets open" opened the bets and called "No more bets" 200 ms later.
    ['"Bets open": "No more bets" takes its place', view('idle'), view('betting'), true],
    ['"No more bets": the round screen', view('betting'), view('dealing', { round: true }), true],
    ['"Confirm result": the screen between rounds (Undo)', view('dealing', { round: true }), view('idle'), true],
    ['"Open table": "Close table" takes its place', view('idle', { open: false }), view('idle'), true],
    ['"Start a new shoe": the new shoe’s screen', view('ended'), view('shuffling', { shoe: 'S2' }), true],
    [
      'a card keyed: the same round, the next card',
      view('dealing', { round: true }),
      view('dealing', { round: true }),
      false,
    ],
    ['the undo counting down, or the outbox acknowledged', view('idle'), view('idle'), false],
    ['another keypad holds the table', view('idle'), view('idle', { refused: true }), true],
  ])('%s', (_what, shown, next, changes) => {
    expect(changesUnderFinger(shown, next)).toBe(changes);
  });

  it('names the screen as the page’s `data-screen` does', () => {
    expect([view('idle'), view('dealing', { round: true }), view(null, { refused: true })].map(screenOf)).toEqual([
      'between',
      'round',
      'refused',
    ]);
  });
});

describe('a card key tapped twice (a finger’s bounce is dropped, a second card is not)', () => {
  const at = 10_000;
  it.each([
    // A tester: two taps 120 ms apart on 9♣ keyed the Player's 1st card and the Banker's 1st card, both 9♣.
    ['the same key 120 ms later: a bounce', { card: '9C', at }, { card: '9C', at: at + 120 }, true],
    ['the same key at once', { card: '9C', at }, { card: '9C', at }, true],
    ['the same key 199 ms later', { card: '9C', at }, { card: '9C', at: at + BOUNCE_MS - 1 }, true],
    [
      'the same key 200 ms later: the next card, the same',
      { card: '9C', at },
      { card: '9C', at: at + BOUNCE_MS },
      false,
    ],
    ['another key 50 ms later: never dropped', { card: '9C', at }, { card: '9D', at: at + 50 }, false],
    ['the first key of all', null, { card: '9C', at }, false],
  ])('%s', (_what, last, tap, bounce) => {
    expect(isBounce(last, tap)).toBe(bounce);
  });

  it('is 200 ms, as docs/keypad.md says', () => {
    expect(BOUNCE_MS).toBe(200);
  });
});
