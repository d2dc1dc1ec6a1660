/**
 * Signs in plain words for floor managers: one value of one key (`commission 5%`, `modified odds from hand 31 of
 * shoe S1`, `100,000`), and a whole table's and the casino's signs for `baccarat-board signage show`. Pure.
 *
 * ```ts
 * describeVariant({ kind: 'modified-odds', effectiveFromShoe: 'S1', effectiveFromHand: 31 });
 * // 'modified odds from hand 31 of shoe S1'
 * ```
 * @packageDocumentation
 */
import { compareIds } from '../contract/board-list';
import { isSilent, lastSeenOf, offlineSince } from '../contract/offline-since';
import { isLimitedSideBet, PERFECT_PAIRS_PAY_SCALES } from '../baccarat/signage';
import type { CasinoSignage, DisplaySeen, DisplayStatus, PayScale, TableSignage, Variant } from '../contract/schemas';
import { boardAttention } from './fleet-attention';
import type { ShoePosition } from './shoe-position';

/** An amount with thousands separators: 100000 → `100,000`. */
export const formatAmount = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The shoe before a change made "from the next shoe" (`nextShoeId`: `S1-next`, hand 1), or null. */
const shoeBeforeNext = (v: Variant): string | null =>
  v.effectiveFromShoe?.endsWith('-next') === true && v.effectiveFromHand === 1
    ? v.effectiveFromShoe.slice(0, -'-next'.length)
    : null;

const from = (v: Variant): string => {
  if (v.effectiveFromShoe === undefined || v.effectiveFromHand === undefined) return '';
  const before = shoeBeforeNext(v);
  return before !== null
    ? ` from the next shoe (after shoe ${before})`
    : ` from hand ${v.effectiveFromHand} of shoe ${v.effectiveFromShoe}`;
};

/**
 * `commission 5%`, `commission 4% from hand 12 of shoe S1`, `modified odds from hand 31 of shoe S1`, `modified odds
 * from the next shoe (after shoe S1)`.
 */
export function describeVariant(v: Variant, withFrom = true): string {
  const terms = v.kind === 'commission' ? `commission ${v.commissionPercent}%` : 'modified odds';
  return withFrom ? terms + from(v) : terms;
}

/** `Pay Scale One (mixed 5, coloured 10, perfect 30 to 1)`. */
export function describeScale(scale: PayScale, withOdds = false): string {
  const name = `Pay Scale ${scale === 'one' ? 'One' : 'Two'}`;
  if (!withOdds) return name;
  const o = PERFECT_PAIRS_PAY_SCALES[scale];
  return `${name} (mixed ${o.mixed.win}, coloured ${o.coloured.win}, perfect ${o.perfect.win} to 1)`;
}

/** A shoe by the controller's number when it gives one: `shoe 12 (S1)`, else `shoe S1`. */
export const shoeName = (shoeId: string, shoeNo?: number): string =>
  shoeNo === undefined ? `shoe ${shoeId}` : `shoe ${shoeNo} (${shoeId})`;

/**
 * Where a shoe stands, e.g. `shoe S1: 30 hands played, waiting; next hand 31`, or once its round has begun
 * `shoe S1: 30 hands played; hand 31 is being dealt` (`shoe 12 (S1): …` with a number). Not 'next hand' for a round
 * begun: beside a change 'from hand 32', a floor manager read 'next hand 31' as the hand still to come.
 */
export function describeShoe(s: ShoePosition): string {
  // A change made for the next shoe: where the shoe dealt now stands (not 'S1-next, given; no snapshot of it').
  if (s.beingDealt) return `${describeShoe(s.beingDealt)}; the change is for the next shoe`;
  if (s.handsPlayed === null) return `shoe ${s.shoeId} (given; no snapshot of it on the broker)`;
  const played = `${shoeName(s.shoeId, s.shoeNo)}: ${s.handsPlayed} hand${s.handsPlayed === 1 ? '' : 's'} played`;
  if (s.phase === 'dealing') return `${played}; hand ${s.nextHand} is being dealt`;
  if (s.phase === 'betting') return `${played}; bets are taken for hand ${s.nextHand}`;
  return `${played}, ${s.phase ?? 'unknown'}; next hand ${s.nextHand}`;
}

/**
 * A table sign in a few words, for a sign published again as it is:
 * `['closed', 'HKD 100 – 50,000, tie 5,000', 'Banker: commission 5%', 'side bets: playerPair, bankerPair']`.
 */
export function signSummary(s: TableSignage): string[] {
  const l = s.limits;
  return [
    s.tableOpen ? 'open' : 'closed',
    `${l.currency} ${formatAmount(l.minimum)} – ${formatAmount(l.maximum)}, tie ${formatAmount(l.tieMaximum)}`,
    `Banker: ${describeVariant(s.variant)}`,
    `side bets: ${s.sideBets.length ? s.sideBets.join(', ') : 'none'}`,
  ];
}

/** The casino's sign in a few words, for a sign published again as it is: `['Crown', 'Pay Scale One (…)']`. */
export const casinoSummary = (s: CasinoSignage): string[] => [s.casinoName, describeScale(s.perfectPairsScale, true)];

/** A side bet's wager range: `100–5,000`. */
export const describeRange = (r: { readonly minimum: number; readonly maximum: number }): string =>
  `${formatAmount(r.minimum)}–${formatAmount(r.maximum)}`;

const row = (label: string, value: string) => `  ${`${label}: `.padEnd(15)}${value}`;

/** variantNow's note as a row: `before: commission 5%` → Before it, `until then: …` → Until then. */
const noteRow = (note: string | null): string[] => {
  const m = note === null ? null : /^(before|until then): (.*)$/.exec(note);
  return m ? [row(m[1] === 'before' ? 'Before it' : 'Until then', m[2] ?? '')] : [];
};

/** A table's signs, readable, for `signage show` (`now`: the variant as the boards show it at the table's shoe). */
export function formatTableSignage(
  tableId: string,
  s: TableSignage | null,
  casino: CasinoSignage | null,
  now: { readonly text: string; readonly note: string | null } | null = null, // the variant at the shoe (variantNow)
): string {
  if (!s) return `Table ${tableId}: no sign on the broker (nothing retained on its signage topic)\n`;
  const l = s.limits;
  const limits = [
    `${l.currency} ${formatAmount(l.minimum)} – ${formatAmount(l.maximum)}`,
    `tie ${formatAmount(l.tieMaximum)}`,
    ...(l.pairMaximum === undefined ? [] : [`pairs ${formatAmount(l.pairMaximum)}`]),
    ...(l.maxDifferential === undefined ? [] : [`differential ${formatAmount(l.maxDifferential)} (rule 5.17)`]),
  ].join('; ');
  // As the boards show it at the table's shoe when known: a change from the next shoe, in force since, says so.
  const terms = now ? now.text : describeVariant(s.variant);
  const banker =
    s.variant.kind === 'commission'
      ? `pays 1 to 1 less ${terms}`
      : `pays 1 to 1, a win with 6 pays 1 to 2: ${terms} (rule 5.11)`;
  const sideBets = s.sideBets
    .map((b) => {
      const range = isLimitedSideBet(b) ? s.limits.sideBetLimits?.[b] : undefined;
      const limits = range ? `${l.currency} ${describeRange(range)}` : null;
      const scale =
        b === 'perfectPairs' ? (casino ? describeScale(casino.perfectPairsScale) : 'no casino scale!') : null;
      const notes = [scale, limits].filter((x) => x !== null);
      return notes.length ? `${b} (${notes.join('; ')})` : b;
    })
    .join(', ');
  return [
    `Table ${tableId} — ${s.tableName} (revision ${s.revision}, by ${s.updatedBy} at ${s.updatedAt})`,
    row('Open', s.tableOpen ? 'yes' : 'no (closed)'),
    row('Limits', limits),
    row('Banker', banker),
    ...(now ? noteRow(now.note) : []),
    ...(!now && s.previousVariant ? [row('Before it', describeVariant(s.previousVariant, false))] : []),
    row('Tie pays', `${s.tiePays} to 1`),
    row('Side bets', sideBets || 'none'),
    row('Language', s.language),
    row('Message', s.message === undefined ? 'none' : JSON.stringify(s.message)),
    row('Disclaimer', s.showDisclaimer ? 'shown' : 'hidden'),
    '',
  ].join('\n');
}

/** The casino's signs, readable. */
export function formatCasinoSignage(c: CasinoSignage | null): string {
  if (!c) return 'Casino: no sign on the broker (no Perfect Pairs pay scale set)\n';
  return [
    `Casino — ${c.casinoName} (revision ${c.revision}, by ${c.updatedBy} at ${c.updatedAt})`,
    row('Perfect Pairs', `${describeScale(c.perfectPairsScale, true)}, on every table offering it (rule 11A.8)`),
    '',
  ].join('\n');
}

const attention = (a: { readonly text: string }): string => `    ! ${a.text}`;

/**
 * A table's boards for `signage show`: what each shows, or since when it is offline (with its retained last-seen
 * time) or silent (its last word online, too old: `isSilent`, at `now`, ms since the epoch), and what to look at (a
 * sign that differs, in either direction; out of step; its warnings).
 */

export function formatBoards(
  boards: readonly DisplayStatus[],
  table: TableSignage | null,
  casino: CasinoSignage | null,
  seen: ReadonlyMap<string, DisplaySeen> = new Map(),
  now: number = Date.now(),
): string {
  if (boards.length === 0) return 'Boards: none has reported on the broker\n';
  const lines = boards.flatMap((b) => {
    if (b.state !== 'online') {
      const since = offlineSince(b, { lastSeen: lastSeenOf(b, seen.get(b.displayId)) }, (iso) => iso);
      return [row(`Board ${b.displayId}`, `offline ${since}`), ...boardAttention(b, table, casino).map(attention)];
    }
    const signs =
      `${b.signageRevision === undefined ? 'no sign' : `sign revision ${b.signageRevision}`}` +
      `${b.casinoSignageRevision === undefined ? '' : `, casino sign revision ${b.casinoSignageRevision}`}`;
    // Silent: its last word was online, too long ago to believe (as fleet list and the console say it); what else
    // that word said is as old.
    if (isSilent(b, now))
      return [row(`Board ${b.displayId}`, `silent: no word since ${b.timestamp}; it last said online, ${signs}`)];
    return [row(`Board ${b.displayId}`, `online, ${signs}`), ...boardAttention(b, table, casino).map(attention)];
  });
  return `Boards:\n${lines.join('\n')}\n`;
}

/**
 * A table with no sign on the broker: never had one, or lost it (a broker restarted without persistence, a retained
 * message cleared), which the console knows when its boards show, or last showed, a revision above 0.
 */
export const noSignWords = (boardsShow: number | null): string =>
  boardsShow !== null && boardsShow > 0
    ? `The broker has lost this table's sign: its boards still show revision ${boardsShow}, which it no longer holds.`
    : 'No sign on the broker yet: the boards show no limits or pay table.';

/**
 * `signage show` without a table: the casino's sign, the tables that have a sign on the broker, and the boards that
 * do not show the casino's sign (in the console's words), as `signMismatches` words them.
 */
export function formatFloorSignage(
  casino: CasinoSignage | null,
  tableIds: readonly string[],
  boards: readonly DisplayStatus[],
  mismatches: readonly { readonly text: string }[],
): string {
  const ids = [...tableIds].sort(compareIds);
  const tables =
    ids.length === 0
      ? 'Tables: none has a sign on the broker'
      : `Tables: ${ids.length === 1 ? '1 has a sign' : `${ids.length} have signs`} on the broker: ${ids.join(', ')} ` +
        '(signage --table ID show for one)';
  const online = boards.filter((b) => b.state === 'online').length;
  const shows =
    boards.length === 0
      ? 'Boards: none has reported on the broker'
      : `Boards: ${online} online of ${boards.length}` +
        (mismatches.length > 0
          ? ':'
          : casino && online > 0
            ? `; every board online shows casino sign revision ${casino.revision}`
            : '');
  return `${formatCasinoSignage(casino)}${tables}\n${[shows, ...mismatches.map(attention)].join('\n')}\n`;
}
