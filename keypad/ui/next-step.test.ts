import { describe, expect, test } from 'vitest';
import { act, INITIAL_STATE, type KeypadState } from '../keypad-state';
import type { Action } from '../protocol';
import { keypadView } from '../view';
import { strings } from './locales';
import { headerHand, headerLastCoup, nextStep, statusKey, statusText } from './next-step';

const AT = '2024-11-22T14:00:00.000Z';

function view(actions: readonly Action[]) {
  let s: KeypadState = INITIAL_STATE;
  for (const a of actions) {
    const r = act(s, a, { at: AT, undoMs: 10_000 });
    if (!r.ok) throw new Error(`${a.type}: ${r.error}`);
    s = r.value.state;
  }
  const link = { state: 'online', broker: 'mqtt://pit:1883', pending: 0, signing: null } as const;
  return keypadView(s, {
    ...{ tableId: 'T7', controllerId: 'ctl-T7', keying: 'cards', undoMs: 10_000, now: new Date(AT), link },
    ...{ pit: null, revision: 0, serial: 1 },
  });
}

const SHOE: Action[] = [{ type: 'open-table' }, { type: 'new-shoe', decks: 8, shoeId: 'S1' }];
const SHUFFLE: Action = { type: 'shuffle' };
const BURN: Action = { type: 'burn', card: '7H', count: 7 };
const HAND: Action[] = [
  { type: 'bets-open' },
  { type: 'no-more-bets' },
  ...['9H', 'KD', '7S', '7C'].map((card): Action => ({ type: 'card', card })),
  { type: 'result' },
];

describe('the gold button between rounds, and the status line', () => {
  test.each([
    { name: 'no shoe', actions: [{ type: 'open-table' }], step: 'new-shoe', status: 'noShoe' },
    { name: 'a new shoe', actions: SHOE, step: 'shuffle', status: 'shuffling' },
    { name: 'the shuffle announced', actions: [...SHOE, SHUFFLE], step: 'burn', status: 'burnNext' },
    { name: 'shuffled and burned', actions: [...SHOE, SHUFFLE, BURN], step: 'bets-open', status: 'shoeReady' },
    // A shuffle done without announcing it: the burn recorded, the shuffle is not asked for again.
    { name: 'burned, the shuffle not announced', actions: [...SHOE, BURN], step: 'bets-open', status: 'shoeReady' },
    { name: 'a new shoe, the table closed', actions: [...SHOE, { type: 'close-table' }], step: 'shuffle' },
    // Bets cannot open on a closed table: opening it is the step, the one gold button (Bets open and Open table were
    // both gold).
    {
      name: 'the shoe ready, the table closed',
      actions: [...SHOE, SHUFFLE, BURN, { type: 'close-table' }],
      step: 'open-table',
      status: 'shoeReady',
    },
    {
      name: 'a hand recorded, the table closed',
      actions: [...SHOE, SHUFFLE, BURN, ...HAND, { type: 'close-table' }],
      step: 'open-table',
    },
    {
      name: 'the shoe ended, the table closed: the next shoe is prepared first',
      actions: [...SHOE, SHUFFLE, BURN, ...HAND, { type: 'end-shoe' }, { type: 'close-table' }],
      step: 'new-shoe',
    },
    { name: 'bets open', actions: [...SHOE, SHUFFLE, BURN, HAND[0]!], step: 'no-more-bets', status: 'betting' },
    { name: 'a hand recorded', actions: [...SHOE, SHUFFLE, BURN, ...HAND], step: 'bets-open', status: 'waiting' },
    {
      name: 'the shoe ended',
      actions: [...SHOE, SHUFFLE, BURN, ...HAND, { type: 'end-shoe' }],
      step: 'new-shoe',
      status: 'ended',
    },
  ] as { name: string; actions: Action[]; step: string; status?: string }[])(
    '$name: $step in gold',
    ({ actions, step, status }) => {
      const v = view(actions);
      expect(nextStep(v)).toBe(step);
      if (status) expect(statusKey(v)).toBe(status);
    },
  );

  test('"shuffle and burn" goes once the burn is recorded, in every language', () => {
    const before = view([...SHOE, SHUFFLE]);
    const after = view([...SHOE, SHUFFLE, BURN]);
    for (const lang of ['en', 'zh-Hans', 'zh-Hant'] as const) {
      const t = strings(lang);
      expect(statusText(t, view(SHOE))).toBe(t.shuffling);
      expect(statusText(t, before)).toBe(t.burnNext);
      expect(statusText(t, after)).toBe(t.shoeReady);
      expect(new Set([t.shuffling, t.burnNext, t.shoeReady]).size).toBe(3);
    }
    expect(statusText(strings('en'), after)).not.toMatch(/burn$/);
  });
});

describe('the hand the header names', () => {
  const READY = [...SHOE, SHUFFLE, BURN];
  // The cut card as the first card of hand 1 (rule 11.2 a): hand 1 is the last coup.
  const LAST_COUP: Action[] = [
    { type: 'bets-open' },
    { type: 'no-more-bets' },
    { type: 'cut-card', firstCardOfRound: true },
    ...HAND.slice(2),
  ];
  test.each([
    { name: 'no shoe', actions: [{ type: 'open-table' }], hand: null },
    { name: 'a shoe ready', actions: READY, hand: 1 },
    { name: 'a hand recorded', actions: [...READY, ...HAND], hand: 2 },
    { name: 'the last coup being dealt', actions: [...READY, ...LAST_COUP.slice(0, -1)], hand: 1 },
    // It said "Hand 2" beside "The last coup is dealt: no further round".
    { name: 'the last coup dealt', actions: [...READY, ...LAST_COUP], hand: null },
    { name: 'the last coup keyed again (undo)', actions: [...READY, ...LAST_COUP, { type: 'undo' }], hand: 1 },
    { name: 'the shoe ended', actions: [...READY, ...HAND, { type: 'end-shoe' }], hand: null },
  ] as { name: string; actions: Action[]; hand: number | null }[])('$name: $hand', ({ actions, hand }) => {
    expect(headerHand(view(actions))).toBe(hand);
  });
});

describe("LAST COUP beside the header's hand", () => {
  const READY = [...SHOE, SHUFFLE, BURN];
  // The cut card later in hand 1 (rule 11.2 b): hand 2 is the last coup.
  const CUT_B: Action[] = [...HAND.slice(0, 3), { type: 'cut-card', firstCardOfRound: false }, ...HAND.slice(3)];
  const CUT_A: Action[] = [...HAND.slice(0, 2), { type: 'cut-card', firstCardOfRound: true }, ...HAND.slice(2, -1)];
  test.each([
    { name: 'before the cut card', actions: [...READY, ...HAND], said: false },
    { name: 'the cut card out in hand 1: hand 2 is the last coup', actions: [...READY, ...CUT_B], said: true },
    // Found by a dealer: "Hand 1 | LAST COUP" while hand 1, not the last coup, was keyed again.
    { name: 'hand 1 keyed again (undo)', actions: [...READY, ...CUT_B, { type: 'undo' }], said: false },
    { name: 'the last coup being dealt (case a)', actions: [...READY, ...CUT_A], said: true },
    {
      name: 'the last coup keyed again (undo, case a)',
      actions: [...READY, ...CUT_A, { type: 'result' }, { type: 'undo' }],
      said: true,
    },
  ] as { name: string; actions: Action[]; said: boolean }[])('$name: $said', ({ actions, said }) => {
    expect(headerLastCoup(view(actions))).toBe(said);
  });
});
