import { describe, expect, test } from 'vitest';
import { didYouMean, optionsIn, unknownOptionHint } from './did-you-mean';
import { FLEET_USAGE } from './fleet-usage';

describe('didYouMean', () => {
  const OPTIONS = ['--broker', '--table', '--display', '--reason', '--json', '--out'];
  test.each([
    ['--tabel', ' (did you mean --table?)'], // two letters swapped
    ['--brokr', ' (did you mean --broker?)'], // one left out
    ['--Display', ' (did you mean --display?)'], // case
    ['--jsn', ' (did you mean --json?)'],
    ['--colour', ''], // nothing near
    ['--ot', ' (did you mean --out?)'],
    ['--zq', ''], // a short name: one slip at most
    ['--table', ''], // itself: no advice
  ])('%s → %j', (given, said) => expect(didYouMean(given, OPTIONS)).toBe(said));

  test('the nearest wins: --tabl is one from --table', () =>
    expect(didYouMean('--tabl', OPTIONS)).toBe(' (did you mean --table?)'));

  test('commands too', () => {
    const commands = ['start', 'serve', 'simulate', 'signage', 'fleet', 'history', 'keys', 'console', 'keypad'];
    expect(didYouMean('flet', commands)).toBe(' (did you mean fleet?)');
    expect(didYouMean('sigange', commands)).toBe(' (did you mean signage?)');
    expect(didYouMean('dance', commands)).toBe('');
  });
});

describe('unknownOptionHint', () => {
  test("reads Node's parseArgs message and the command's usage", () => {
    expect(optionsIn(FLEET_USAGE)).toContain('--broker');
    expect(unknownOptionHint("Unknown option '--brokr'. To specify a positional argument…", FLEET_USAGE)).toBe(
      ' (did you mean --broker?)',
    );
    expect(unknownOptionHint("Option '--out <value>' argument missing", FLEET_USAGE)).toBe('');
  });
});
