/**
 * A refused action in the dealer's language: the server answers with English (`error`, for logs and tools) and,
 * where the page can say it better, a code (`code`): a supervisor's code wrong or locked, a card refused as the
 * replacement of a card of the round, the undo's window passed, the keypad not serving or not yet connected to the
 * table, the keypad out of reach or refusing the page's token, and what the keypad's state refuses (its disabled buttons keep a dealer from these:
 * only a second tablet on the table, racing, meets one). Anything else (what the page's own checks keep out, so a
 * page's bug or a hand-made request) is said in the dealer's words too, the server's English detail after them.
 *
 * ```ts
 * say(refusalMessage(t, { ok: false, error: '…', code: 'third-cards' }, { action: { type: 'recard', index: 1, card: '9S' } }));
 * ```
 * @packageDocumentation
 */
import { STATE_CODES, type ActionRequest, type ActionResponse, type StateCode } from '../protocol';
import { cardLabel } from './format';
import type { Strings } from './locales';

type Refused = Extract<ActionResponse, { ok: false }>;

const isStateCode = (code: string | undefined): code is StateCode =>
  code !== undefined && (STATE_CODES as readonly string[]).includes(code);

export function refusalMessage(t: Strings, r: Refused, request: ActionRequest): string {
  const card = 'card' in request.action ? cardLabel(request.action.card) : '';
  switch (r.code) {
    case 'supervisor':
      return t.wrongCode;
    case 'locked':
      return t.locked;
    case 'same-card':
      return t.recardSame(card);
    case 'not-of-set':
      return t.recardNotOfSet(card);
    case 'third-cards':
      return t.recardThirdCards(card);
    case 'undo-expired':
      return t.undoExpired;
    case 'not-connected':
      return t.notConnected;
    case 'unreachable':
      return t.unreachable;
    case 'unauthorized':
      return t.unauthorized;
    case 'refused':
      return t.refusedTitle;
    default:
      return isStateCode(r.code) ? t.refusals[r.code] : t.refusedEntry(r.error);
  }
}
