/**
 * The views a bridge emits, coalesced: the messages of one burst (many arrive in one socket read) give one view,
 * built on the next turn of the event loop, so that a host only ever sees the newest. Each view emitted carries the
 * next `seq`; the last one stands for whoever asks between bursts.
 *
 * ```ts
 * const views = new ViewFeed((seq, now) => tableView(state, { …, seq, now }), (v) => emit('view', v), iso);
 * views.push(); // something shown changed: one view on the next turn, however many pushes before it
 * views.current(); // the view as last emitted (or built now)
 * ```
 * @packageDocumentation
 */
import type { TableView } from '../contract/kiosk';

export class ViewFeed {
  private seq = 0;
  private last: TableView | null = null;
  private dirty = false;
  private timer: NodeJS.Immediate | null = null;

  constructor(
    /** Builds the view numbered `seq` as of `now`. */
    private readonly build: (seq: number, now: string) => TableView,
    /** Hands a new view to whoever shows it. */
    private readonly emit: (view: TableView) => void,
    /** The clock, ISO 8601. */
    private readonly now: () => string,
  ) {}

  /** The view as last emitted (or built now). */
  current(): TableView {
    if (this.dirty || !this.last) this.flush();
    return this.last ?? this.build(this.seq, this.now());
  }

  /** Asks for a new view, built and emitted on the next turn of the event loop (once, however often asked). */
  push(): void {
    this.dirty = true;
    this.timer ??= setImmediate(() => this.flush());
  }

  /** Builds and emits the view, if one was asked for. */
  flush(): void {
    if (this.timer) clearImmediate(this.timer);
    this.timer = null;
    if (!this.dirty) return;
    this.dirty = false;
    this.seq++;
    this.last = this.build(this.seq, this.now());
    this.emit(this.last);
  }

  /** Cancels the view scheduled, if any, as the bridge stops; {@link current} still builds one when asked. */
  close(): void {
    if (this.timer) clearImmediate(this.timer);
  }
}
