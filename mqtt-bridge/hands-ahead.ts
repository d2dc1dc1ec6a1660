/**
 * Hands that arrived beyond a gap, kept until the gap is filled (the follower applies them then), or set aside: a
 * snapshot of another shoe ends the wait for them, and one of their shoe that lacks them disowns them (made after
 * them, or heard {@link DISOWN_AFTER_MS} after them: the table does not know them).
 *
 * ```ts
 * ahead.keep(msg, now, received);                       // a hand beyond a gap
 * ahead.afterSnapshot('S1', stamp, now, (a) => reject); // hands the table's snapshot disowns
 * ahead.waitingIn('S1');                                // the first still waiting, or undefined
 * ```
 * @packageDocumentation
 */
import type { TableMessage } from './table-state';

/** How a message was received: on which topic, and whether signed by a key the board trusts. */
export interface Received {
  readonly topic: string;
  readonly verified: boolean;
}

/** A hand kept beyond a gap: when the board received it (`t`, its clock), the hand, and how. */
export interface Ahead {
  readonly t: string;
  readonly m: TableMessage & { kind: 'hand' };
  readonly received: Received;
}

/** Hands kept beyond a gap, at most (a shoe has about 80). */
const MAX_AHEAD = 200;
/**
 * A hand kept beyond a gap that a snapshot of its shoe, received this long after it, still lacks is disowned by the
 * table: a controller republishes its snapshot within milliseconds of each result, so the table does not know it.
 */
const DISOWN_AFTER_MS = 5000;

const keyOf = (m: Ahead['m']): string => `${m.payload.shoeId}/${m.payload.handNo}`;

export class HandsAhead {
  private readonly hands = new Map<string, Ahead>();

  get size(): number {
    return this.hands.size;
  }

  /** A hand beyond a gap, kept (up to {@link MAX_AHEAD}). */
  keep(m: Ahead['m'], t: string, received: Received): void {
    if (this.hands.size < MAX_AHEAD) this.hands.set(keyOf(m), { t, m, received });
  }

  clear(): void {
    this.hands.clear();
  }

  /** Sets aside the hands of a shoe (it ended: none can follow). */
  dropShoe(shoeId: string): void {
    for (const key of this.hands.keys()) if (key.startsWith(`${shoeId}/`)) this.hands.delete(key);
  }

  /**
   * After a snapshot of `shoeId` stamped `snapshotAt` (the board's clock `now`): hands of other shoes set aside, and
   * those of its shoe it disowns handed to `disown`.
   */
  afterSnapshot(shoeId: string | undefined, snapshotAt: string, now: string, disown: (a: Ahead) => void): void {
    for (const [key, a] of this.hands)
      if (!key.startsWith(`${shoeId}/`)) this.hands.delete(key);
      else if (
        Date.parse(snapshotAt) >= Date.parse(a.m.payload.timestamp) ||
        Date.parse(now) - Date.parse(a.t) >= DISOWN_AFTER_MS
      ) {
        this.hands.delete(key);
        disown(a);
      }
  }

  /** The first hand of `shoeId` still waiting, if any. */
  waitingIn(shoeId: string | undefined): Ahead | undefined {
    return [...this.hands.values()].find((a) => a.m.payload.shoeId === shoeId);
  }

  /**
   * Offers each kept hand to `take` until none is taken: `'wait'` keeps it (still beyond the gap), `'taken'` or
   * `'dropped'` ends its wait (taken ones may let others follow).
   */
  drain(take: (a: Ahead) => 'wait' | 'taken' | 'dropped'): void {
    for (let progress = true; progress && this.hands.size > 0;) {
      progress = false;
      for (const [key, a] of this.hands) {
        const r = take(a);
        if (r === 'wait') continue;
        this.hands.delete(key);
        if (r === 'taken') progress = true;
      }
    }
  }
}
