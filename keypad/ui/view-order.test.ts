import { describe, expect, it } from 'vitest';
import { isNewer } from './view-order';

const v = (revision: number, serial: number) => ({ revision, serial });

describe('the view the keypad page shows', () => {
  it.each([
    ['the first view', null, v(3, 10), true],
    ['a later action', v(3, 10), v(4, 11), true],
    // The reply to "result" (2 to send) arrives after the push of its messages acknowledged (none to send).
    ['a reply overtaken by the push of its outbox acknowledged', v(4, 13), v(4, 12), false],
    ['the push of the outbox acknowledged, after the reply', v(4, 12), v(4, 13), true],
    ['the same view twice', v(4, 13), v(4, 13), false],
    ['a reply to an older action', v(5, 20), v(4, 21), false],
    ['a restarted keypad (its serial from its clock)', v(5, 20), v(5, 1_800_000_000_000_000), true],
  ])('%s', (_what, shown, next, newer) => {
    expect(isNewer(shown, next)).toBe(newer);
  });
});
