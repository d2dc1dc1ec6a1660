/**
 * Two boards configured with one display id (a copied configuration, a replaced PC left running). Both publish as
 * that display, so the fleet sees them as one and its commands reach both; and when they share the client id too
 * (by default it is made from the display id) the broker keeps one session per client id, so each connection
 * knocks the other off, over and over: neither board follows its table for long.
 *
 * The board listens to its own status topic. Every status it publishes carries the instance it drew as it started,
 * so a status of its display id from another instance is another board:
 * - heard live, stamped since this board started: another board is running now ("publishes as");
 * - found retained on connecting (with one client id the two are never connected at once, so that is how they hear
 *   of each other), stamped since this board started: a suspicion, which a close of this connection by the broker
 *   confirms (it was taken over);
 * - an MQTT 5 DISCONNECT with reason 0x8E (session taken over), where the broker sends one, confirms it alone.
 *
 * A takeover is answered by connecting under a client id of this board's own (`{clientId}-{instance}`, a clean
 * session, so none is left behind on the broker), so that both boards stay connected and follow their tables; and
 * in every case by a staff warning (`display-id-in-use`), in the board's status and on its staff line, for as long as
 * the other board is heard from (two and a half of its status re-statements) or until it says goodbye.
 *
 * ```ts
 * const guard = new DisplayIdGuard({ displayId: 'D7', clientId: 'baccarat-board-D7', instance, startedAt, now, log, changed });
 * guard.connected(); guard.status(payload, packet.retain); // its own status topic
 * client.on('disconnect', (p) => p.reasonCode === SESSION_TAKEN_OVER && guard.takenOver());
 * if (guard.closed()) client.options.clientId = guard.ownClientId; // and a clean session
 * guard.warning; // StaffWarning | null
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { StaffWarning } from '../contract/kiosk';
import { parseDisplayStatus } from '../contract/mqtt';
import { RESTATE_SECONDS } from '../contract/schemas';
import { warningDetail } from './warning-detail';

/** MQTT 5's reason code for a connection closed because another one took over its session. */
export const SESSION_TAKEN_OVER = 0x8e;

export interface DisplayIdGuardOptions {
  readonly displayId: string;
  readonly clientId: string; // the configured one
  readonly instance: string; // drawn as the board started
  readonly startedAt: number; // ms since the epoch
  readonly now: () => Date;
  readonly log: Pick<Logger, 'error' | 'info'>;
  /** The warning came, changed or went. */
  readonly changed: () => void;
  /** How long the other board's last status keeps the warning up: 2.5 re-statements (75 s) unless given. */
  readonly evidenceMs?: number;
}

/** The other board, as its status says. */
interface Other {
  readonly instance: string | null; // null: an older board, which does not say
  readonly tableId: string;
  readonly version: string;
}

export class DisplayIdGuard {
  /** The client id this board connects under once taken over. */
  readonly ownClientId: string;
  private suspect: Other | null = null; // found retained on this connection: another board, running since we started
  private reasonTakenOver = false; // the broker said so (0x8E) on this connection
  private other: Other | null = null;
  private how: 'took-over' | 'publishes' | null = null;
  private since: string | null = null;
  private lastHeard = 0;
  private switched = false; // connects under its own client id
  private timer: NodeJS.Timeout | null = null;
  private readonly evidenceMs: number;

  constructor(private readonly o: DisplayIdGuardOptions) {
    this.ownClientId = `${o.clientId}-${o.instance.replace(/[^0-9A-Za-z]/g, '').slice(0, 8)}`;
    this.evidenceMs = o.evidenceMs ?? RESTATE_SECONDS * 2_500;
  }

  /** Whether the board now connects under {@link ownClientId}. */
  get ownId(): boolean {
    return this.switched;
  }

  /** The warning for staff while another board publishes as this display id, else null. */
  get warning(): StaffWarning | null {
    if (!this.how || !this.since) return null;
    return { code: 'display-id-in-use', detail: this.detail(), since: this.since };
  }

  /** A new connection: what was found on the last one no longer counts. */
  connected(): void {
    this.suspect = null;
    this.reasonTakenOver = false;
  }

  /** A message on the board's own status topic; `retained`: sent as the board subscribed, not live. Never throws. */
  status(payload: Uint8Array, retained: boolean): void {
    const r = parseDisplayStatus(payload);
    if (!r.ok) return; // not a board's status: nothing to tell from it (its publisher's problem, not this board's)
    const s = r.value;
    if (s.displayId !== this.o.displayId || s.instance === this.o.instance) return;
    const other: Other = { instance: s.instance ?? null, tableId: s.tableId, version: s.version };
    if (s.state === 'offline') {
      // A goodbye (not a last will: a board taken over may reconnect at once) of the board heard: it stopped.
      if (s.will === false && this.other && s.instance !== undefined && s.instance === this.other.instance) this.end();
      return;
    }
    // Stamped before this board started: an earlier run of this board (its connection taken over by this one).
    if (Date.parse(s.timestamp) < this.o.startedAt) return;
    if (retained) this.suspect = other;
    else this.heard(other, this.how === 'took-over' ? 'took-over' : 'publishes');
  }

  /** The broker said this connection's session was taken over (MQTT 5, reason 0x8E). */
  takenOver(): void {
    this.reasonTakenOver = true;
  }

  /**
   * The connection closed (not by the board itself). True when another board took its session over: the caller then
   * connects under {@link ownClientId}, with a clean session.
   */
  closed(): boolean {
    // Under a client id of its own, only the broker's word says it was taken over: else the network closed it.
    if ((!this.suspect && !this.reasonTakenOver) || (this.switched && !this.reasonTakenOver)) {
      this.connected();
      return false;
    }
    const other = this.suspect ?? this.other;
    this.connected();
    const first = !this.switched;
    this.switched = true;
    this.heard(other, 'took-over');
    if (first)
      this.o.log.error(
        { clientId: this.o.clientId, ownClientId: this.ownClientId },
        "another board took over this board's connection (one display id, one client id: %s): it now connects as %s",
        this.o.displayId,
        this.ownClientId,
      );
    return true;
  }

  /** The board stops. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private heard(other: Other | null, how: 'took-over' | 'publishes'): void {
    const before = this.warning?.detail;
    if (other) this.other = other;
    this.lastHeard = this.o.now().getTime();
    if (!this.since) {
      this.since = this.o.now().toISOString();
      if (how === 'publishes')
        this.o.log.error(
          { other },
          'another board publishes as display id %s: give each board its own display id',
          this.o.displayId,
        );
    }
    this.how = how;
    this.arm();
    if (this.warning?.detail !== before) this.o.changed();
  }

  /** Checks again when the evidence runs out. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    const left = this.lastHeard + this.evidenceMs - this.o.now().getTime();
    this.timer = setTimeout(() => this.expire(), Math.max(0, left));
    this.timer.unref?.();
  }

  private expire(): void {
    if (this.o.now().getTime() - this.lastHeard >= this.evidenceMs) this.end();
    else this.arm();
  }

  private end(): void {
    if (!this.how) return;
    this.stop();
    this.o.log.info({ displayId: this.o.displayId }, 'no other board publishes as this display id any more');
    this.how = null;
    this.since = null;
    this.other = null;
    this.o.changed();
  }

  private detail(): string {
    const { displayId, clientId } = this.o;
    const o = this.other;
    const who = o && `another board (table ${o.tableId}, version ${o.version})`;
    const now = `the broker kept one of the two connected at a time. This board now connects as ${this.ownClientId}`;
    const text =
      this.how === 'publishes'
        ? `${who ?? 'another board'} publishes as display id ${displayId}: the fleet sees the two boards as one and its commands reach both. Give each board its own display id`
        : who
          ? `${who} uses display id ${displayId} and client id ${clientId}: ${now}. Give each board its own display id`
          : `another client connected with this board's client id ${clientId}: ${now}. Give each its own client id`;
    return warningDetail(text);
  }
}
