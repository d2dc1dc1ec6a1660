/**
 * A journal record read back from disk, checked before the board trusts it: a message record is validated by the
 * contract like a message from the broker, a state record (a compaction) is checked deeply, and a record written
 * by an earlier version of the board is migrated. A checksum says a line is whole; this says it is sound.
 *
 * ```ts
 * const r = readRecord(JSON.parse(json)); // { ok: true, value: JournalRecord } | { ok: false, error: 'why' }
 * ```
 * @packageDocumentation
 */
import { shoeProblem } from '../baccarat/shoe-check';
import { err, ok, type Result } from '../baccarat/types';
import { NOTICE_KINDS } from '../contract/kiosk';
import { isTimestamp } from '../contract/schemas/common';
import { formatIssues, validate } from '../contract/validate';
import type { Shoe } from '../baccarat/shoe';
import { RECENT_SEQS, type ControllerSeq, type TableMessage, type TableState } from './table-types';

/** The version of the journal's format this board writes (its header record); 1 had no header. */
export const JOURNAL_VERSION = 2;

/** One journal record: a header, a message applied at time `t`, or the whole state (after compaction). */
export type JournalRecord =
  | { readonly t: string; readonly journal: number }
  | { readonly t: string; readonly m: TableMessage }
  | { readonly t: string; readonly state: TableState };

const MESSAGE_KINDS: readonly TableMessage['kind'][] = [
  'hand',
  'event',
  'shoe',
  'signage',
  'casinoSignage',
  'controllerStatus',
];

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isTime = (x: unknown): x is string => typeof x === 'string' && isTimestamp(x);

function messageRecord(m: unknown): Result<TableMessage> {
  if (!isObject(m)) return err('the message is missing');
  const kind = m.kind as TableMessage['kind'];
  if (!MESSAGE_KINDS.includes(kind)) return err(`message kind ${JSON.stringify(m.kind)} is unknown`);
  const issues = validate(kind, m.payload);
  return issues.length > 0 ? err(`not a valid ${kind}: ${formatIssues(issues)}`) : ok(m as unknown as TableMessage);
}

/** The seq records of a state, from this version's form or version 1's `eventSeq` (the highest seq per controller). */
function seqsOf(x: Record<string, unknown>): Result<TableState['seqs']> {
  const seqs: Record<string, ControllerSeq> = {};
  if (isObject(x.seqs)) {
    for (const [id, s] of Object.entries(x.seqs)) {
      if (!isObject(s) || !Number.isSafeInteger(s.last) || !Array.isArray(s.recent))
        return err(`seqs.${id} is malformed`);
      const recent = s.recent.filter((n): n is number => Number.isSafeInteger(n)).slice(-RECENT_SEQS);
      seqs[id] = { last: s.last as number, recent };
    }
  } else if (isObject(x.eventSeq)) {
    for (const [id, n] of Object.entries(x.eventSeq))
      if (Number.isSafeInteger(n) && (n as number) >= 0) seqs[id] = { last: n as number, recent: [] };
  }
  return ok(seqs);
}

/** A stored shoe, migrated from version 1 (which kept a no-bet-coup cap), and checked. */
function shoeOf(x: unknown): Result<Shoe | null> {
  if (x === null || x === undefined) return ok(null);
  if (!isObject(x)) return err('shoe is malformed');
  const { maxNoBetCoups: _cap, ...shoe } = x;
  const problem = shoeProblem(shoe);
  return problem ? err(`shoe: ${problem}`) : ok(shoe as unknown as Shoe);
}

/** A stored controller status (checked by the caller); a `heardAt` that is not a time is dropped. */
function controllerOf(c: Record<string, unknown>): TableState['controller'] {
  const { online, id, since, heardAt } = c as { online: boolean; id: string; since: string; heardAt?: unknown };
  return isTime(heardAt) ? { online, id, since, heardAt } : { online, id, since };
}

function stateRecord(x: unknown): Result<TableState> {
  if (!isObject(x) || typeof x.tableId !== 'string') return err('the state has no table id');
  const shoe = shoeOf(x.shoe);
  if (!shoe.ok) return shoe;
  const seqs = seqsOf(x);
  if (!seqs.ok) return seqs;
  for (const k of ['signage', 'casino'] as const) {
    const kind = k === 'signage' ? 'signage' : 'casinoSignage';
    if (x[k] !== null && x[k] !== undefined && validate(kind, x[k]).length > 0) return err(`${k} is not a valid sign`);
  }
  const c = x.controller;
  if (c != null && (!isObject(c) || typeof c.online !== 'boolean' || typeof c.id !== 'string' || !isTime(c.since)))
    return err('controller is malformed');
  const notices = Array.isArray(x.notices) ? x.notices : [];
  // Version 1 kept timed notices (`transient`): they end with events now, so they are dropped, not carried over.
  const kept = notices
    .filter((n): n is Record<string, unknown> => isObject(n) && NOTICE_KINDS.includes(n.kind as never))
    .filter((n) => isTime(n.since) && n.transient !== true)
    .map(({ transient: _t, ...n }) => n);
  const past = Array.isArray(x.pastShoes) ? x.pastShoes.filter((id): id is string => typeof id === 'string') : [];
  const change = isObject(x.change) ? x.change : null;
  return ok({
    tableId: x.tableId,
    shoe: shoe.value,
    pastShoes: past,
    signage: (x.signage ?? null) as TableState['signage'],
    casino: (x.casino ?? null) as TableState['casino'],
    controller: isObject(c) ? controllerOf(c) : null,
    seqs: seqs.value,
    ...(typeof x.controllerTableOpen === 'boolean' && { controllerTableOpen: x.controllerTableOpen }),
    ...(typeof x.controllerTableOpen === 'boolean' &&
      isTime(x.controllerTableOpenAt) && { controllerTableOpenAt: x.controllerTableOpenAt }),
    ...(x.controllerTableOpenLive === true && { controllerTableOpenLive: true }),
    ...(isObject(x.snapshotTableOpen) &&
      typeof x.snapshotTableOpen.open === 'boolean' &&
      isTime(x.snapshotTableOpen.at) && {
        snapshotTableOpen: { open: x.snapshotTableOpen.open, at: x.snapshotTableOpen.at },
      }),
    notices: kept as unknown as TableState['notices'],
    lastResultAt: isTime(x.lastResultAt) ? x.lastResultAt : null,
    change: change as TableState['change'],
  });
}

/**
 * A parsed journal line as a record this board can apply, migrated from version 1 where needed; an error says why
 * it cannot be trusted (and the record is skipped). A header of a later version is an error of its own kind: the
 * caller sets such a journal aside whole.
 */
export function readRecord(x: unknown): Result<JournalRecord> {
  if (!isObject(x)) return err('not a record');
  if (!isTime(x.t)) return err('the record has no valid time');
  if ('journal' in x) {
    if (!Number.isInteger(x.journal)) return err('the journal header has no version');
    return ok({ t: x.t, journal: x.journal as number });
  }
  if ('m' in x) {
    const m = messageRecord(x.m);
    return m.ok ? ok({ t: x.t, m: m.value }) : err(m.error);
  }
  if ('state' in x) {
    const s = stateRecord(x.state);
    return s.ok ? ok({ t: x.t, state: s.value }) : err(`state record: ${s.error}`);
  }
  return err('neither a message nor a state');
}
