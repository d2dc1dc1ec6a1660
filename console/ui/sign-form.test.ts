import { describe, expect, it } from 'vitest';
import { refusalText } from './sign-form';

// A floor manager's walk: the console said "'3OO' is not an amount, e.g. 500 or 100,000" beside both the minimum and
// the maximum, where `signage set` says "min: …".
describe("refusalText: a sign key's problem named by its key, as signage set says it", () => {
  it.each([
    [
      { field: 'min', message: "'3OO' is not an amount, e.g. 500 or 100,000" },
      "min: '3OO' is not an amount, e.g. 500 or 100,000",
    ],
    [{ field: 'pp-limits', message: "'1OO-5000' is not a range" }, "pp-limits: '1OO-5000' is not a range"],
    [{ field: 'min', message: 'min (999999) is above max (50000)' }, 'min (999999) is above max (50000)'],
    [{ field: 'reason', message: 'give a reason for the change' }, 'give a reason for the change'],
    [
      { field: 'role', message: "a floor manager cannot change the casino's sign" },
      "a floor manager cannot change the casino's sign",
    ],
    [{ field: null, message: 'nothing to change' }, 'nothing to change'],
  ])('%o', (e, text) => {
    expect(refusalText(e)).toBe(text);
  });
});
