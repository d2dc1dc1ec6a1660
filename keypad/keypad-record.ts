/**
 * The keypad's record: its journal and what it says (`replay.ts`): the state, the stamped messenger that makes the
 * contract's messages, the actions taken; and, for a new journal, its first messages once the table is about to be
 * served: the table's shoe carried on (`adopt.ts`), or the table closed. The run time (`keypad.ts`) takes the
 * dealer's actions through it.
 *
 * ```ts
 * const record = new KeypadRecord({ o, controllerId, undoMs, log, now, changed });
 * const republish = record.open() ?? (await record.begin(readShoe, status));
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import type { ControllerStatus } from '../contract/schemas/status';
import { DEFAULT_ROOT, topics } from '../contract/topics';
import type { Outgoing } from '../simulator/messages';
import { adoptedHeader, adoptedOpen, adoption } from './adopt';
import { openKeypadJournal, type JournalHeader, type KeypadJournal } from './journal';
import { KeypadStartRefused, type KeypadOptions } from './keypad-options';
import { act, INITIAL_STATE, type KeypadState } from './keypad-state';
import { replay, stampedMessenger, type Stamped } from './replay';
import type { Republish } from './republish';

export interface KeypadRecordContext {
  readonly o: KeypadOptions;
  readonly controllerId: string;
  readonly undoMs: number;
  readonly log: Logger;
  readonly now: () => Date;
  /** What the page shows may have changed (a shoe carried on). */
  readonly changed: () => void;
}

export class KeypadRecord {
  state: KeypadState = INITIAL_STATE;
  stamped!: Stamped;
  journal!: KeypadJournal;
  /** Actions taken, ever (the journal's header carries the count across compactions). */
  revision = 0;
  /** A new journal's start that did not carry the table's shoe on, and why (for the dealer). */
  notCarriedOn: { readonly reason: string; readonly at: string } | null = null;
  /** The deck count of the table's last shoe, from the broker's record, when a new journal did not carry it on. */
  get tableDecks(): number | undefined {
    return this.journal.header.decks;
  }
  /** The table's shoe its journal carried on (the header's), if it did. */
  adopted: ShoeSnapshot | null = null;

  constructor(private readonly c: KeypadRecordContext) {}

  private stampedFor(h: JournalHeader): Stamped {
    return stampedMessenger(h, {
      controllerId: this.c.controllerId,
      tableId: this.c.o.tableId,
      ...(this.c.o.root && { root: this.c.o.root }),
      ...(this.c.o.signingKey && { signingKey: this.c.o.signingKey }),
    });
  }

  /**
   * Replays the journal: the state and the messenger as they were, and the last messages made; null for a new
   * journal, whose first messages wait for what the table holds ({@link KeypadRecord.begin}).
   */
  open(): Republish | null {
    const fresh = (): JournalHeader => ({
      keypad: 1,
      t: this.c.now().toISOString(),
      tableId: this.c.o.tableId,
      seqStart: this.c.now().getTime() * 1000, // rises across journals too (the contract's advice)
      tableOpen: null,
      shoeNo: 0,
      revision: 0,
    });
    this.journal = openKeypadJournal(this.c.o.journalPath, this.c.o.tableId, fresh);
    if (this.journal.setAside) this.c.log.warn({ path: this.journal.setAside }, 'journal set aside: starting as new');
    for (const s of this.journal.skipped) this.c.log.warn(s, 'journal line skipped');
    this.stamped = this.stampedFor(this.journal.header);
    this.adopted = this.journal.header.adopted ?? null;
    const r = replay(this.journal, this.stamped);
    for (const x of r.refused) this.c.log.error(x, 'journal record refused on replay: skipped');
    this.state = r.state;
    this.revision = r.revision;
    this.c.log.info({ records: this.journal.records.length, seq: this.stamped.lastSeq() }, 'journal replayed');
    if (this.state.tableOpen === null && this.state.shoe === null) return null; // new: decided at the table (begin)
    return { outgoing: [...r.last], snapshot: r.snapshot };
  }

  /**
   * A keypad on a new journal, about to serve its table: carries on the shoe the broker retains for it, when it can
   * (`adopt.ts`: a spare keypad brought in mid-shoe), else closes the table until the dealer opens it.
   */
  async begin(readShoe: () => Promise<Uint8Array | null>, status: ControllerStatus | null): Promise<Republish> {
    const a = adoption(await readShoe(), {
      keying: this.c.o.keying,
      topic: topics(this.c.o.root ?? DEFAULT_ROOT).tableShoe(this.c.o.tableId),
      ...(this.c.o.signingKey && { signingKey: this.c.o.signingKey }),
      ...(this.c.o.trustKeys && { trustKeys: this.c.o.trustKeys }),
    });
    if (a.adopt) return this.adopt(a.snapshot, adoptedOpen(a.snapshot, status));
    // The table's shoes numbered on: the next this keypad starts is the one after the table's last, offered with that
    // shoe's deck count (both kept in its header). Kept too when it may not carry that shoe on: it may start the
    // table afresh once the shoe is gone from the broker ("Check again").
    const shoeNo = a.shoeNo !== undefined && a.shoeNo > this.state.shoeNo ? a.shoeNo : undefined;
    if (shoeNo !== undefined || a.decks !== undefined) {
      this.journal.rewrite(
        {
          ...this.journal.header,
          ...(shoeNo !== undefined && { shoeNo }),
          ...(a.decks !== undefined && { decks: a.decks }),
        },
        [],
      );
      if (shoeNo !== undefined) this.state = { ...this.state, shoeNo };
    }
    if (a.refuse) throw new KeypadStartRefused(a.reason);
    if (a.reason !== null) {
      this.notCarriedOn = { reason: a.reason, at: this.c.now().toISOString() };
      this.c.log.warn({ reason: a.reason }, "new journal: the table's shoe is not carried on; the table is closed");
    }
    return { outgoing: this.closeNewTable(), snapshot: null };
  }

  /**
   * Carries the snapshot's shoe on: the journal starts again from a header that holds it (so a restart replays the
   * same shoe) with `seq` above the snapshot's, and the snapshot is published again as this keypad's, signed with
   * its key. No event: the boards have every one of them already, and the next hand is the next number.
   */
  private adopt(snap: ShoeSnapshot, tableOpen: boolean): Republish {
    const header = adoptedHeader(this.journal.header, snap, this.c.now().toISOString(), tableOpen);
    this.journal.rewrite(header, []);
    this.stamped = this.stampedFor(header);
    const r = replay({ header, records: [] }, this.stamped);
    this.state = r.state;
    this.adopted = snap;
    const { shoeId, shoeNo, controllerId: from, timestamp: at } = snap;
    const said = { shoeId, shoeNo, hands: snap.hands.length, from, at };
    this.c.log.info(said, `new journal: carrying on the table's shoe ${shoeNo ?? shoeId} from its retained snapshot`);
    this.c.changed();
    return { outgoing: [], snapshot: r.snapshot };
  }

  /**
   * A keypad that never had its table open or closed (a new journal) says closed at once, as its page does: it
   * takes `close-table` itself, journaled like any action, so a board of the table shows TABLE CLOSED from the start
   * rather than nothing, and a restart republishes it (the last action's messages). It invents no shoe: until the
   * dealer starts one there is no snapshot to retain.
   */
  private closeNewTable(): Outgoing[] {
    const t = this.c.now().toISOString();
    const r = act(this.state, { type: 'close-table' }, { at: t, undoMs: this.c.undoMs });
    if (!r.ok) return [];
    this.journal.append({ t, a: { type: 'close-table' } });
    this.state = r.value.state;
    this.revision++;
    this.c.log.info('new journal: the table is closed until the dealer opens it');
    return this.stamped.messagesOf(r.value.steps, t);
  }
}
