/**
 * Whether a keypad on a new journal carries on the table's shoe from its retained snapshot (`adopt.ts`): the shoes
 * here are made as a keypad makes them (its transitions, its messenger, signed or not), and carried on through the
 * same transitions: the next hand is numbered on, and what the spare publishes is the shoe the boards have.
 */
import { describe, expect, test } from 'vitest';
import { topics } from '../contract/topics';
import { generateSigningKey, type SigningKey } from '../mqtt-bridge/signing';
import { round, SHOE_START } from '../test/helpers/keypad-actions';
import { adoption, adoptedState, type AdoptionOptions } from './adopt';
import type { JournalHeader } from './journal';
import { act, type KeypadState } from './keypad-state';
import type { Action, DealerAction } from './protocol';
import { replay, stampedMessenger } from './replay';

const AT = '2026-11-29T14:00:00.000Z';
const TOPIC = topics('baccarat').tableShoe('A1');
const header: JournalHeader = {
  keypad: 1,
  t: AT,
  tableId: 'A1',
  seqStart: 5000,
  tableOpen: null,
  shoeNo: 0,
  revision: 0,
};

/** The shoe a keypad made of `actions` (the new shoe's id given), as the bytes it retained on the broker. */
function retained(actions: readonly DealerAction[], key?: SigningKey): { bytes: Buffer; state: KeypadState } {
  const stamped = stampedMessenger(header, { controllerId: 'ctl-A1', tableId: 'A1', ...(key && { signingKey: key }) });
  const records = actions.map((a) => ({
    t: AT,
    a: (a.type === 'new-shoe' ? { ...a, shoeId: 'shoe-a1-7' } : a) as Action,
  }));
  const r = replay({ header, records }, stamped);
  expect(r.refused, JSON.stringify(r.refused)).toEqual([]);
  return { bytes: Buffer.from(r.snapshot!.text), state: r.state };
}

const TWO_ROUNDS = [...SHOE_START, ...round('9H KD 7S 7C'), ...round('9S 8C 2D KD')];
const cardsKeying: AdoptionOptions = { keying: 'cards', topic: TOPIC };
const own = generateSigningKey();
const other = generateSigningKey();

describe('adoption: which retained shoe a keypad on a new journal carries on', () => {
  test('none retained: nothing to carry on, and nothing to say', () => {
    expect(adoption(null, cardsKeying)).toEqual({ adopt: false, reason: null });
    expect(adoption(new Uint8Array(0), cardsKeying)).toEqual({ adopt: false, reason: null });
  });

  test('a shoe in progress: carried on as it stands, the table open, the next hand numbered on', () => {
    const { bytes, state } = retained(TWO_ROUNDS);
    const a = adoption(bytes, cardsKeying);
    if (!a.adopt) throw new Error(String(a.reason));
    expect(a.state.shoe).toEqual(state.shoe);
    expect(a.state).toMatchObject({ tableOpen: true, shoeNo: 1, shuffled: true, entry: [], last: null });
    // The spare keys the next round through the same transitions: hand 3.
    let s = a.state;
    for (const x of round('8C 2D KH 3S')) {
      const r = act(s, x as Action, { at: AT, undoMs: 10_000 });
      if (!r.ok) throw new Error(r.error);
      s = r.value.state;
    }
    expect(s.shoe!.rounds.at(-1)).toMatchObject({ no: 3, hand: { outcome: 'player', natural: true } });
  });

  test.each([
    ['shuffled, not burned yet', [...SHOE_START.slice(0, 3)], false],
    ['started, not shuffled', [...SHOE_START.slice(0, 2)], false],
    ['burned', [...SHOE_START], true],
  ] as const)('a shoe %s: carried on, its shuffle as the dealer would see it', (_, actions, shuffled) => {
    const a = adoption(retained(actions).bytes, cardsKeying);
    expect(a).toMatchObject({ adopt: true, state: { shuffled } });
  });

  test.each([
    ['unreadable bytes', Buffer.from('{"v":1,'), /unreadable: shoe: /],
    ['a snapshot of another contract version', Buffer.from('{"v":9}'), /unreadable: .*version/],
  ])('%s: not carried on, and said why', (_, bytes, reason) => {
    const a = adoption(bytes, cardsKeying);
    expect(a.adopt).toBe(false);
    expect(!a.adopt && a.reason).toMatch(reason);
  });

  test('an ended shoe: nothing to carry on, and nothing to alarm anyone about', () => {
    const ended = retained([...TWO_ROUNDS, { type: 'end-shoe' }]);
    expect(adoption(ended.bytes, cardsKeying)).toEqual({ adopt: false, reason: null, shoeNo: 1, decks: 8 });
  });

  test('a hand the rules refuse (a record edited on the broker): not carried on', () => {
    const { bytes } = retained(TWO_ROUNDS);
    const snap = JSON.parse(bytes.toString());
    snap.hands[1].bankerPoints = 9; // 9S 8C 2D KD: banker 8, not 9
    const a = adoption(Buffer.from(JSON.stringify(snap)), cardsKeying);
    expect(!a.adopt && a.reason).toMatch(/^shoe 1 cannot be carried on: snapshot hand 2/);
  });

  test('a keypad that keys outcomes may not carry on a shoe keyed by its cards: it must not start (a wrong flag)', () => {
    const a = adoption(retained(TWO_ROUNDS).bytes, { ...cardsKeying, keying: 'outcome' });
    expect(a).toMatchObject({ adopt: false, refuse: true });
    expect(!a.adopt && a.reason).toMatch(
      /^the table's shoe 1 in progress is keyed by its cards: to carry it on, start this keypad with --keying cards; or, to start the table afresh, end that shoe \(End shoe\) on the keypad that keyed it, or delete the table's retained shoe on the broker \(baccarat\/tables\/A1\/shoe\)$/,
    );
  });

  describe('a keypad that signs carries on only a shoe a key it trusts signed', () => {
    test.each([
      ['its own key (a spare keyed with the table key)', own, true, null],
      ['a key given with --trust-key', other, true, null],
      ['no key', undefined, false, /in progress is not signed: to carry it on, start it without --signing-key; or/],
      [
        'a key it does not trust',
        generateSigningKey(),
        false,
        /in progress is signed by key [0-9a-f]{16}, which this keypad does not trust: to carry it on, give it that controller's public key with --trust-key; or/,
      ],
    ] as const)(
      'signed by %s (else it must not start: options to change, or the shoe to end)',
      (_, key, adopt, reason) => {
        const a = adoption(retained(TWO_ROUNDS, key).bytes, {
          ...cardsKeying,
          signingKey: own,
          trustKeys: [other.publicKey],
        });
        expect(a.adopt).toBe(adopt);
        if (!a.adopt) expect(a).toMatchObject({ refuse: true, reason: expect.stringMatching(reason!) });
      },
    );

    test('a signed shoe with a hand changed after signing: the signature does not verify', () => {
      const snap = JSON.parse(retained(TWO_ROUNDS, own).bytes.toString());
      snap.hands[0].outcome = 'player'; // it was banker's
      const a = adoption(Buffer.from(JSON.stringify(snap)), { ...cardsKeying, signingKey: own });
      expect(!a.adopt && a.reason).toMatch(/^shoe 1 was not signed by a key this keypad trusts \(/);
      expect(a).not.toHaveProperty('refuse'); // a forgery: not carried on, and the table closed (it may start)
      expect(a).toMatchObject({ shoeNo: 1 });
    });
  });

  test("adoptedState: the table closed as the snapshot says, and the shoe's number", () => {
    const closed = retained([...SHOE_START, { type: 'close-table' }]);
    const snap = JSON.parse(closed.bytes.toString());
    const r = adoptedState(snap);
    expect('state' in r && r.state).toMatchObject({ tableOpen: false, shoeNo: 1 });
  });
});
