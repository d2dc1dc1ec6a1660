/**
 * A sign change made while rounds are dealt: which of its keys change what a round pays at once (only the variant
 * and the commission wait for a round, `from-hand`), and at which tables, in words for a warning. The table's keys
 * (tie-pays, side-bets) reach its own round; the casino's Perfect Pairs scale reaches every table that offers
 * Perfect Pairs (rule 11A.8: one scale for all of them). One rule for every tool that changes signs (`signage`, the
 * console's review).
 *
 * ```ts
 * paysChangedNow({ tiePays: 9 }, { tableId: 'T1', shoe, perfectPairs: true }, floor); // ['round 4 at T1 is …']
 * scaleReach({ ppScale: 'two' }, floor); // 'Pay Scale Two applies at once at the 2 tables offering Perfect Pairs: …'
 * ```
 * @packageDocumentation
 */
import { compareIds } from '../contract/board-list';
import type { CasinoSignage, DisplayStatus, SideBet, TableSignage } from '../contract/schemas';
import type { ShoePosition } from './shoe-position';
import {
  casinoKeysIn,
  fieldError,
  type CasinoKey,
  type FieldError,
  type SideBetsEdit,
  type SignEdits,
} from './sign-keys';
import { describeScale } from './sign-text';

/** A table as a change of what rounds pay sees it: its round, and whether it offers Perfect Pairs. */
export interface TableRound {
  readonly tableId: string;
  readonly shoe: ShoePosition | null;
  readonly perfectPairs: boolean;
  readonly signRevision?: number | null; // the revision of its retained sign (null: none)
  readonly sideBets?: readonly SideBet[] | null; // the side bets its retained sign offers (null: no sign)
}

/** A table's round as the sign tools know it: from its sign (null: none yet) and the position of its shoe. */
export const tableRound = (tableId: string, sign: TableSignage | null, shoe: ShoePosition | null): TableRound => ({
  tableId,
  shoe,
  perfectPairs: sign?.sideBets.includes('perfectPairs') ?? false,
  signRevision: sign?.revision ?? null,
  sideBets: sign?.sideBets ?? null,
});

/**
 * Whether a side-bets edit takes away a bet the table offers: only then can a wager on the round dealt be caught (a
 * bet added was not offered when bets were taken). Unknown offer (no sign): assumed so.
 */
function takesAway(edit: SideBetsEdit, offered: readonly SideBet[] | null | undefined): boolean {
  if (!offered) return true;
  return 'set' in edit ? offered.some((b) => !edit.set.includes(b)) : edit.remove.some((b) => offered.includes(b));
}

/** The table's keys that change what its round pays at once (side bets: when one offered is taken away). */
const TABLE_PAYS = [
  ['tiePays', 'tie-pays'],
  ['sideBets', 'side-bets'],
] as const;

/** At most this many tables are named in a warning; the rest are counted. */
const NAMED = 12;

const dealt = (t: TableRound): boolean => t.shoe?.phase === 'dealing';
/** Bets are open: wagers are on the layout already (Perfect Pairs and ties with the initial wager, rule 11A.2). */
const betting = (t: TableRound): boolean => t.shoe?.phase === 'betting';
const byId = (a: TableRound, b: TableRound) => compareIds(a.tableId, b.tableId);

/** Up to NAMED of them, then a count: 'T1 (round 4), T7 (round 12) and 3 more'. */
const some = (words: readonly string[]): string =>
  words.length <= NAMED ? words.join(', ') : `${words.slice(0, NAMED).join(', ')} and ${words.length - NAMED} more`;

/** The tables by id, with the round each deals when `round`. */
const named = (tables: readonly TableRound[], round: boolean): string =>
  some(tables.map((t) => (round ? `${t.tableId} (round ${t.shoe?.nextHand ?? '?'})` : t.tableId)));

/**
 * Why a change made while rounds are dealt ("No more bets" called), or have their bets open, deserves a second look:
 * what they pay changes at once, for the wagers already on them too (a floor manager's report: tie-pays=9 mid-round paid 9 to 1 on that
 * round). The change is still published. One warning per reach: the table's round, then the floor's; none when
 * nothing such is changed or no round it reaches is dealt. `lostSigns` ({@link tablesWithLostSigns}): tables whose
 * boards show a sign the broker lost, which may offer Perfect Pairs: those dealing now get a warning of their own.
 */
export function paysChangedNow(
  edits: SignEdits,
  table: TableRound | null,
  floor: readonly TableRound[] = [],
  lostSigns: readonly string[] = [],
): string[] {
  const out: string[] = [];
  const keys = TABLE_PAYS.filter(([k]) => edits[k] !== undefined)
    .filter(([k]) => k !== 'sideBets' || takesAway(edits.sideBets!, table?.sideBets))
    .map(([, word]) => word);
  const change = `${keys.join(', ')} ${keys.length === 1 ? 'changes' : 'change'} what it pays at once`;
  if (keys.length > 0 && table && dealt(table))
    out.push(
      `round ${table.shoe?.nextHand ?? '?'} at ${table.tableId} is being dealt ("No more bets" was called): ` +
        `${change}, for the wagers already on it too. Made between rounds (after its result), no wager placed is ` +
        'caught by it.',
    );
  // Found by a floor manager: with bets open, wagers placed at the old pays were paid at the new, unwarned.
  if (keys.length > 0 && table && betting(table))
    out.push(
      `round ${table.shoe?.nextHand ?? '?'} at ${table.tableId} has its bets open: ${change}, for the wagers ` +
        'already placed on it too. Made between rounds (after its result, before bets open), no wager placed is ' +
        'caught by it.',
    );
  if (edits.ppScale !== undefined) {
    const now = floor.filter((t) => t.perfectPairs && dealt(t)).sort(byId);
    if (now.length > 0)
      out.push(
        `${now.length === 1 ? 'a table' : `${now.length} tables`} offering Perfect Pairs ` +
          `${now.length === 1 ? 'deals its round' : 'deal their rounds'} now ("No more bets" was called): ` +
          `${named(now, true)}. pp-scale changes what Perfect Pairs pays at once, for the wagers already on ` +
          `${now.length === 1 ? 'that round' : 'those rounds'} too.`,
      );
    const open = floor.filter((t) => t.perfectPairs && betting(t)).sort(byId);
    if (open.length > 0)
      out.push(
        `${open.length === 1 ? 'a table offering Perfect Pairs has its bets open' : `${open.length} tables offering Perfect Pairs have their bets open`}: ` +
          `${named(open, true)}. pp-scale changes what Perfect Pairs pays at once, for the wagers already placed on ` +
          `${open.length === 1 ? 'that round' : 'those rounds'} too.`,
      );
    const lost = new Set(lostSigns);
    const maybe = floor.filter((t) => !t.perfectPairs && lost.has(t.tableId) && dealt(t)).sort(byId);
    if (maybe.length > 0)
      out.push(
        `${maybe.length === 1 ? 'a table whose sign the broker lost deals its round' : `${maybe.length} tables whose signs the broker lost deal their rounds`} ` +
          `now ("No more bets" was called): ${named(maybe, true)}. If ${maybe.length === 1 ? 'that sign offers' : 'their signs offer'} ` +
          `Perfect Pairs (${maybe.length === 1 ? 'its boards show it' : 'their boards show them'}), pp-scale changes what it pays at once, ` +
          `for the wagers already on ${maybe.length === 1 ? 'that round' : 'those rounds'} too.`,
      );
  }
  return out;
}

/**
 * Where a new Perfect Pairs scale applies, for the review: every table that offers Perfect Pairs, at once (rule
 * 11A.8); null when the change has no scale in it.
 */
export function scaleReach(
  edits: SignEdits,
  floor: readonly TableRound[],
  lostSigns: readonly string[] = [],
): string | null {
  if (edits.ppScale === undefined) return null;
  const scale = describeScale(edits.ppScale, true);
  const offering = floor.filter((t) => t.perfectPairs).sort(byId);
  // Tables whose boards show a sign the broker lost: whether they offer Perfect Pairs cannot be read from here.
  const unknown =
    lostSigns.length === 0
      ? ''
      : ` The broker has lost the sign of ${lostSigns.length === 1 ? 'table' : 'tables'} ` +
        `${some(lostSigns)} (${lostSigns.length === 1 ? 'its boards show' : 'their boards show'} a newer one): ` +
        `it applies there too if ${lostSigns.length === 1 ? 'that sign offers' : 'their signs offer'} Perfect Pairs.`;
  if (offering.length === 0)
    return `${scale} applies at once at every table that offers Perfect Pairs: none does ${
      lostSigns.length === 0 ? 'now' : "on the broker's signs"
    }.${unknown}`;
  return (
    `${scale} applies at once at the ${offering.length === 1 ? 'table' : `${offering.length} tables`} ` +
    `offering Perfect Pairs: ${named(offering, false)}.${unknown}`
  );
}

/**
 * The floor as it will be once a table's planned sign is out: a command that turns Perfect Pairs on (or off) at a
 * table while it sets the scale reaches that table too (the first sign's report said "none does now").
 */
export function floorAfter(
  floor: readonly TableRound[],
  tableId: string | null,
  planned: Pick<TableSignage, 'sideBets' | 'revision'> | null,
): TableRound[] {
  if (tableId === null || planned === null) return [...floor];
  const here = floor.find((t) => t.tableId === tableId);
  const after: TableRound = {
    tableId,
    shoe: here?.shoe ?? null,
    perfectPairs: planned.sideBets.includes('perfectPairs'),
    signRevision: planned.revision,
    sideBets: planned.sideBets,
  };
  return [...floor.filter((t) => t !== here), after];
}

/**
 * Why a casino-wide key (`pp-scale`, `casino-name`: {@link CASINO_KEYS}) may not be given for a table (`--table`, a
 * change request's table), or null; the first such key given is the one refused. Each is the casino sign's, one for
 * every table: given for a table, it changed the whole floor's (a floor manager's walk: `--table T2 set
 * pp-scale=two`, at a table that does not even offer Perfect Pairs; `--table T2 set casino-name=…` renamed the casino
 * on every board). Only while the casino has no sign yet are they taken with a table's keys, as a table's first
 * Perfect Pairs needs the scale, and a first casino sign its name. `elsewhere`: how the casino's sign is changed, in
 * the tool's words, for the key refused. One check for `signage set` and the console's preview and apply.
 */
export function tableCasinoRefusal(
  tableId: string | null,
  edits: SignEdits,
  casino: CasinoSignage | null,
  floor: readonly TableRound[],
  elsewhere: (key: CasinoKey) => string,
): FieldError | null {
  const key = casinoKeysIn(edits)[0];
  if (tableId === null || key === undefined || casino === null) return null;
  if (key === 'casino-name')
    return fieldError(
      key,
      `the casino's name is the casino sign's, one for every table (every board shows it in its header), not ` +
        `table ${tableId}'s: it would change on every board, where it is '${casino.casinoName}' now. ` +
        elsewhere(key),
    );
  const offering = floor.filter((t) => t.perfectPairs).sort(byId);
  const here = offering.some((t) => t.tableId === tableId);
  return fieldError(
    key,
    `the Perfect Pairs pay scale is the casino's, one for every table that offers Perfect Pairs (rule 11A.8), not ` +
      `table ${tableId}'s: it applies at ${offering.length === 0 ? 'no table now' : named(offering, false)}` +
      `${here ? '' : ` (table ${tableId} does not offer Perfect Pairs)`}. ${elsewhere(key)}`,
  );
}

/**
 * The tables, not offering Perfect Pairs on the broker's signs, whose boards online show a table sign above the
 * broker's (the broker lost it, as on a restart without persistence): that sign may offer Perfect Pairs, and take
 * the new scale. Sorted as staff read ids.
 */
export function tablesWithLostSigns(floor: readonly TableRound[], boards: readonly DisplayStatus[]): string[] {
  const known = new Map(floor.map((t) => [t.tableId, t]));
  const ids = new Set<string>();
  for (const b of boards) {
    if (b.state !== 'online' || b.signageRevision === undefined) continue;
    const t = known.get(b.tableId);
    if (t?.perfectPairs === true) continue;
    if (b.signageRevision > (t?.signRevision ?? 0)) ids.add(b.tableId);
  }
  return [...ids].sort(compareIds);
}
