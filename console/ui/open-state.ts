/**
 * A table card's open-or-closed pill, in words: the sign's, or "Closed at the table" where the controller closed it
 * under an open sign; with no sign, as its controller says (its boards show TABLE CLOSED from that alone), or nothing
 * when it says neither. Where the broker lost the sign its boards still show (`boardsShow`), they show that sign's
 * open or closed, which the controller's "open" does not change: nothing is said then but a controller's close (a
 * closed table read "Open at the table" after a broker restart, while its boards said TABLE CLOSED). Pure.
 *
 * ```ts
 * openState(false, true, null); // ['off', 'Closed']
 * ```
 * @packageDocumentation
 */
export function openState(
  sign: boolean | undefined,
  controller: boolean | undefined,
  boardsShow: number | null,
): readonly ['ok' | 'off', string] | null {
  if (sign === false) return ['off', 'Closed'];
  if (controller === false) return ['off', 'Closed at the table'];
  if (sign) return ['ok', 'Open'];
  if (controller && boardsShow === null) return ['ok', 'Open at the table'];
  return null;
}
