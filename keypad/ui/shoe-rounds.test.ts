import { describe, expect, test } from 'vitest';
import { stateAfter } from '../../test/helpers/keypad-actions';
import { roadHands } from '../../baccarat/shoe';
import type { KeypadState } from '../keypad-state';
import type { Action } from '../protocol';
import { keypadView } from '../view';
import { strings } from './locales';
import { statusText } from './next-step';
import { endShoeEarly, handHeadline, handsTally, noBetCoupAsk, roundVoidReason, shoeRounds } from './shoe-rounds';

const AT = '2024-11-22T14:00:00.000Z';

const state = (actions: readonly Action[]): KeypadState => stateAfter(actions, AT);

const view = (s: KeypadState) =>
  keypadView(s, {
    ...{ tableId: 'T7', controllerId: 'ctl-T7', keying: 'cards', undoMs: 10_000, now: new Date(AT) },
    link: { state: 'online', broker: 'mqtt://pit:1883', pending: 0, signing: null },
    ...{ pit: null, revision: 0, serial: 1 },
  });

const SHOE: Action[] = [{ type: 'open-table' }, { type: 'new-shoe', decks: 8, shoeId: 'S1' }];
const DEAL: Action[] = [{ type: 'bets-open' }, { type: 'no-more-bets' }];
const COUP: Action[] = ['9H', 'KD', '7S', '7C'].map((card): Action => ({ type: 'card', card }));
const HAND: Action[] = [...DEAL, ...COUP, { type: 'result' }];
const VOID_ROUND = (reason: 'cannot-reconstruct' | 'insufficient-cards'): Action[] => [
  ...DEAL,
  { type: 'card', card: '9H' },
  { type: 'round-void', reason },
];
const NO_BET_COUP: Action[] = [{ type: 'no-bet-coup' }, ...COUP, { type: 'result' }];
const NO_BETS_THIS_HAND: Action[] = [{ type: 'void-hand', reason: 'third-card-exposed' }, ...COUP, { type: 'result' }];

const listed = (actions: readonly Action[]) =>
  shoeRounds(view(state(actions)).shoe!).map((r) => (r.kind === 'hand' ? `${r.no}` : `${r.no} void`));

describe("the shoe's rounds, as the hand strip and the last line show them", () => {
  // Found by a dealer: after "Round void…" the keypad still said "Last result: hand 12", and the strip had nothing
  // for round 13, while the boards showed ROUND VOID.
  test.each([
    { name: 'no round voided', actions: [...HAND, ...HAND], rounds: ['1', '2'] },
    {
      name: 'the last round voided',
      actions: [...HAND, ...HAND, ...VOID_ROUND('cannot-reconstruct')],
      rounds: ['1', '2', '3 void'],
    },
    {
      name: 'a voided round, then the hand that took its number',
      actions: [...HAND, ...VOID_ROUND('cannot-reconstruct'), ...HAND, ...HAND],
      rounds: ['1', '2 void', '2', '3'],
    },
    {
      name: 'two voided in a row, the first round of the shoe',
      actions: [...VOID_ROUND('cannot-reconstruct'), ...VOID_ROUND('cannot-reconstruct'), ...HAND],
      rounds: ['1 void', '1 void', '1'],
    },
    {
      name: 'insufficient cards: the shoe ends',
      actions: [...HAND, ...VOID_ROUND('insufficient-cards')],
      rounds: ['1', '2 void'],
    },
  ])('$name', ({ actions, rounds }) => expect(listed([...SHOE, ...actions])).toEqual(rounds));

  test('a voided round says why in words, in every language', () => {
    const last = shoeRounds(view(state([...SHOE, ...HAND, ...VOID_ROUND('cannot-reconstruct')])).shoe!).at(-1)!;
    expect(last).toEqual({ kind: 'round-void', no: 2, reason: 'cannot-reconstruct' });
    if (last.kind !== 'round-void') return;
    expect(roundVoidReason(strings('en'), last.reason)).toBe('Cannot be reconstructed — rule 12.6');
    expect(roundVoidReason(strings('zh-Hans'), last.reason)).toBe('发牌出错，无法还原（规则 12.6）');
    expect(roundVoidReason(strings('zh-Hant'), last.reason)).toBe('發牌出錯，無法還原（規則 12.6）');
  });
});

describe("the shoe's hands, counted as its boards count them", () => {
  // Found by a dealer: "End the shoe (19 hands)" while the board said "17 hands + 2 void".
  const CUT_FIRST: Action[] = [...DEAL, { type: 'cut-card', firstCardOfRound: true }, ...COUP, { type: 'result' }];
  const actions = [
    ...SHOE,
    ...NO_BET_COUP,
    ...HAND,
    ...NO_BETS_THIS_HAND,
    ...VOID_ROUND('cannot-reconstruct'),
    ...HAND,
  ];

  test("played (the core's roadHands, as the board's statistics) and void; a voided round in neither", () => {
    const s = state([...actions, ...CUT_FIRST]);
    const shoe = view(s).shoe!;
    expect(shoe.hands).toHaveLength(5);
    expect(shoe.onRoads).toBe(roadHands(s.shoe!).length);
    expect(handsTally(shoe)).toEqual({ played: 3, void: 2 });
    expect(shoe.complete).toBe(true);
    expect(strings('en').endShoeDone(3, 2)).toBe('The last coup is dealt: end the shoe (3 hands + 2 void)');
    // Ended early (rule 7.10), the confirmation counts them too.
    expect(strings('en').endShoeNow(3, 2)).toBe('End the shoe now (3 hands + 2 void)');
    expect(strings('zh-Hans').endShoeNow(3, 0)).toBe('现在结束牌靴（共 3 局）');
    expect(strings('zh-Hant').endShoeNow(3, 2)).toBe('現在結束本靴（3 局 + 2 局無效）');
  });

  test('the shoe ended says the same', () => {
    const v = view(state([...actions, ...CUT_FIRST, { type: 'end-shoe' }]));
    expect(statusText(strings('en'), v)).toBe('Shoe 1 ended: 3 hands + 2 void');
    expect(statusText(strings('zh-Hant'), v)).toBe('第 1 靴已結束：3 局 + 2 局無效');
  });
});

describe('the last result’s headline: a hand without wagers says so before its points', () => {
  // Found by a dealer: a void hand's last result read "Player wins 9 – 5" in large letters, "void" small beside it.
  const last = (actions: readonly Action[]) => view(state([...SHOE, ...actions])).shoe!.hands.at(-1)!;

  test.each([
    ['a hand played for wagers', HAND, 'Banker wins 7 – 6', '庄赢 7 – 6', '莊贏 7 – 6'],
    [
      'a void hand (no bets this hand)',
      NO_BETS_THIS_HAND,
      'Void hand (no bets): Banker 7 – 6',
      '无效牌局（此局不设投注）：庄 7 – 6',
      '無效牌局（此局不設投注）：莊 7 – 6',
    ],
    [
      'a no-bet coup',
      NO_BET_COUP,
      'No-bet coup (no bets): Banker 7 – 6',
      '免注局（不设投注）：庄 7 – 6',
      '免注局（不設投注）：莊 7 – 6',
    ],
  ])('%s', (_what, actions, en, hans, hant) => {
    const h = last(actions);
    expect(handHeadline(strings('en'), h)).toBe(en);
    expect(handHeadline(strings('zh-Hans'), h)).toBe(hans);
    expect(handHeadline(strings('zh-Hant'), h)).toBe(hant);
  });

  test('a hand voided afterwards (rule 12.6): its bets returned, no win', () => {
    const h = { ...last(HAND), voided: { reason: 'cannot-reconstruct' } };
    expect(handHeadline(strings('en'), h)).toBe('Hand void (bets returned): Banker 7 – 6');
    expect(handHeadline(strings('zh-Hant'), h)).toBe('此局作廢（退回投注）：莊 7 – 6');
  });

  test('a void tie', () => {
    const h = last(NO_BETS_THIS_HAND);
    const tied = {
      ...h,
      result: { ...h.result, outcome: 'tie' as const, playerPoints: 6 as const, bankerPoints: 6 as const },
    };
    expect(handHeadline(strings('en'), tied)).toBe('Void hand (no bets): Tie 6 – 6');
  });
});

describe('"End shoe" before the last coup (rule 7.10)', () => {
  const shoe = (actions: readonly Action[]) => view(state([...SHOE, ...HAND, ...actions])).shoe!;

  test('between rounds: the early end, the hands counted', () => {
    expect(endShoeEarly(strings('en'), shoe([]))).toEqual({
      title: 'End the shoe now (1 hand)',
      body: 'The last coup has not been dealt. End the shoe now (rule 7.10)?',
      label: 'End shoe',
      danger: true,
    });
  });

  // A dealer: the boards went from "#2 Bets open" straight to SHOE END, and the confirmation said nothing of the bets.
  test('bets open: says so, that the hand is not dealt, and what becomes of the wagers, in every language', () => {
    const s = shoe([{ type: 'bets-open' }]);
    expect(s.phase).toBe('betting');
    const ask = endShoeEarly(strings('en'), s);
    expect(ask.warn).toBe(true);
    expect(ask.body).toBe(
      'The last coup has not been dealt. End the shoe now (rule 7.10)? Bets are open for hand 2: it will not be ' +
        "dealt in this shoe. Return the wagers on the layout, unless the pit says they stay for the new shoe's first hand.",
    );
    expect(endShoeEarly(strings('zh-Hans'), s).body).toContain(
      '第 2 局已开始下注：本牌靴不再发此局。请退回台面上的投注',
    );
    expect(endShoeEarly(strings('zh-Hant'), s).body).toContain('第 2 局已開始下注：本靴不再發此局。請退回枱面上的投注');
  });
});

describe('"No-bet coup": what it asks first', () => {
  const shoe = (actions: readonly Action[]) => view(state([...SHOE, ...HAND, ...actions])).shoe!;
  const en = strings('en');

  // Found by a dealer: with bets open, "No-bet coup" (beside "No more bets") went out at once, and every board said
  // hand 2 was dealt without wagers while the wagers lay on the layout.
  test('bets open: asks, saying the wagers on the layout are not settled on it, in every language', () => {
    const s = shoe([{ type: 'bets-open' }]);
    expect(noBetCoupAsk(en, s, false)).toEqual({
      title: 'Bets are open: make hand 2 a no-bet coup?',
      body: 'Bets are open for hand 2: every board will say it is dealt without wagers. Return the wagers on the layout first.',
      label: 'No-bet coup',
      danger: true,
      warn: true,
    });
    expect(noBetCoupAsk(strings('zh-Hans'), s, false)?.body).toContain('第 2 局已开始下注');
    expect(noBetCoupAsk(strings('zh-Hant'), s, false)?.body).toContain('第 2 局已開始下注');
  });

  test.each([
    ['between rounds, the first no-bet coups: nothing to ask', [], false, undefined],
    [
      'the boards show TABLE CLOSED: that first, bets open or not',
      [{ type: 'bets-open' }],
      true,
      en.noBetCoupPitClosed,
    ],
    [
      'a fourth no-bet coup: whether the pit boss permits it (rule 3.1.2)',
      [...NO_BET_COUP, ...NO_BET_COUP, ...NO_BET_COUP],
      false,
      en.noBetCoupMore(4),
    ],
  ] as const)('%s', (_, actions, pitClosed, title) => {
    expect(noBetCoupAsk(en, shoe(actions), pitClosed)?.title).toBe(title);
  });
});
