/**
 * `fleet --help` as IT reads it in a terminal: its paragraphs are filled, not broken mid-sentence (found by hand:
 * "Then it goes to the audit log" and "2 for bad input (a wrong --by" ended short lines in the middle of a sentence).
 */
import { expect, test } from 'vitest';
import { FLEET_USAGE } from './fleet-usage';

test('every line of a prose paragraph but its last is filled (over 100 characters), none over 120', () => {
  const prose = FLEET_USAGE.split('Options:')[0]!.split('\n').slice(1); // the usage line is one long line
  const sentence = (l: string | undefined) => l !== undefined && /^\S/.test(l) && !/^\S+ {2,}/.test(l); // not a table row
  const short = prose.filter((line, i) => {
    const inParagraph = sentence(line) && sentence(prose[i + 1]);
    return inParagraph && line.length <= 100;
  });
  expect(short).toEqual([]);
  expect(
    FLEET_USAGE.split('\n')
      .slice(1)
      .filter((l) => l.length > 120),
  ).toEqual([]);
});
