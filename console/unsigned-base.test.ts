import { describe, expect, it } from 'vitest';
import { unsignedBase, unsignedBaseText } from './unsigned-base';

const SIG = { alg: 'Ed25519', kid: '0123456789abcdef', value: 'x'.repeat(86) };

describe('unsignedBase: a signed change never signs an unsigned revision the boards have not taken', () => {
  it.each([
    [
      'signed change over an unsigned sign the boards refused',
      { revision: 2 },
      1,
      true,
      { revision: 2, boardsShow: 1 },
    ],
    // A new table's first sign, published unsigned: its boards, online, show none (found by casino IT: the next
    // signed change signed the unsigned max=8,000 with it).
    [
      'signed change over a first sign the boards refused: they show none',
      { revision: 1 },
      0,
      true,
      { revision: 1, boardsShow: 0 },
    ],
    ['the boards show it (they took it: no signature required)', { revision: 2 }, 2, true, null],
    ['a board shows a later one (the broker lost a sign)', { revision: 2 }, 3, true, null],
    ['no board reports the table', { revision: 2 }, null, true, null],
    ['the sign is signed', { revision: 2, sig: SIG }, 1, true, null],
    ['no sign yet', null, 1, true, null],
    ['the change is not signed', { revision: 2 }, 1, false, null],
  ] as const)('%s', (_, before, boardsShow, signing, expected) => {
    expect(unsignedBase(before, boardsShow, signing)).toEqual(expected);
  });

  it('says which revisions, and the way out it is given', () => {
    const text = unsignedBaseText('table T4', { revision: 2, boardsShow: 1 }, 'Add --replace.');
    expect(text).toContain('table T4: the sign on the broker (revision 2) is not signed');
    expect(text).toContain("the table's boards show revision 1");
    expect(text).toContain('would sign whatever revision 2 says as well');
    expect(text.endsWith('Add --replace.')).toBe(true);
    expect(unsignedBaseText('table T5', { revision: 1, boardsShow: 0 }, '')).toContain(
      "the table's boards show no sign: they refused it",
    );
  });
});
