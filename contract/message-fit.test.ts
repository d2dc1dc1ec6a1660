import { describe, expect, test } from 'vitest';
import { signage } from '../test/helpers/table-messages';
import { changedMessageFit, MESSAGE_FITS, MESSAGE_FITS_CROWDED, messageFit } from './message-fit';

describe('a pit message likely cut on the board, said before publishing', () => {
  // Found on a shift: 150 characters accepted (the limit is 280), cut after about 110 on the board where the
  // modified-odds sign and Perfect Pairs share the panel; the console flagged PIT MESSAGE CUT only afterwards.
  const mo = { kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 1 } as const;
  test('crowded panel: above 100 characters', () => {
    const crowded = signage(1, { variant: mo, message: 'x'.repeat(150) });
    expect(messageFit(crowded)).toBe(
      'the pit message (150 characters) will likely be cut on the boards: about 100 show whole where the ' +
        'modified-odds sign and Perfect Pairs share the panel; shorten it',
    );
    expect(messageFit(signage(1, { variant: mo, message: 'x'.repeat(100) }))).toBeNull();
  });
  test('otherwise: above 180 characters; no message, nothing', () => {
    expect(messageFit(signage(1, { message: 'x'.repeat(150) }))).toBeNull();
    expect(messageFit(signage(1, { message: 'x'.repeat(181) }))).toMatch(/\(181 characters\).*about 180 show/);
    expect(messageFit(signage(1))).toBeNull();
  });
  test('a change warns only when it touches the message or the panel it shares (console and CLI alike)', () => {
    const long = signage(1, { message: 'x'.repeat(MESSAGE_FITS + 1) });
    expect(changedMessageFit(long, ['min', 'max'])).toBeNull();
    for (const key of ['message', 'variant', 'side-bets'])
      expect(changedMessageFit(long, [key])).toMatch(/will likely be cut/);
    expect(MESSAGE_FITS_CROWDED).toBeLessThan(MESSAGE_FITS);
  });
});
