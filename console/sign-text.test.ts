import { describe, expect, it } from 'vitest';
import type { DisplayStatus } from '../contract/schemas/status';
import { casino, signage } from '../test/helpers/table-messages';
import { casinoSummary, formatBoards, noSignWords, signSummary } from './sign-text';

const status = (displayId: string): DisplayStatus =>
  ({ v: 1, displayId, tableId: 'T12', state: 'offline', timestamp: '2026-11-27T00:31:20.000Z' }) as DisplayStatus;

describe('formatBoards', () => {
  it('keeps a space after a board of a long name (found by hand: "Board board-t12:online")', () => {
    const text = formatBoards([status('D1'), status('board-t12')], null, null);
    expect(text).toContain('  Board D1:      offline since 2026-11-27T00:31:20.000Z or later\n');
    expect(text).toContain('  Board board-t12: offline since');
  });

  it("never reads a last will's timestamp (when the board connected) as when it went away (found by hand)", () => {
    const will = { ...status('D1'), will: true } as DisplayStatus;
    expect(formatBoards([will], null, null)).toContain(
      'offline since some time after 2026-11-27T00:31:20.000Z, when it connected\n',
    );
    const goodbye = { ...status('D1'), will: false } as DisplayStatus;
    expect(formatBoards([goodbye], null, null)).toContain('offline since 2026-11-27T00:31:20.000Z\n');
  });

  it("a will read later says when the board was last seen, when its last-seen time is of the will's connection", () => {
    const will = { ...status('D1'), will: true } as DisplayStatus;
    const seen = (timestamp: string) =>
      new Map([['D1', { v: 1 as const, displayId: 'D1', tableId: will.tableId, timestamp }]]);
    expect(formatBoards([will], null, null, seen('2026-11-27T02:10:05.000Z'))).toContain(
      'offline since some time after 2026-11-27T02:10:05.000Z (last seen)\n',
    );
    expect(formatBoards([will], null, null, seen('2026-11-26T02:10:05.000Z'))).toContain(
      'offline since some time after 2026-11-27T00:31:20.000Z, when it connected\n',
    );
  });
});

describe('a board whose last word was online', () => {
  const online = (timestamp: string) =>
    ({ ...status('D1'), state: 'online', timestamp, signageRevision: 4 }) as unknown as DisplayStatus;
  const now = Date.parse('2026-11-27T01:00:00.000Z');
  const cases: [string, string, string][] = [
    ['heard 30 s ago: online', '2026-11-27T00:59:30.000Z', '  Board D1:      online, sign revision 4\n'],
    ['heard 90 s ago: online still', '2026-11-27T00:58:30.000Z', '  Board D1:      online, sign revision 4\n'],
    [
      'heard 91 s ago: silent, as fleet list and the console say it',
      '2026-11-27T00:58:29.000Z',
      '  Board D1:      silent: no word since 2026-11-27T00:58:29.000Z; it last said online, sign revision 4\n',
    ],
  ];
  it.each(cases)('%s', (_, timestamp, line) => {
    expect(formatBoards([online(timestamp)], null, null, new Map(), now)).toContain(line);
  });
});

describe('a table with no sign on the broker', () => {
  const cases: [string, number | null, string][] = [
    ['no board shows one: never had one', null, 'No sign on the broker yet: the boards show no limits or pay table.'],
    ['its boards show none', 0, 'No sign on the broker yet: the boards show no limits or pay table.'],
    [
      'its boards show revision 5: the broker lost it',
      5,
      "The broker has lost this table's sign: its boards still show revision 5, which it no longer holds.",
    ],
  ];
  it.each(cases)('%s', (_, boardsShow, words) => {
    expect(noSignWords(boardsShow)).toBe(words);
  });
});

describe('a sign in a few words, as a republish puts it back', () => {
  it('says what the table sign and the casino sign say, never nothing', () => {
    expect(signSummary(signage(3))).toEqual([
      expect.stringMatching(/^(open|closed)$/),
      expect.stringMatching(/^[A-Z]{3} [\d,]+ – [\d,]+, tie [\d,]+$/),
      'Banker: commission 5%',
      expect.stringMatching(/^side bets: /),
    ]);
    expect(casinoSummary(casino(2, 'two'))).toEqual([
      'Test Casino',
      'Pay Scale Two (mixed 6, coloured 12, perfect 25 to 1)',
    ]);
  });
});
