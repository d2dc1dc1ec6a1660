/**
 * The table open or closed, as the console judges it for the floor: its controller's two words (its online status's,
 * its shoe snapshot's; the later wins, `contract/table-open-word.ts`) against the pit's sign. Each closes the table on
 * the boards, and neither knows of the other's. Pure; part of what the floor should look at (fleet-attention.ts).
 *
 * ```ts
 * tableStateAttention(sign, shoe, { tableOpen: false, tableOpenAt }); // the sign says open, the dealer closed:
 * // { code: 'closed-at-table', text: 'The dealer closed the table at its controller: its boards show TABLE CLOSED, …' }
 * ```
 * @packageDocumentation
 */
import type { TableSignage } from '../contract/schemas';
import { tableOpenVerdict } from '../contract/table-open-word';
import { toSecond } from '../contract/time-words';
import type { Attention } from './fleet-attention';
import type { ShoePosition } from './shoe-position';

/** The controller's word on open or closed as the console keeps it: its last online status's, and when. */
export interface ControllerOpen {
  readonly tableOpen?: boolean;
  readonly tableOpenAt?: string;
}

type ShoeOpen = (ShoePosition & { readonly at?: string }) | null; // at: the snapshot's timestamp

const verdictOf = (shoe: ShoeOpen, controller: ControllerOpen | null | undefined) =>
  tableOpenVerdict(
    controller?.tableOpen !== undefined ? { open: controller.tableOpen, at: controller.tableOpenAt ?? '' } : undefined,
    shoe?.tableOpen !== undefined ? { open: shoe.tableOpen, at: shoe.at ?? '' } : undefined,
  );

/**
 * The table open or closed as its controller says, as its boards read it: its online status's word and its shoe
 * snapshot's, the later winning (`contract/table-open-word.ts`; too close in time to tell: closed); undefined when
 * neither says (an older controller: taken as open).
 */
export const controllerSaysOpen = (
  shoe: ShoeOpen,
  controller: ControllerOpen | null | undefined,
): boolean | undefined => verdictOf(shoe, controller)?.open;

/**
 * The pit's sign and the table's controller disagree on whether the table is open. Each closes it on the boards
 * (TABLE CLOSED over the roads), and neither knows of the other's (found by hand: closed in the console, the keypad
 * still offered "Bets open", and a hand was recorded while patrons read TABLE CLOSED). Before that: the controller's
 * own two words (its status, its shoe's snapshot) at odds, too close in time to tell which is later (its boards then
 * show TABLE CLOSED and warn staff, `table-open-unsure`).
 */
export function tableStateAttention(
  sign: TableSignage | null,
  shoe: ShoeOpen,
  controller?: ControllerOpen | null,
): Attention | null {
  if (!sign) return null;
  const verdict = verdictOf(shoe, controller);
  if (verdict?.by === 'unsure') return unsure(shoe, controller);
  const open = verdict?.open;
  // Before any shoe, the controller's online status says it (a new keypad closes its table at once).
  if (!shoe) return sign.tableOpen && open === false ? CLOSED_AT_TABLE : null;
  const playing = shoe.phase === 'betting' || shoe.phase === 'dealing';
  if (!sign.tableOpen && open !== false && playing) {
    const what = shoe.phase === 'betting' ? 'takes bets for' : 'is dealing';
    return {
      code: 'closed-but-dealing',
      text: `The table's sign says closed (its boards show TABLE CLOSED), but its controller ${what} hand ${shoe.nextHand ?? '?'} — open the table, or have the dealer close it`,
    };
  }
  if (sign.tableOpen && open === false) return CLOSED_AT_TABLE;
  return null;
}

const CLOSED_AT_TABLE: Attention = {
  code: 'closed-at-table',
  text: "The dealer closed the table at its controller: its boards show TABLE CLOSED, though the table's sign says open",
};

const saidAt = (open: boolean | undefined, at: string | undefined) =>
  `${open ? 'open' : 'closed'} at ${at ? toSecond(at) : 'an unknown time'}`;

function unsure(shoe: ShoeOpen, c: ControllerOpen | null | undefined): Attention {
  return {
    code: 'table-open-unsure',
    text: `The table's controller says it is ${saidAt(c?.tableOpen, c?.tableOpenAt)}, its shoe's snapshot ${saidAt(shoe?.tableOpen, shoe?.at)}: too close in time to tell which is later, so its boards show TABLE CLOSED — have the dealer close or open the table again`,
  };
}
