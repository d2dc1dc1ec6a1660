/**
 * When the board was last seen, retained on `{root}/displays/{displayId}/seen` beside its status: its last will
 * replaces the status, and is stamped when the board connected, so this is what tells whoever reads the broker later
 * when the board went dark. Published when the board connects, with every re-statement of its status and as it
 * stops; QoS 0, so a broker that refuses it can never have it sent again at each reconnection.
 *
 * A refusal never stops the board. Mosquitto drops a refused publish silently; a broker that closes the connection on
 * one instead (MQTT 3.1.1 has no other way to say no) would close it every 30 s: three closes in a row just after
 * the message are taken for that, and the board pauses it, with one line in its log: 10 minutes, then it tries once
 * more (an ACL mended meanwhile brings it back), the pause doubling at each refusal up to 6 hours. A close that has
 * another cause (another board taking the connection over: display-id-guard.ts) is not counted; three, not two,
 * because a takeover the board cannot tell yet (the other board's status not yet retained when it reconnected)
 * also comes just after it connected: two boards with one display id once made one pause as if refused.
 *
 * ```ts
 * const seen = new LastSeenPublisher(t.displaySeen('D7'), { displayId: 'D7', tableId: 'T12' }, log);
 * seen.publish(client); // on connect, every 30 s and at stop
 * client.on('close', () => seen.closed());
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { makeDisplaySeen } from '../contract/mqtt';
import type { DisplaySeen } from '../contract/schemas';
import { TOPIC_SPECS } from '../contract/topics';

/** A close this soon after the message is taken for the broker refusing it… */
export const REFUSED_WITHIN_MS = 2_000;
/** … this many times in a row: then the board pauses it… */
export const REFUSALS_TO_GIVE_UP = 3;
/** … this long, then tries once more; each refusal after that doubles the pause, up to {@link MAX_PAUSE_MS}. */
export const FIRST_PAUSE_MS = 10 * 60_000;
export const MAX_PAUSE_MS = 6 * 3600_000;

export class LastSeenPublisher {
  private sentAt: number | null = null; // when the last one was written, until the connection next closes
  private closes = 0; // closes in a row just after one
  private pausedUntil: number | null = null; // refused: not published before then
  private pauseMs = FIRST_PAUSE_MS; // the next pause
  private retrying = false; // the one try after a pause: a refusal of it pauses again at once
  private failed = false; // a publish failed: logged once

  constructor(
    private readonly topic: string,
    private readonly board: Pick<DisplaySeen, 'displayId' | 'tableId'>,
    private readonly log: Pick<Logger, 'warn' | 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Whether it publishes now (it pauses while the broker closes the connection on it). */
  get publishing(): boolean {
    return this.pausedUntil === null || this.now().getTime() >= this.pausedUntil;
  }

  /** Publishes the time now (or `at`: the instant of the goodbye it goes with), if connected. Never throws. */
  publish(client: MqttClient | null, at: Date = this.now()): void {
    if (!this.publishing || !client?.connected) return;
    if (this.pausedUntil !== null) {
      this.pausedUntil = null;
      this.retrying = true;
    }
    let payload: string;
    try {
      const { displayId, tableId } = this.board;
      payload = makeDisplaySeen({ v: 1, displayId, tableId, timestamp: at.toISOString() });
    } catch (e) {
      return this.failedOnce(e instanceof Error ? e.message : String(e));
    }
    this.sentAt = this.now().getTime();
    const { qos, retain } = TOPIC_SPECS.displaySeen;
    client.publish(this.topic, payload, { qos, retain }, (e) => e && this.failedOnce(e.message));
  }

  /** The connection closed; `explained`: by something else than this message (another board taking it over). */
  closed(explained = false): void {
    const justAfter = !explained && this.sentAt !== null && this.now().getTime() - this.sentAt < REFUSED_WITHIN_MS;
    this.sentAt = null;
    if (this.pausedUntil !== null) return;
    const retried = this.retrying;
    this.retrying = false;
    this.closes = justAfter ? this.closes + 1 : 0;
    if (!justAfter || (!retried && this.closes < REFUSALS_TO_GIVE_UP)) {
      if (!justAfter && retried) this.pauseMs = FIRST_PAUSE_MS; // the try after the pause went through
      return;
    }
    const pause = this.pauseMs;
    this.pausedUntil = this.now().getTime() + pause;
    this.pauseMs = Math.min(pause * 2, MAX_PAUSE_MS);
    this.log.warn(
      { topic: this.topic, pauseMinutes: pause / 60_000 },
      'the broker closed the connection just after the last-seen time, %d times in a row: the board pauses it for ' +
        "%d minutes, then tries again (readers meanwhile know only when it connected); let this board's account write %s",
      this.closes,
      pause / 60_000,
      this.topic,
    );
  }

  private failedOnce(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    this.log.warn(
      { topic: this.topic, err: reason },
      'last-seen time not published: %s (the board carries on; said once)',
      reason,
    );
  }
}
