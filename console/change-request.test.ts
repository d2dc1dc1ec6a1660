/** The reason a person types: none, too short (said so, with what it was), too long, or taken. */
import { describe, expect, test } from 'vitest';
import { MIN_REASON_LENGTH, reasonProblem } from './change-request';

describe('reasonProblem', () => {
  test('none asks for one', () => {
    for (const r of [undefined, '', '   '])
      expect(reasonProblem(r)).toBe(
        'give a reason for the change: it goes to the audit log with your name (e.g. "new limits for the weekend")',
      );
  });
  test('one too short says so, with what was typed and how long it must be, not that none was given', () => {
    expect(MIN_REASON_LENGTH).toBe(3);
    expect(reasonProblem(' ok ')).toBe(
      "the reason 'ok' is too short: give a reason for the change of at least 3 characters; it goes to the audit " +
        'log with your name (e.g. "new limits for the weekend")',
    );
    expect(reasonProblem('x', 'the reload', 'board stuck')).toMatch(/^the reason 'x' is too short: .* the reload /);
  });
  test('too long, and taken', () => {
    expect(reasonProblem('x'.repeat(301))).toBe('the reason is longer than 300 characters');
    expect(reasonProblem('new limits')).toBeNull();
  });
});
