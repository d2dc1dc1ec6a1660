/**
 * What the floor should look at, in its own words: a board whose sign differs from its table's (or the casino's),
 * in either direction; a board out of step with its table, and for how long; a board gone silent (its status too old
 * to believe, and nothing else it said with it); a board's warnings for staff (among
 * them a pit message it cuts, or the streak line it gives up for one: on the table card too, where the sign is
 * edited); a table offering Perfect Pairs with no casino pay scale published (rule 11A.8). Computed on the console's
 * Node side from the fleet, so the page only shows it. Pure.
 *
 * ```ts
 * boardAttention(board, tableSign, casino, signLag(board, tableSign, casino, now), now);
 * // [{ code: 'signage-ahead', displayId: 'D1',
 * //    text: "Board D1 shows revision 13; the table's sign is revision 1 — republish the sign" }]
 * ```
 * @packageDocumentation
 */
import { isSilent, SILENT_AFTER_SECONDS } from '../contract/offline-since';
import type { CasinoSignage, DisplayStatus, StaffWarningCode, TableSignage } from '../contract/schemas';
import type { ShoePosition } from './shoe-position';
import { tableStateAttention, type ControllerOpen } from './table-open-attention';

export { controllerSaysOpen, tableStateAttention, type ControllerOpen } from './table-open-attention';

/** What an {@link Attention} is about. */
export type AttentionCode =
  | 'out-of-step'
  | 'board-silent' // its status says online but is too old to believe (isSilent): nothing else it said is current
  | 'signage-behind' // the board has not taken the table's sign (yet)
  | 'signage-ahead' // the board shows a revision above the broker's sign: the broker lost it, or an old one went out
  | 'casino-behind'
  | 'casino-ahead'
  | 'build-unapproved' // its software is not on the approved list (board-checks.ts)
  | 'build-unreported' // it reports no build, and there is an approved list
  | 'clock-off' // its clock is more than 2 s off the controller's
  | 'closed-but-dealing' // the pit's sign closed the table, and its controller takes bets or deals a hand
  | 'closed-at-table' // the controller closed the table, and the pit's sign says open
  | StaffWarningCode; // a board's own warning; perfect-pairs-scale-missing also from the table's sign

/** One thing to look at. */
export interface Attention {
  readonly code: AttentionCode;
  readonly text: string; // for a floor manager, whole: "Board D1 shows revision 13; …"
  readonly displayId?: string; // the board it is about
  readonly since?: string; // when it began, where known: the page says for how long
}

/** Sign mismatches: `ahead` is the one that hides new signs from the boards (issue 12, case 9). */
export interface SignLag {
  readonly signageBehind: boolean;
  readonly signageAhead: boolean;
  readonly casinoSignageBehind: boolean;
  readonly casinoSignageAhead: boolean;
}

type Online = Extract<DisplayStatus, { state: 'online' }>;

/**
 * How a board's signs compare with the broker's (all false for a board that is offline, or silent at `now`, ms since
 * the epoch: what it last said it shows is too old to compare; not judged without `now`).
 */
export function signLag(
  b: DisplayStatus,
  table: TableSignage | null,
  casino: CasinoSignage | null,
  now?: number,
): SignLag {
  if (b.state !== 'online' || (now !== undefined && isSilent(b, now)))
    return { signageBehind: false, signageAhead: false, casinoSignageBehind: false, casinoSignageAhead: false };
  const cmp = (shown: number | undefined, sign: { revision: number } | null) => ({
    behind: sign !== null && (shown ?? -1) < sign.revision,
    ahead: shown !== undefined && shown > (sign?.revision ?? -1),
  });
  const t = cmp(b.signageRevision, table);
  const c = cmp(b.casinoSignageRevision, casino);
  return { signageBehind: t.behind, signageAhead: t.ahead, casinoSignageBehind: c.behind, casinoSignageAhead: c.ahead };
}

const shows = (rev: number | undefined, what = 'revision') => (rev === undefined ? 'no sign' : `${what} ${rev}`);

/** `Board D1 is out of step (gap): …`, for a board that says it is. */
export function outOfStepAttention(b: Online): Attention | null {
  const o = b.outOfStep;
  return o
    ? {
        code: 'out-of-step',
        displayId: b.displayId,
        since: o.since,
        text: `Board ${b.displayId} is out of step (${o.code}): ${o.reason}`,
      }
    : null;
}

/**
 * `Board D3 is silent: …`, for a board whose status says online but is too old to believe (`isSilent`: its will never
 * came), since its status's time where it can be read. Whatever else that status said (out of step, its signs, its
 * warnings) is as old, so this is the board's only line.
 */
export function silentAttention(b: Online): Attention {
  const since = Number.isFinite(Date.parse(b.timestamp)) ? { since: b.timestamp } : {};
  return {
    code: 'board-silent',
    displayId: b.displayId,
    ...since,
    text: `Board ${b.displayId} is silent: its last status said online, and nothing has come from it for over ${SILENT_AFTER_SECONDS} s — check the board and its network`,
  };
}

/**
 * A board's signs against the broker's, with what to do (`fleet list`): none for a board offline, or silent at `now`.
 */
export const signMismatches = (
  b: DisplayStatus,
  table: TableSignage | null,
  casino: CasinoSignage | null,
  now: number,
): Attention[] => (b.state === 'online' ? signAttention(b, signLag(b, table, casino, now), table, casino) : []);

/** Sign mismatches of one board, with what to do about them. */
function signAttention(b: Online, lag: SignLag, table: TableSignage | null, casino: CasinoSignage | null): Attention[] {
  const out: Attention[] = [];
  const board = `Board ${b.displayId}`;
  const add = (code: AttentionCode, text: string) => out.push({ code, displayId: b.displayId, text });
  if (lag.signageAhead)
    add(
      'signage-ahead',
      table
        ? `${board} shows revision ${b.signageRevision}; the table's sign is revision ${table.revision} — republish the sign`
        : `${board} shows revision ${b.signageRevision}; the broker has no sign for table ${b.tableId} — publish the sign again`,
    );
  if (lag.signageBehind && table)
    add(
      'signage-behind',
      `${board} shows ${shows(b.signageRevision)}; the table's sign is revision ${table.revision} — it has not taken it yet`,
    );
  if (lag.casinoSignageAhead)
    add(
      'casino-ahead',
      casino
        ? `${board} shows casino sign revision ${b.casinoSignageRevision}; the casino's sign is revision ${casino.revision} — republish the pay scale`
        : `${board} shows casino sign revision ${b.casinoSignageRevision}; the broker has no casino sign — publish the casino sign again`,
    );
  if (lag.casinoSignageBehind && casino)
    add(
      'casino-behind',
      `${board} shows ${shows(b.casinoSignageRevision, 'casino sign revision')}; the casino's sign is revision ${casino.revision} — it has not taken it yet`,
    );
  return out;
}

/** A board's own warning, in its words: `Board D1: the pit message is too long for this board, …`. */
const warningAttention = (b: Online, w: NonNullable<Online['warnings']>[number]): Attention => ({
  code: w.code,
  displayId: b.displayId,
  since: w.since,
  text: `Board ${b.displayId}: ${w.detail}`,
});

/** Warnings about how a board fits the table's sign (its pit message), which a change of the sign mends. */
const FIT_CODES: ReadonlySet<StaffWarningCode> = new Set(['pit-message-cut', 'streaks-hidden']);

/**
 * Everything to look at on one board: out of step first, then its signs, then its own warnings; for a board silent
 * at `now` (ms since the epoch; not judged without it), only that it is silent.
 */
export function boardAttention(
  b: DisplayStatus,
  table: TableSignage | null,
  casino: CasinoSignage | null,
  lag: SignLag = signLag(b, table, casino),
  now?: number,
): Attention[] {
  if (b.state !== 'online') return [];
  if (now !== undefined && isSilent(b, now)) return [silentAttention(b)];
  const step = outOfStepAttention(b);
  return [
    ...(step ? [step] : []),
    ...signAttention(b, lag, table, casino),
    ...(b.warnings ?? []).map((w) => warningAttention(b, w)),
  ];
}

/** Perfect Pairs offered with no casino scale published: the boards cannot show its odds (rule 11A.8). */
export function perfectPairsGap(sign: TableSignage | null, casino: CasinoSignage | null): Attention | null {
  return sign?.sideBets.includes('perfectPairs') && !casino
    ? {
        code: 'perfect-pairs-scale-missing',
        text: 'Perfect Pairs is offered, but no casino pay scale is published: the boards show no Perfect Pairs odds (rule 11A.8) — set the pay scale',
      }
    : null;
}

/**
 * For the table card: the sign and the controller at odds on open or closed, the Perfect Pairs gap, then each of
 * its boards silent (at `now`, ms since the epoch; not judged without it), out of step, showing another sign, or
 * cutting the sign's pit message (or giving up its streak line for it).
 */
export function tableAttention(
  sign: TableSignage | null,
  casino: CasinoSignage | null,
  boards: readonly (DisplayStatus & SignLag)[],
  shoe: (ShoePosition & { readonly at?: string }) | null = null,
  now?: number,
  controller?: ControllerOpen | null,
): Attention[] {
  const out = [tableStateAttention(sign, shoe, controller), perfectPairsGap(sign, casino)].filter((a) => a !== null);
  for (const b of boards) {
    if (b.state !== 'online') continue;
    if (now !== undefined && isSilent(b, now)) {
      out.push(silentAttention(b));
      continue;
    }
    const step = outOfStepAttention(b);
    if (step) out.push(step);
    const lag = { ...b, casinoSignageBehind: false, casinoSignageAhead: false }; // the casino's: on its own panel
    out.push(...signAttention(b, lag, sign, casino));
    out.push(...(b.warnings ?? []).filter((w) => FIT_CODES.has(w.code)).map((w) => warningAttention(b, w)));
  }
  return out;
}

const some = (ids: readonly string[]) =>
  ids.length <= 3 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} and ${ids.length - 3} more`;

/** For the casino panel: the boards whose casino sign differs from the broker's, grouped. */
export function casinoAttention(
  casino: CasinoSignage | null,
  boards: readonly (DisplayStatus & SignLag)[],
): Attention[] {
  const online = boards.filter((b): b is Online & SignLag => b.state === 'online');
  const ahead = online.filter((b) => b.casinoSignageAhead);
  const behind = online.filter((b) => b.casinoSignageBehind);
  const out: Attention[] = [];
  if (ahead.length > 0) {
    const top = Math.max(...ahead.map((b) => b.casinoSignageRevision ?? 0));
    const who = `${ahead.length === 1 ? 'Board' : 'Boards'} ${some(ahead.map((b) => b.displayId))}`;
    out.push({
      code: 'casino-ahead',
      text: casino
        ? `${who} ${ahead.length === 1 ? 'shows' : 'show up to'} casino sign revision ${top}; the casino's sign is revision ${casino.revision} — republish the pay scale`
        : `${who} ${ahead.length === 1 ? 'shows' : 'show up to'} casino sign revision ${top}; the broker has no casino sign — publish the casino sign again`,
    });
  }
  if (behind.length > 0 && casino)
    out.push({
      code: 'casino-behind',
      text: `${behind.length === 1 ? 'Board' : 'Boards'} ${some(behind.map((b) => b.displayId))} ${behind.length === 1 ? 'has' : 'have'} not taken casino sign revision ${casino.revision} yet`,
    });
  return out;
}
