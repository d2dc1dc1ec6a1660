/**
 * `kiosk:fit` as a host takes it: a board's report of its pit message cut (to how many lines) and its streak line
 * given up, checked by the contract before it becomes a staff warning. Anything else is refused with a reason for the
 * log, never thrown: the host answers the board with an error and carries on.
 */
import { describe, expect, test } from 'vitest';
import { REQUEST_CHANNELS } from './kiosk';
import { combineFitReports, parseFitReport, type FitReport } from './fit-report';

describe('kiosk:fit', () => {
  test('is a request channel of the kiosk contract (the preload allows it)', () => {
    expect(REQUEST_CHANNELS).toContain('kiosk:fit');
  });

  test.each([
    [{ messageCut: false, streaksHidden: false }],
    [{ messageCut: true, messageLines: 3, streaksHidden: false }],
    [{ messageCut: true, streaksHidden: true }],
    [{ messageCut: false, streaksHidden: true }],
    [{ messageCut: true, messageLines: 100, streaksHidden: false }],
  ])('takes %j as it is', (report) => {
    expect(parseFitReport(report)).toEqual({ ok: true, value: report });
  });

  test.each<[unknown, RegExp]>([
    [undefined, /not an object/],
    [null, /not an object/],
    ['cut', /not an object/],
    [[true, false], /not an object/],
    [{}, /messageCut: expected a boolean/],
    [{ messageCut: 'true', streaksHidden: false }, /messageCut: expected a boolean/],
    [{ messageCut: true }, /streaksHidden: expected a boolean/],
    [{ messageCut: true, streaksHidden: 0 }, /streaksHidden: expected a boolean/],
    [{ messageCut: true, messageLines: 0, streaksHidden: false }, /messageLines: expected 1 to 100, got 0/],
    [{ messageCut: true, messageLines: 101, streaksHidden: false }, /expected 1 to 100/],
    [{ messageCut: true, messageLines: 2.5, streaksHidden: false }, /messageLines: expected an integer/],
    [{ messageCut: true, messageLines: '3', streaksHidden: false }, /messageLines: expected an integer/],
    [{ messageCut: true, messageLines: Number.NaN, streaksHidden: false }, /expected an integer/],
    [{ messageCut: false, messageLines: 3, streaksHidden: false }, /only for a message that is cut/],
    [{ messageCut: true, streaksHidden: false, lines: 3 }, /unknown property "lines"/],
    [JSON.parse('{"messageCut":true,"streaksHidden":false,"__proto__":{"x":1}}'), /unknown property "__proto__"/],
  ])('refuses %j: %s', (report, reason) => {
    const r = parseFitReport(report);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(reason);
  });
});

describe('combineFitReports: one fit from every page showing the board', () => {
  const whole: FitReport = { messageCut: false, streaksHidden: false };
  const cut2: FitReport = { messageCut: true, messageLines: 2, streaksHidden: false };
  const cut4: FitReport = { messageCut: true, messageLines: 4, streaksHidden: false };
  const cutSomehow: FitReport = { messageCut: true, streaksHidden: false };
  const noStreaks: FitReport = { messageCut: false, streaksHidden: true };
  test.each<[string, FitReport[], FitReport | null]>([
    ['no page: nothing to say', [], null],
    ['one page: its own', [cut2], cut2],
    ['a page that cuts and one that does not: cut', [whole, cut2], cut2],
    ['in either order', [cut2, whole], cut2],
    ['two that cut: to the fewer lines', [cut4, cut2], cut2],
    ['a cut of unknown lines and one of 4: cut to 4', [cutSomehow, cut4], cut4],
    ['only cuts of unknown lines: cut, lines unknown', [cutSomehow, whole], cutSomehow],
    [
      'streaks hidden on any page: hidden',
      [noStreaks, cut4],
      { messageCut: true, messageLines: 4, streaksHidden: true },
    ],
    ['every page whole: whole', [whole, whole], whole],
  ])('%s', (_, reports, combined) => {
    expect(combineFitReports(reports)).toEqual(combined);
  });

  test('whatever the pages report, the result is itself a report the contract takes', () => {
    const all = [whole, cut2, cut4, cutSomehow, noStreaks];
    for (let mask = 1; mask < 1 << all.length; mask++) {
      const combined = combineFitReports(all.filter((_, i) => mask & (1 << i)))!;
      expect(parseFitReport(combined)).toEqual({ ok: true, value: combined });
    }
  });
});
