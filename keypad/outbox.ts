/**
 * The keypad's outbox: its messages published one after another, in the order made, over the controller's
 * connection (QoS 1, `connectController`); the pending count is what the broker has not acknowledged yet, and the
 * view shows it ('N to send'). A message made while no connection serves the table is not sent.
 *
 * ```ts
 * const outbox = new Outbox(log, () => push(view()));  // called as each message settles
 * outbox.link = link; outbox.send(message);
 * await outbox.flushed();
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { Outgoing } from '../simulator/messages';
import type { ControllerLink } from '../simulator/publisher';

export class Outbox {
  /** The connection the messages go out on: null before it serves the table, and once it yielded it. */
  link: ControllerLink | null = null;
  private count = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly log: Logger,
    private readonly settled: () => void,
  ) {}

  /** Messages sent and not acknowledged yet. */
  get pending(): number {
    return this.count;
  }

  /** Publishes in order; the pending count says what the broker has not acknowledged yet. */
  send(m: Outgoing): void {
    const link = this.link;
    if (!link) return;
    this.count++;
    this.queue = this.queue
      .then(() => link.publish(m))
      .catch((e: unknown) => this.log.error({ err: (e as Error).message }, 'publish failed'))
      .finally(() => {
        this.count--;
        this.settled();
      });
  }

  /** Waits until every message sent so far is acknowledged. */
  async flushed(): Promise<void> {
    await this.queue;
  }

  /** Waits as {@link flushed} does, for `ms` at most. */
  async drained(ms: number): Promise<void> {
    await Promise.race([this.queue, new Promise((r) => setTimeout(r, ms))]);
  }
}
