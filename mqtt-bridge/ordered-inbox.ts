/**
 * Messages taken in the order they came, while their signatures are verified off the main thread. A message that
 * needs no waiting is taken at once when nothing is waiting ahead of it (an unsigned board works as it always did,
 * synchronously); otherwise it queues behind the messages still being verified, and each is taken as soon as
 * everything before it is. Nothing is reordered, so the table's order (and `seq`) is the one the broker delivered.
 *
 * ```ts
 * const inbox = new OrderedInbox(take, (meta, e) => refused(e), (e) => log.error(e));
 * inbox.push({ topic, now }, inbound(config, topic, payload, keyring)); // an Inbound, or a pending one
 * await inbox.settled(); // every message pushed so far taken
 * ```
 * @packageDocumentation
 */

/** A result that is not known yet: `check` answers, `finish` makes the result of its answer. */
export interface Pending<T, C> {
  readonly to: 'pending';
  readonly check: Promise<C>;
  finish(checked: C): T;
}

interface Slot<M, T> {
  readonly meta: M;
  result: T | null;
}

export class OrderedInbox<M, T extends object, C> {
  private readonly slots: Slot<M, T>[] = [];
  private waiters: (() => void)[] = [];
  private closed = false;

  /**
   * `take` applies one result, in order; `failed` makes the result of a check that failed (the message is still
   * accounted for, in its place); `fault` hears what `take` threw.
   */
  constructor(
    private readonly take: (meta: M, result: T) => void,
    private readonly failed: (meta: M, error: unknown) => T,
    private readonly fault: (error: unknown) => void,
  ) {}

  /** How many messages wait for a signature, or behind one. */
  get waiting(): number {
    return this.slots.length;
  }

  push(meta: M, result: T | Pending<T, C>): void {
    if (this.closed) return;
    if (!isPending(result)) {
      if (this.slots.length === 0) return this.apply(meta, result);
      this.slots.push({ meta, result });
      return;
    }
    const slot: Slot<M, T> = { meta, result: null };
    this.slots.push(slot);
    result.check.then(
      (c) => {
        slot.result = this.guard(meta, () => result.finish(c));
        this.drain();
      },
      (e: unknown) => {
        slot.result = this.failed(meta, e);
        this.drain();
      },
    );
  }

  /** Resolves once every message pushed so far has been taken (at once when none waits). */
  settled(): Promise<void> {
    if (this.slots.length === 0) return Promise.resolve();
    return new Promise((r) => this.waiters.push(r));
  }

  /** Takes nothing more: what is still being verified is dropped (the board is stopping). */
  close(): void {
    this.closed = true;
    this.slots.length = 0;
    this.release();
  }

  private drain(): void {
    if (this.closed) return;
    while (this.slots.length > 0 && this.slots[0]!.result !== null) {
      const { meta, result } = this.slots.shift()!;
      this.apply(meta, result!);
    }
    if (this.slots.length === 0) this.release();
  }

  private apply(meta: M, result: T): void {
    try {
      this.take(meta, result);
    } catch (e) {
      this.fault(e); // never out of a promise callback: an unhandled rejection would end the process
    }
  }

  private guard(meta: M, make: () => T): T {
    try {
      return make();
    } catch (e) {
      return this.failed(meta, e);
    }
  }

  private release(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const r of w) r();
  }
}

const isPending = <T, C>(r: T | Pending<T, C>): r is Pending<T, C> =>
  typeof r === 'object' && r !== null && 'to' in r && (r as { to: unknown }).to === 'pending';
