/**
 * A shoe's record out of the board's tamper-evident history: the unbroken run of records from the shoe's first to
 * its last (its results, events, corrections and voids, the signs in force meanwhile), each with who, what and when,
 * its exact line and hash, and the shoe's digest. Anyone can check it without the board: every record's hash is the
 * SHA-256 of its line, each carries the hash of the one before, and the last one's hash is the digest the board
 * showed at the shoe's end. A board that caught up through a snapshot has no record of the hands it brought: they
 * are listed under it (`brought`), read from its line, so that the record shows every hand without a gap.
 *
 * ```ts
 * const r = exportShoe(historyText, 'S20241122-03');  // Result<ShoeExport>
 * checkExport(r.value);                               // null, or what is wrong with it
 * ```
 * @packageDocumentation
 */
import { err, ok, type Result } from '../baccarat/types';
import { recordHash, type HistoryRecord } from './history';

/** One record of the export: the history's record, read for people, with its line and hash for machines. */
export interface ExportedRecord {
  readonly n: number;
  readonly t: string;
  readonly kind: string;
  readonly what: string; // e.g. "hand 7: banker 7–6", "correction of hand 7: player 5–4"
  readonly who: string; // the supervisor, else the controller's id, and the key that signed it: "ctl-T12, key k1"
  readonly verified: boolean;
  readonly kid: string | null;
  readonly hash: string; // SHA-256 of `line`
  readonly line: string; // the record exactly as in the history
  readonly brought?: readonly SnapshotHand[]; // a snapshot: what it brought that the record had not seen
}

/**
 * A hand as a snapshot brought it, where the record had not seen it (a result the board missed and caught up on),
 * or had seen it otherwise (a correction or a void made while the board was away). Not a record of its own: the
 * snapshot's line holds it, and the snapshot's hash covers it.
 */
export interface SnapshotHand {
  readonly handNo: number;
  readonly what: string; // e.g. "hand 5: banker 7–6, by snapshot"
}

export interface ShoeExport {
  readonly format: 'baccarat-board/shoe-record/v1';
  readonly tableId: string | null;
  readonly shoeId: string;
  readonly digest: string; // the hash of the shoe's shoe-end record (else its last): what the board showed at its end
  readonly head: string; // the hash of the last record exported (a correction after the end comes after the digest)
  readonly complete: boolean; // the shoe's end is in the record
  readonly records: readonly ExportedRecord[];
}

type Payload = Record<string, unknown> & { type?: string; shoeId?: string; handNo?: number };

/**
 * A hand's score as the keypad and the board say it, the winner's points first: `banker 7–6` (Banker 7, Player 6),
 * `player 5–4`, a tie `tie 6–6`. Display only: the record's line keeps the payload's own fields.
 */
const score = (p: Payload) => {
  const [winner, loser] = p.outcome === 'banker' ? [p.bankerPoints, p.playerPoints] : [p.playerPoints, p.bankerPoints];
  return `${String(p.outcome)} ${String(winner)}–${String(loser)}`;
};
/** A hand's result as the record reads it: `banker 7–6`, `player 2–5 (void hand, no bets)`. */
const result = (p: Payload) => `${score(p)}${p.voidHand ? ' (void hand, no bets)' : ''}`;

/** A supervisor's note on a correction or a void, as it reads in the record: ` — "cards dropped"`. */
const noteOf = (p: Payload): string => (typeof p.note === 'string' && p.note !== '' ? ` — "${p.note}"` : '');

/**
 * What a record says, in a few words, and who: a supervisor by name, else the controller by its id, as its events
 * and snapshots carry it. A hand message carries none: `controller` is the shoe's (see {@link controllersOf}).
 */
function describe(r: HistoryRecord, controller: string | null): { what: string; who: string } {
  const p = (r.payload ?? {}) as Payload;
  const signer = r.kid ? `key ${r.kid}` : 'unsigned';
  switch (r.kind) {
    case 'hand':
      return {
        what: `hand ${String(p.handNo)}: ${result(p)}`,
        who: `${controller ?? 'controller'}, ${signer}`,
      };
    case 'event': {
      const by = typeof p.by === 'string' ? p.by : String(p.controllerId);
      if (p.type === 'correction')
        return {
          what: `correction of hand ${String(p.handNo)}: ${score(p.hand as Payload)}${noteOf(p)}`,
          who: `${by}, ${signer}`,
        };
      const detail =
        p.type === 'round-void' || p.type === 'void-hand' ? ` ${String(p.handNo)} (${String(p.reason)})` : '';
      return { what: `${String(p.type)}${detail}${noteOf(p)}`, who: `${by}, ${signer}` };
    }
    case 'shoe': {
      const n = (p.hands as unknown[] | undefined)?.length ?? 0;
      return {
        what: `snapshot: ${n} ${n === 1 ? 'hand' : 'hands'}`,
        who: `${String(p.controllerId)}, ${signer}`,
      };
    }
    default:
      return { what: `${r.kind} revision ${String(p.revision)}`, who: `${String(p.updatedBy)}, ${signer}` };
  }
}

const ofShoe = (r: HistoryRecord, shoeId: string): boolean => {
  const p = r.payload as Payload | null;
  return p?.shoeId === shoeId;
};

/**
 * The controller of each record of the run, as the shoe's own events and snapshots name it: the last one named at or
 * before the record, else (a shoe's first hands, before any of its events) the first one named after it; null where
 * the shoe's records name none.
 */
function controllersOf(run: readonly { r: HistoryRecord }[], shoeId: string): (string | null)[] {
  const named = run.map(({ r }) => {
    const id = ofShoe(r, shoeId) && r.kind !== 'hand' ? (r.payload as Payload).controllerId : undefined;
    return typeof id === 'string' ? id : null;
  });
  const out: (string | null)[] = [];
  let last: string | null = null;
  for (const id of named) out.push((last = id ?? last));
  let next: string | null = null;
  for (let i = named.length - 1; i >= 0; i--) {
    next = named[i] ?? next;
    out[i] ??= next;
  }
  return out;
}

/** ` by Lee`, or nothing when no one is named. */
const byWhom = (who: unknown): string => (typeof who === 'string' ? ` by ${who}` : '');

type SnapshotHandPayload = Payload & {
  corrected?: { by?: unknown; note?: unknown };
  voided?: { reason?: unknown; by?: unknown; note?: unknown };
};

/**
 * What each snapshot of the shoe brought that the records before it had not: hands never recorded, results that
 * differ from the last one recorded (corrected meanwhile), hands declared void meanwhile. By the snapshot's place
 * in the run. The records before the run cannot hold a hand of the shoe: the run starts at its first record.
 */
function broughtBySnapshots(run: readonly { r: HistoryRecord }[], shoeId: string): Map<number, SnapshotHand[]> {
  const seen = new Map<number, string>(); // hand number → its result as the record last had it
  const voided = new Set<number>();
  const out = new Map<number, SnapshotHand[]>();
  for (const [i, { r }] of run.entries()) {
    if (!ofShoe(r, shoeId)) continue;
    const p = r.payload as Payload;
    const no = Number(p.handNo);
    if (r.kind === 'hand') seen.set(no, result(p));
    else if (r.kind === 'event' && p.type === 'correction') seen.set(no, result(p.hand as Payload));
    // A round void of a recorded hand (rule 12.6 afterwards); the round being dealt has no result to void.
    else if (r.kind === 'event' && p.type === 'round-void' && seen.has(no)) voided.add(no);
    else if (r.kind === 'shoe') {
      const brought: SnapshotHand[] = [];
      for (const h of (p.hands as SnapshotHandPayload[] | undefined) ?? []) {
        const handNo = Number(h.handNo);
        const [now, was] = [result(h), seen.get(handNo)];
        const parts: string[] = [];
        if (was !== now && h.corrected) parts.push(`corrected${byWhom(h.corrected.by)}${noteOf(h.corrected)}`);
        if (was !== undefined && was !== now) parts.push(`the record had ${was}`);
        if (h.voided && !voided.has(handNo))
          parts.push(`declared void (${String(h.voided.reason)})${byWhom(h.voided.by)}${noteOf(h.voided)}`);
        if (was === undefined || parts.length > 0)
          brought.push({ handNo, what: [`hand ${handNo}: ${now}, by snapshot`, ...parts].join('; ') });
        seen.set(handNo, now);
        if (h.voided) voided.add(handNo);
      }
      if (brought.length) out.set(i, brought);
    }
  }
  return out;
}

/** Hand numbers in short: `hand 5`, `hands 1–4, 7`. */
function handList(nos: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < nos.length;) {
    let j = i;
    while (j + 1 < nos.length && nos[j + 1] === nos[j]! + 1) j++;
    runs.push(j > i ? `${nos[i]!}–${nos[j]!}` : String(nos[i]));
    i = j + 1;
  }
  return `${nos.length === 1 ? 'hand' : 'hands'} ${runs.join(', ')}`;
}

/** The shoes a history holds, in order (the last few, when many), for a shoe asked that is not one of them. */
function shoesIn(records: readonly HistoryRecord[]): string {
  const ids = [
    ...new Set(records.map((r) => (r.payload as Payload | null)?.shoeId).filter((id) => typeof id === 'string')),
  ];
  if (ids.length === 0) return 'it holds no shoe';
  const shown = ids.slice(-10).join(', ');
  return ids.length > 10 ? `its last 10 shoes of ${ids.length} are ${shown}` : `its shoes are ${shown}`;
}

/** The shoe's record from a history's text; an error when the shoe is not in it, naming the shoes that are. */
export function exportShoe(history: string, shoeId: string): Result<ShoeExport> {
  const lines = history.split('\n').filter((l) => l !== '');
  const records = lines.flatMap((line) => {
    try {
      return [{ line, r: JSON.parse(line) as HistoryRecord }];
    } catch {
      return [];
    }
  });
  const first = records.findIndex(({ r }) => ofShoe(r, shoeId));
  if (first < 0) return err(`shoe ${shoeId} is not in this history: ${shoesIn(records.map(({ r }) => r))}`);
  let last = first;
  for (let i = first; i < records.length; i++) if (ofShoe(records[i]!.r, shoeId)) last = i;
  const run = records.slice(first, last + 1);
  const end =
    run.find(({ r }) => r.kind === 'event' && (r.payload as Payload).type === 'shoe-end' && ofShoe(r, shoeId)) ??
    run.at(-1)!;
  const topic = run.find(({ r }) => r.topic.includes('/tables/'))?.r.topic;
  const brought = broughtBySnapshots(run, shoeId);
  const controllers = controllersOf(run, shoeId);
  return ok({
    format: 'baccarat-board/shoe-record/v1',
    tableId: topic ? (/\/tables\/([^/]+)\//.exec(topic)?.[1] ?? null) : null,
    shoeId,
    digest: recordHash(end.line),
    head: recordHash(run.at(-1)!.line),
    complete: (end.r.payload as Payload).type === 'shoe-end',
    records: run.map(({ line, r }, i) => {
      const { what, who } = describe(r, controllers[i] ?? null);
      const hands = brought.get(i);
      return {
        n: r.n,
        t: r.t,
        kind: r.kind,
        what: hands ? `${what} (brought: ${handList(hands.map((h) => h.handNo))})` : what,
        who,
        verified: r.verified,
        kid: r.kid ?? null,
        hash: recordHash(line),
        line,
        ...(hands && { brought: hands }),
      };
    }),
  });
}

/** What is wrong with an export (a record edited, removed or moved; a digest not among its records), or null. */
export function checkExport(e: ShoeExport): string | null {
  let prev: string | null = null;
  for (const [i, x] of e.records.entries()) {
    if (recordHash(x.line) !== x.hash) return `record ${x.n}: its line does not have its hash (edited)`;
    let r: HistoryRecord;
    try {
      r = JSON.parse(x.line) as HistoryRecord;
    } catch {
      return `record ${x.n}: its line is not a record`;
    }
    if (r.n !== x.n) return `record ${x.n}: its line is record ${r.n}`;
    if (prev !== null && (r.n !== e.records[i - 1]!.n + 1 || r.prev !== prev))
      return `record ${x.n} does not follow record ${e.records[i - 1]!.n} (a record removed, moved or edited)`;
    prev = x.hash;
  }
  if (prev !== e.head) return `the head ${e.head} is not the hash of the last record`;
  if (!e.records.some((x) => x.hash === e.digest)) return `the digest ${e.digest} is not the hash of any record`;
  return wordsProblem(e);
}

/**
 * The words an export says beside each line (what, who, when …) against those its lines make: the lines and their
 * hashes are the record, but the words are what a person reads, and an edited "what" passed as "ok" (found by
 * casino IT). Null when they agree.
 */
function wordsProblem(e: ShoeExport): string | null {
  const again = exportShoe(e.records.map((x) => x.line).join('\n'), e.shoeId);
  if (!again.ok) return `its records are not of shoe ${e.shoeId}`;
  const fields = ['t', 'kind', 'what', 'who', 'verified', 'kid'] as const;
  for (const [i, x] of e.records.entries()) {
    const y = again.value.records[i]!;
    // An export written before snapshots listed what they brought says the snapshot's words without it.
    const older = x.brought === undefined && x.what === y.what.replace(/ \(brought: [^)]*\)$/, '');
    for (const f of fields)
      if (x[f] !== y[f] && !(f === 'what' && older))
        return `record ${x.n}: its ${f} says ${JSON.stringify(x[f])}, its line ${JSON.stringify(y[f])} (the words were edited: the line is the record)`;
    if (x.brought !== undefined && JSON.stringify(x.brought) !== JSON.stringify(y.brought ?? null))
      return `record ${x.n}: what it says the snapshot brought is not what its line holds (the words were edited)`;
  }
  for (const f of ['tableId', 'complete'] as const)
    if (e[f] !== again.value[f])
      return `its ${f} says ${JSON.stringify(e[f])}, its records ${JSON.stringify(again.value[f])}`;
  return null;
}

/**
 * The export as CSV: one line a record (n, time, kind, what, who, verified, key, hash), each hand a snapshot brought
 * on a line of its own under it (its n and time, kind `by-snapshot`, no hash: the snapshot's covers it), the digest
 * at the end.
 */
export function exportCsv(e: ShoeExport): string {
  const cell = (v: string | number | boolean | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const row = (x: ExportedRecord, kind: string, what: string, hash: string) =>
    [x.n, x.t, kind, what, x.who, x.verified, x.kid, hash].map(cell).join(',');
  const rows = e.records.flatMap((x) => [
    row(x, x.kind, x.what, x.hash),
    ...(x.brought ?? []).map((h) => row(x, 'by-snapshot', h.what, '')),
  ]);
  return [
    'n,time,kind,what,who,verified,key,hash',
    ...rows,
    `# table ${e.tableId ?? '?'}, shoe ${e.shoeId}, digest ${e.digest}${e.complete ? '' : ' (the shoe has not ended)'}`,
    '',
  ].join('\n');
}
