/**
 * The controller's retained snapshot applied to the table state. Brokers deliver it again and again, so it never
 * moves the board backwards: a snapshot of a shoe the board has left, or of a shoe older than the one it shows, is
 * stale; one of the current shoe is merged ({@link mergeShoe}), adding what the board lacks and changing what it has
 * only when it reflects events the board has not applied. A snapshot with a hand the rules refuse gives the board
 * the hands before it, and the board stays out of step until a correction or a good snapshot.
 *
 * ```ts
 * const r = applySnapshot(state, snap, now); // Applied; 'applied' may carry outOfStep (taken in part)
 * ```
 * @packageDocumentation
 */
import { mergeShoe } from '../baccarat/shoe-merge';
import { shoeHands } from '../baccarat/shoe';
import type { ShoeSnapshot } from '../contract/schemas';
import { beforeCurrentShoe } from './table-event';
import { settleTableOpen, withSnapshotWord } from './table-open';
import {
  applied,
  duplicate,
  lastSeq,
  recordSeq,
  rejected,
  withShoe,
  type Applied,
  type TableState,
} from './table-types';
import { shoeFromSnapshot } from './wire';

/** When the snapshot's shoe started, by the controller's clock. */
const startOf = (snap: ShoeSnapshot): string => snap.startedAt ?? snap.hands[0]?.timestamp ?? snap.timestamp;

/**
 * Whether a snapshot of another shoe is older than the shoe shown: from the same controller, its `seq` is not above
 * the last applied and its shoe started earlier; from another controller (or with no start time), it started earlier.
 */
function olderShoe(state: TableState, snap: ShoeSnapshot): boolean {
  const started = beforeCurrentShoe(state, startOf(snap));
  if (state.seqs[snap.controllerId] === undefined || state.shoe?.startedAt === undefined) return started;
  return snap.seq <= lastSeq(state, snap.controllerId) && started;
}

/**
 * The snapshot applied, and its word on open or closed weighed against the controller's (`table-open.ts`): a board
 * that connects to a closed table (or missed its `table-closed` event) learns it from the retained snapshot alone,
 * unless the controller said otherwise later (a keypad on a new journal closes its table under an old snapshot).
 * A snapshot whose shoe adds nothing is still taken for its word when that tells the board something.
 */
export function applySnapshot(state: TableState, snap: ShoeSnapshot, now: string): Applied {
  const r = applySnapshotShoe(state, snap, now);
  const open = snap.tableOpen; // said by the controller (an older one's snapshot may not say)
  if (r.effect === 'applied') {
    const said = open === undefined ? null : withSnapshotWord(r.state, { open, at: snap.timestamp });
    return { ...r, state: settleTableOpen(said ?? r.state, now) };
  }
  if (open === undefined || r.effect !== 'duplicate' || r.kind === 'stale') return r; // a conflict stays one
  const said = withSnapshotWord(state, { open, at: snap.timestamp });
  return said ? applied({ ...settleTableOpen(said, now), change: { kind: 'notice' } }) : r;
}

function applySnapshotShoe(state: TableState, snap: ShoeSnapshot, now: string): Applied {
  const have = state.shoe;
  const what = `snapshot of shoe ${snap.shoeId} (seq ${snap.seq})`;
  if (state.pastShoes.includes(snap.shoeId)) return duplicate(`${what}: a shoe the board has left`, 'stale');
  if (have && have.id !== snap.shoeId && olderShoe(state, snap))
    return duplicate(`${what} is older than shoe ${have.id} on the board`, 'stale');
  const rebuilt = shoeFromSnapshot(snap);
  if (!rebuilt.ok) return rejected(rebuilt.error);
  const { problem } = rebuilt.value;
  // Open or closed is not the shoe's to merge: the board's verdict stands here, and the snapshot's word is weighed
  // against the controller's afterwards (applySnapshot).
  const theirs = have ? { ...rebuilt.value.shoe, tableOpen: have.tableOpen } : rebuilt.value.shoe;
  const lastResultAt = (s: TableState) => snap.hands.at(-1)?.timestamp ?? s.lastResultAt;
  const seen = (s: TableState): TableState => recordSeq(s, snap.controllerId, snap.seq, false);
  if (!have || have.id !== snap.shoeId) {
    const next = withShoe(state, theirs, now);
    return applied(
      seen({ ...next, lastResultAt: lastResultAt(next), change: { kind: 'reset' } }),
      problem ?? undefined,
    );
  }
  const last = lastSeq(state, snap.controllerId);
  const mine = shoeHands(have).length;
  const newer = snap.seq > last || (snap.seq === last && snap.hands.length >= mine);
  const merged = mergeShoe(have, theirs, { newer, whole: problem === null });
  const outOfStep = problem ?? merged.conflict;
  if (merged.shoe === have) {
    if (outOfStep !== null) return { effect: 'conflict', reason: `${what}: ${outOfStep}` };
    return newer
      ? duplicate(`${what} agrees with the board`, 'agrees')
      : duplicate(`${what} adds nothing to what the board has applied`);
  }
  const next = withShoe(state, merged.shoe, now);
  const changed = merged.changed;
  return applied(
    (newer ? seen : (s: TableState) => s)({
      ...next,
      lastResultAt: merged.added > 0 ? lastResultAt(next) : next.lastResultAt,
      change: changed.length > 0 ? { kind: 'correction', hand: changed[0]! } : { kind: 'reset' },
    }),
    outOfStep ?? undefined,
  );
}
