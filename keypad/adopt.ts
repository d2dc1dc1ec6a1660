/**
 * A spare keypad carrying on the table's shoe. A keypad on a new journal (a spare brought in when the table's keypad
 * failed mid-shoe) would otherwise close the table and make the dealer start a new shoe, and every board would show
 * TABLE CLOSED and lose the shoe's roads in the middle of play. So before it first serves the table it reads the
 * shoe snapshot the broker retains for the table, and carries that shoe on: its hands, burn, cut card, voided rounds,
 * the table open or closed, and numbers its next hand after the last. Only a shoe it can carry on faithfully:
 * - one the contract reads (`parseShoeSnapshot`) and the rules core rebuilds whole (`shoeFromSnapshot`: every hand
 *   through the Table of Play, the cut card, the voids);
 * - not an ended one (nothing to carry on, and nothing to say: the dealer starts the next shoe);
 * - for a keypad that signs, one a key it trusts signed (its own, or a `--trust-key`): it will sign the shoe as its
 *   own from then on, so it must not take the word of whoever can publish on the topic;
 * - one its keying can go on with (`keyingConflict`: a shoe keyed by cards is not carried on by outcome).
 * A shoe in progress that it may carry on only when started otherwise (unsigned or signed by a key it does not
 * trust, or keyed by cards while it keys outcomes) is most often a spare started with the wrong options: it then
 * refuses to start (`refuse`), publishing nothing, rather than close a table in play on every board.
 * Pure: the keypad reads the bytes and acts on the answer (`keypad.ts`); its journal's header keeps the snapshot
 * carried on, so a restart replays the same shoe (`replay.ts`).
 *
 * ```ts
 * const a = adoption(retainedBytes, { keying: 'cards', topic, signingKey, trustKeys });
 * if (a.adopt) state = a.state; else if (a.reason) log.warn(a.reason);
 * ```
 * @packageDocumentation
 */
import type { KeyObject } from 'node:crypto';
import { isShoeHand } from '../baccarat/shoe-types';
import { parseShoeSnapshot } from '../contract/mqtt';
import type { ControllerStatus } from '../contract/schemas/status';
import { tableOpenVerdict } from '../contract/table-open-word';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import { Keyring, type SigningKey } from '../mqtt-bridge/signing';
import { shoeFromSnapshot } from '../mqtt-bridge/wire';
import type { JournalHeader } from './journal';
import { INITIAL_STATE, keyingConflict, type KeypadState } from './keypad-rules';
import type { Keying } from './protocol';

export interface AdoptionOptions {
  readonly keying: Keying;
  /** The table's shoe topic: a signature covers it. */
  readonly topic: string;
  /** The keypad's own key: with one, only a snapshot signed by a key it trusts is carried on. */
  readonly signingKey?: SigningKey;
  readonly trustKeys?: readonly KeyObject[];
}

/**
 * The table's last shoe, when its snapshot was read but not carried on: `shoeNo`, its number when the snapshot says
 * (the keypad's next shoe numbers on from it); `decks`, its deck count (offered for the keypad's first shoe).
 */
export interface TableLastShoe {
  readonly shoeNo?: number;
  readonly decks?: number;
}

export type Adoption =
  | { readonly adopt: true; readonly snapshot: ShoeSnapshot; readonly state: KeypadState }
  /** Not carried on: `reason` says why, in English for the log and the dealer's notice; null: no shoe to carry on. */
  | ({ readonly adopt: false; readonly refuse?: false; readonly reason: string | null } & TableLastShoe)
  /**
   * A shoe in progress this keypad may carry on only when started otherwise (its keying, the keys it trusts): it
   * must not start at all, rather than close a table in play on every board. `reason` says how to start it; the
   * table's last shoe is kept for when the table is started afresh.
   */
  | ({ readonly adopt: false; readonly refuse: true; readonly reason: string } & TableLastShoe);

/**
 * The keypad's state carrying on a snapshot's shoe, the table open or closed as `tableOpen` says (by default as the
 * snapshot says), or why it cannot be rebuilt whole.
 */
export function adoptedState(
  snap: ShoeSnapshot,
  tableOpen: boolean = snap.tableOpen ?? false,
): { state: KeypadState } | { problem: string } {
  const rebuilt = shoeFromSnapshot(snap);
  if (!rebuilt.ok) return { problem: rebuilt.error };
  if (rebuilt.value.problem) return { problem: rebuilt.value.problem };
  const shoe = { ...rebuilt.value.shoe, tableOpen };
  return {
    state: {
      ...INITIAL_STATE,
      tableOpen,
      shoeNo: snap.shoeNo ?? 0,
      shoe,
      // Past its shuffle once it has a burn or a round; a shuffle announced and no burn yet is announced again.
      shuffled: shoe.burn !== null || shoe.rounds.some(isShoeHand) || shoe.phase !== 'shuffling',
    },
  };
}

/**
 * The journal's header that starts it again carrying `snap` on, at `t`: the shoe's number as it says, the table open
 * or closed as `tableOpen` says ({@link adoptedOpen}), and `seq` above the snapshot's (a spare's clock may be behind
 * the keypad's that numbered it).
 */
export const adoptedHeader = (h: JournalHeader, snap: ShoeSnapshot, t: string, tableOpen: boolean): JournalHeader => ({
  ...h,
  t,
  seqStart: Math.max(h.seqStart, snap.seq + 1),
  tableOpen,
  shoeNo: snap.shoeNo ?? 0,
  adopted: snap,
});

/**
 * The table open or closed for a shoe carried on: as the boards read it (`contract/table-open-word.ts`), from the
 * snapshot's word and the retained status's of the controller before, whichever it said later. A keypad that closed
 * its table without carrying the shoe on left the snapshot saying open: its status (its last will too) says closed.
 * Two words too close to order: closed, the safe side.
 */
export function adoptedOpen(snap: ShoeSnapshot, status: ControllerStatus | null): boolean {
  const word = (open: boolean | undefined, at: string) => (open === undefined ? undefined : { open, at });
  return (
    tableOpenVerdict(word(status?.tableOpen, status?.timestamp ?? ''), word(snap.tableOpen, snap.timestamp))?.open ??
    false
  );
}

/** Whether to carry on the shoe of the table's retained snapshot (`bytes`; null: the broker keeps none). */
export function adoption(bytes: Uint8Array | null, o: AdoptionOptions): Adoption {
  if (bytes === null || bytes.byteLength === 0) return { adopt: false, reason: null };
  const parsed = parseShoeSnapshot(bytes);
  if (!parsed.ok) return { adopt: false, reason: `the table's shoe snapshot is unreadable: ${parsed.error.message}` };
  const snap = parsed.value;
  const name = `shoe ${snap.shoeNo ?? snap.shoeId}`;
  const last: TableLastShoe = { ...(snap.shoeNo !== undefined && { shoeNo: snap.shoeNo }), decks: snap.decks };
  if (snap.phase === 'ended') return { adopt: false, reason: null, ...last }; // nothing to carry on: the next shoe
  const afresh =
    'or, to start the table afresh, end that shoe (End shoe) on the keypad that keyed it, or delete the ' +
    `table's retained shoe on the broker (${o.topic})`;
  if (o.signingKey) {
    const trusted = new Keyring({ controller: [o.signingKey.publicKey, ...(o.trustKeys ?? [])] });
    const r = trusted.check('shoe', o.topic, snap);
    if (r.status === 'bad')
      return { adopt: false, reason: `${name} was not signed by a key this keypad trusts (${r.reason})`, ...last };
    if (r.status !== 'verified') {
      const by = snap.sig ? `is signed by key ${snap.sig.kid}, which this keypad does not trust` : 'is not signed';
      const how = snap.sig ? "give it that controller's public key with --trust-key" : 'start it without --signing-key';
      return {
        adopt: false,
        refuse: true,
        reason: `the table's ${name} in progress ${by}: to carry it on, ${how}; ${afresh}`,
        ...last,
      };
    }
  }
  const rebuilt = adoptedState(snap);
  if ('problem' in rebuilt)
    return { adopt: false, reason: `${name} cannot be carried on: ${rebuilt.problem}`, ...last };
  if (keyingConflict(rebuilt.state, o.keying))
    return {
      adopt: false,
      refuse: true,
      reason: `the table's ${name} in progress is keyed by its cards: to carry it on, start this keypad with --keying cards; ${afresh}`,
      ...last,
    };
  return { adopt: true, snapshot: snap, state: rebuilt.state };
}
