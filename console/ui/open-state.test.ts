import { describe, expect, test } from 'vitest';
import { openState } from './open-state';

describe("a table card's open-or-closed pill", () => {
  test.each([
    ['the sign closed', false, true, null, ['off', 'Closed']],
    ['the sign open, the controller closed', true, false, null, ['off', 'Closed at the table']],
    ['the sign open', true, true, null, ['ok', 'Open']],
    ['no sign, the controller open', undefined, true, null, ['ok', 'Open at the table']],
    ['no sign, the controller closed', undefined, false, null, ['off', 'Closed at the table']],
    ['no sign, nothing said', undefined, undefined, null, null],
    // Found by a floor manager: the broker lost the closed table's sign; its boards kept showing TABLE CLOSED.
    ['the broker lost the sign the boards show: not "open" on the controller\'s word', undefined, true, 2, null],
    ['the broker lost the sign, the controller closed', undefined, false, 2, ['off', 'Closed at the table']],
  ] as const)('%s', (_, sign, controller, boardsShow, said) => {
    expect(openState(sign, controller, boardsShow)).toEqual(said);
  });
});
