/**
 * A shoe's record out of the board's tamper-evident history: the unbroken run of records from the shoe's first to
 * its last (its results, events, corrections and voids, the signs in force meanwhile), each with who, what and when,
 * its exact line and hash, and the shoe's digest. Anyone can check it without the board: every record's hash is the
 * SHA-256 of its line, each carries the hash of the one before, and the last one's hash is the digest the board
 * showed at the shoe's end.
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
  readonly who: string; // the controller or supervisor, and the key that signed it
  readonly verified: boolean;
  readonly kid: string | null;
  readonly hash: string; // SHA-256 of `line`
  readonly line: string; // the record exactly as in the history
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

const score = (p: Payload) => `${String(p.outcome)} ${String(p.playerPoints)}–${String(p.bankerPoints)}`;

/** A supervisor's note on a correction or a void, as it reads in the record: ` — "cards dropped"`. */
const noteOf = (p: Payload): string => (typeof p.note === 'string' && p.note !== '' ? ` — "${p.note}"` : '');

/** What a record says, in a few words. */
function describe(r: HistoryRecord): { what: string; who: string } {
  const p = (r.payload ?? {}) as Payload;
  const signer = r.kid ? `key ${r.kid}` : 'unsigned';
  switch (r.kind) {
    case 'hand':
      return {
        what: `hand ${String(p.handNo)}: ${score(p)}${p.voidHand ? ' (void hand, no bets)' : ''}`,
        who: `controller, ${signer}`,
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
    case 'shoe':
      return {
        what: `snapshot: ${(p.hands as unknown[] | undefined)?.length ?? 0} hands`,
        who: `${String(p.controllerId)}, ${signer}`,
      };
    default:
      return { what: `${r.kind} revision ${String(p.revision)}`, who: `${String(p.updatedBy)}, ${signer}` };
  }
}

const ofShoe = (r: HistoryRecord, shoeId: string): boolean => {
  const p = r.payload as Payload | null;
  return p?.shoeId === shoeId;
};

/** The shoe's record from a history's text; an error when the shoe is not in it. */
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
  if (first < 0) return err(`shoe ${shoeId} is not in this history`);
  let last = first;
  for (let i = first; i < records.length; i++) if (ofShoe(records[i]!.r, shoeId)) last = i;
  const run = records.slice(first, last + 1);
  const end =
    run.find(({ r }) => r.kind === 'event' && (r.payload as Payload).type === 'shoe-end' && ofShoe(r, shoeId)) ??
    run.at(-1)!;
  const topic = run.find(({ r }) => r.topic.includes('/tables/'))?.r.topic;
  return ok({
    format: 'baccarat-board/shoe-record/v1',
    tableId: topic ? (/\/tables\/([^/]+)\//.exec(topic)?.[1] ?? null) : null,
    shoeId,
    digest: recordHash(end.line),
    head: recordHash(run.at(-1)!.line),
    complete: (end.r.payload as Payload).type === 'shoe-end',
    records: run.map(({ line, r }) => ({
      n: r.n,
      t: r.t,
      kind: r.kind,
      ...describe(r),
      verified: r.verified,
      kid: r.kid ?? null,
      hash: recordHash(line),
      line,
    })),
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
  return null;
}

/** The export as CSV: one line a record (n, time, kind, what, who, verified, key, hash), the digest at the end. */
export function exportCsv(e: ShoeExport): string {
  const cell = (v: string | number | boolean | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const rows = e.records.map((x) => [x.n, x.t, x.kind, x.what, x.who, x.verified, x.kid, x.hash].map(cell).join(','));
  return [
    'n,time,kind,what,who,verified,key,hash',
    ...rows,
    `# table ${e.tableId ?? '?'}, shoe ${e.shoeId}, digest ${e.digest}${e.complete ? '' : ' (the shoe has not ended)'}`,
    '',
  ].join('\n');
}
