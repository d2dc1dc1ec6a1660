/**
 * A board that reconnected (or started from its saved record) and has not heard its table since: normally for a
 * moment (the retained snapshot comes back at once), but where the broker lost its retained messages and the table's
 * controller is gone, for as long as that lasts, while `/readyz` says `catching-up` and patrons read "Updating
 * results". After `afterMs` staff and the fleet are told (`table-unheard`): `fleet list` called such a board in step.
 *
 * ```ts
 * unheard.awaiting('reconnection', 'mqtt://a:1883');  // on connecting; unheard.heard() once the table is heard
 * unheard.warning;                                     // [] or [{ code: 'table-unheard', … }]
 * ```
 * @packageDocumentation
 */
import type { StaffWarning } from '../contract/kiosk';
import { toSecond } from '../contract/time-words';

export class TableUnheard {
  private since: string | null = null;
  private after: 'reconnection' | 'saved-record' = 'reconnection';
  private broker: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  /**
   * The wait is over: set by the timer itself, not read from the clock. A timer may run a millisecond before the
   * wall clock says `afterMs` have passed (found under load in CI), and the warning, asked for then, was never
   * shown: nothing asked again.
   */
  private over = false;

  constructor(
    private readonly o: {
      readonly tableId: string;
      readonly afterMs: number;
      readonly now: () => Date;
      readonly changed: () => void;
    },
  ) {}

  /** Connected, awaiting the table (`after` what), or not (null). */
  awaiting(after: 'reconnection' | 'saved-record' | null, broker: string | null): void {
    this.heard();
    if (after === null) return;
    this.since = this.o.now().toISOString();
    this.after = after;
    this.broker = broker;
    this.timer = setTimeout(() => {
      this.over = true;
      this.o.changed();
    }, this.o.afterMs);
    this.timer.unref();
  }

  /** The table was heard (or the board stops): no warning. */
  heard(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const was = this.since !== null && this.over;
    this.since = null;
    this.over = false;
    if (was) this.o.changed();
  }

  /** The warning, once the table has gone unheard for `afterMs`. */
  get warning(): readonly StaffWarning[] {
    if (this.since === null || !this.over) return [];
    const how =
      this.after === 'saved-record'
        ? `started from its saved record and connected to ${this.broker ?? 'the broker'} at ${toSecond(this.since)}`
        : `reconnected to ${this.broker ?? 'the broker'} at ${toSecond(this.since)}`;
    return [
      {
        code: 'table-unheard',
        detail:
          `The board ${how} and has heard nothing of table ${this.o.tableId} since (no snapshot retained on the ` +
          "broker, no hand): hands dealt meanwhile may be missing; it shows its last results until the table's " +
          'controller publishes again',
        since: this.since,
      },
    ];
  }
}
