import { describe, expect, it } from 'vitest';
import { changesUnderFinger, screenOf } from './settle';

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
