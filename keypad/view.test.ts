import { describe, expect, test } from 'vitest';
import { stateAfter } from '../test/helpers/keypad-actions';
import type { KeypadState } from './keypad-state';
import type { Action, LinkView } from './protocol';
import { LANGUAGES, strings } from './ui/locales';
import { pitClosedHere, tableChip, tableChipText } from './ui/pit-closed';
import { keypadView, type ViewContext } from './view';

const AT = '2024-11-22T14:00:00.000Z';
const LINK: LinkView = { state: 'online', broker: 'mqtt://pit:1883', pending: 0, signing: null };
const CTX: Omit<ViewContext, 'pit'> = {
  tableId: 'T7',
  controllerId: 'ctl-T7',
  keying: 'cards',
  undoMs: 10_000,
  now: new Date(AT),
  link: LINK,
  revision: 0,
  serial: 1,
};

const state = (actions: readonly Action[]): KeypadState => stateAfter(actions, AT);

const OPEN = state([{ type: 'open-table' }, { type: 'new-shoe', decks: 8, shoeId: 'S1' }]);
const CLOSED = state([{ type: 'open-table' }, { type: 'close-table' }]);

describe("the pit's sign in the keypad's view", () => {
  test.each([
    { name: 'no sign', s: OPEN, pit: null, warn: false, chip: 'open' },
    {
      name: 'the sign says open, the keypad open',
      s: OPEN,
      pit: { open: true, revision: 2 },
      warn: false,
      chip: 'open',
    },
    {
      name: 'the pit closed it, the keypad open',
      s: OPEN,
      pit: { open: false, revision: 3 },
      warn: true,
      chip: 'open-pit-closed',
    },
    { name: 'both closed', s: CLOSED, pit: { open: false, revision: 3 }, warn: false, chip: 'closed' },
    {
      name: 'the sign says open, the keypad closed',
      s: CLOSED,
      pit: { open: true, revision: 4 },
      warn: false,
      chip: 'closed',
    },
  ])('$name: pit as the sign says; the warning $warn; the header says $chip', ({ s, pit, warn, chip }) => {
    const v = keypadView(s, { ...CTX, pit });
    expect(v.pit).toEqual(pit);
    expect(pitClosedHere(v)).toBe(warn);
    expect(tableChip(v)).toBe(chip);
  });

  test.each(LANGUAGES)('%s: the header never says a plain "Open" beside the warning that the pit closed it', (lang) => {
    const t = strings(lang);
    const text = tableChipText(t, tableChip(keypadView(OPEN, { ...CTX, pit: { open: false, revision: 3 } })));
    expect(text).not.toBe(t.tableOpen);
    expect(text).not.toBe(t.tableClosed);
    expect(text).toBe(t.tableOpenPitClosed);
    expect(tableChipText(t, tableChip(keypadView(OPEN, { ...CTX, pit: null })))).toBe(t.tableOpen);
  });

  test('the sign decides nothing at the keypad: "Bets open" stays on offer (the page asks first)', () => {
    const v = keypadView(OPEN, { ...CTX, pit: { open: false, revision: 3 } });
    expect(v.tableOpen).toBe(true);
    expect(v.can['bets-open']).toBe(true);
  });
});

describe('the deck count offered for a new shoe, and the supervisors’ lock-out, in the view', () => {
  const NONE = state([]);
  const FOUR = state([{ type: 'open-table' }, { type: 'new-shoe', decks: 4, shoeId: 'S1' }]);
  test.each([
    { name: 'no shoe, nothing configured', s: NONE, decks: undefined, offered: 8 },
    { name: 'no shoe, a 6-deck table configured', s: NONE, decks: 6, offered: 6 },
    { name: 'the last shoe had 4: it wins over the configured 6', s: FOUR, decks: 6, offered: 4 },
    { name: "a spare: the table's last shoe (the broker's) had 6", s: NONE, table: 6, offered: 6 },
    { name: "a spare: the table's last had 6, the configured 8", s: NONE, decks: 8, table: 6, offered: 6 },
    { name: "the spare's own shoe of 4 wins over the table's record of 6", s: FOUR, table: 6, offered: 4 },
  ])('$name: $offered', ({ s, decks, table, offered }) => {
    const c = {
      ...CTX,
      pit: null,
      ...(decks !== undefined && { decks }),
      ...(table !== undefined && { tableDecks: table }),
    };
    expect(keypadView(s, c).newShoeDecks).toBe(offered);
  });

  test('locked codes: until when, by the server clock, so a page reloaded meanwhile counts it down', () => {
    expect(keypadView(OPEN, { ...CTX, pit: null }).supervisorLock).toBeNull();
    expect(keypadView(OPEN, { ...CTX, pit: null, supervisorLockMs: 0 }).supervisorLock).toBeNull();
    expect(keypadView(OPEN, { ...CTX, pit: null, supervisorLockMs: 42_000 }).supervisorLock).toEqual({
      until: '2024-11-22T14:00:42.000Z',
    });
  });
});

describe('the result on offer', () => {
  const ROUND = [
    { type: 'open-table' },
    { type: 'new-shoe', decks: 8, shoeId: 'S1' },
    { type: 'shuffle' },
    { type: 'burn', card: '7H', count: 7 },
    { type: 'bets-open' },
    { type: 'no-more-bets' },
  ] as const satisfies readonly Action[];
  const keyed = (cards: string): Action[] => (cards ? cards.split(' ').map((card) => ({ type: 'card', card })) : []);
  test.each([
    { keying: 'cards', cards: '', can: false },
    { keying: 'cards', cards: '9H KD 7S', can: false },
    { keying: 'cards', cards: '9H KD 7S 7C', can: true },
    { keying: 'cards', cards: '2H 3D 3S 4C', can: false }, // Player's 5 draws a third card (rule 9.2)
    { keying: 'outcome', cards: '', can: true }, // the pad's result comes with the action
  ] as const)('keyed by $keying, cards "$cards": $can', ({ keying, cards, can }) => {
    expect(keypadView(state([...ROUND, ...keyed(cards)]), { ...CTX, keying, pit: null }).can.result).toBe(can);
  });
});
