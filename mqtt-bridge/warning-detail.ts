/**
 * A staff warning's `detail` within the contract's 300 characters: whole when it fits, else cut with an ellipsis
 * (a long id or reason must never make the board's status invalid).
 *
 * ```ts
 * warningDetail(`${n} messages refused … (last: ${reason}) …`);
 * ```
 * @packageDocumentation
 */

/** The contract's limit on a warning's detail. */
export const MAX_DETAIL = 300;

export const warningDetail = (text: string): string =>
  text.length <= MAX_DETAIL ? text : `${text.slice(0, MAX_DETAIL - 1)}…`;
