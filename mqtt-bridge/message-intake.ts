/**
 * Where each message a board receives goes, in the order messages came: parsed by the contract and its signature
 * verified (off the main thread: WebCrypto, {@link OrderedInbox}), then a table message to the follower (and a hand
 * to the clock watch), a fleet command to the fleet commands (a signed one once, while fresh: command-replay.ts), a cleared retained topic to the log, and a refusal to
 * the rejection log and the bridge (and to the follower when it was the table's). It counts what it received and
 * refused. Never throws.
 *
 * ```ts
 * const intake = new MessageIntake(config, keyring, { follower, clock, fleet, log, now, heard, rejected });
 * intake.receive(topic, payload);
 * await intake.settled(); // every message received so far applied or refused
 * ```
 * @packageDocumentation
 */
import type { Logger } from 'pino';
import type { ClockWatch } from './clock-watch';
import { CommandReplays } from './command-replay';
import type { Config } from './config';
import type { FleetCommands } from './fleet-commands';
import type { Follower } from './follower';
import { inbound, type Inbound } from './inbound';
import { OrderedInbox } from './ordered-inbox';
import { RejectionLog, type RejectionLogOptions } from './rejection-log';
import type { Keyring, SignatureCheck } from './signing';

/** Who takes what the intake routes. */
export interface IntakeRoutes {
  readonly follower: Follower;
  readonly clock: ClockWatch;
  readonly fleet: FleetCommands;
  readonly log: Logger;
  readonly rejectionLog?: RejectionLogOptions; // how rejected messages are sampled in the log
  readonly now: () => string; // ISO 8601
  /** A message from the table was heard at `now`. */
  readonly heard: (now: string) => void;
  /** A message refused, counted and logged: for the status and the host. */
  readonly rejected: (rejection: { topic: string; reason: string; code: string }) => void;
  /** The signed commands carried out before this start, and where to keep them (command-replay-file.ts). */
  readonly commandsDone?: { read(): [string, number][]; save(done: readonly (readonly [string, number])[]): void };
}

interface Received {
  readonly topic: string;
  readonly now: string; // ISO 8601: when it arrived
}

export class MessageIntake {
  /** Messages received and rejected since start. */
  readonly counts = { received: 0, rejected: 0 };
  private readonly rejections: RejectionLog;
  private readonly replays: CommandReplays;
  /** Messages in the order they came, while their signatures are verified. */
  private readonly inbox = new OrderedInbox<Received, Inbound, SignatureCheck>(
    (meta, r) => this.take(meta, r),
    (_meta, e) => ({ to: 'rejected', code: 'bad-signature', reason: `not checked: ${String(e)}`, ofTable: null }),
    (e) => this.to.log.error({ err: e }, 'a message could not be applied: %s', String(e)),
  );

  constructor(
    private readonly config: Config,
    private readonly keyring: Keyring,
    private readonly to: IntakeRoutes,
  ) {
    this.rejections = new RejectionLog(to.log, to.rejectionLog);
    this.replays = new CommandReplays(to.commandsDone?.read() ?? []);
  }

  /** One raw message: taken at once when unsigned and nothing waits ahead of it, else shortly ({@link settled}). */
  receive(topic: string, payload: Uint8Array): void {
    this.counts.received++;
    const now = this.to.now();
    this.to.heard(now);
    this.inbox.push({ topic, now }, inbound(this.config, topic, payload, this.keyring));
  }

  /** A message refused (here, or by the follower): counted, logged (sampled) and passed on. */
  reject(topic: string, code: string, reason: string): void {
    this.counts.rejected++;
    this.rejections.record({ topic, code, reason });
    this.to.rejected({ topic, reason, code });
  }

  /** Resolves once every message received so far has been applied or refused. */
  settled(): Promise<void> {
    return this.inbox.settled();
  }

  /**
   * Takes nothing more: what is still being verified is dropped (the board is stopping), and the rejection log writes
   * its pending summary.
   */
  close(): void {
    this.inbox.close();
    this.rejections.close();
  }

  private take({ topic, now }: Received, r: Inbound): void {
    switch (r.to) {
      case 'table': {
        const effect = this.to.follower.take(r.msg, now, topic, r.json, r.verified);
        if (effect === 'applied' && r.msg.kind === 'hand') this.to.clock.hand(Date.parse(now), r.msg.payload.timestamp);
        return;
      }
      case 'command': {
        // A signed command is carried out once, while fresh: its signature does not say the pit sends it now.
        const refusal = r.verified ? this.replays.check(r.command, Date.parse(now)) : null;
        if (refusal?.kind === 'again') return void this.to.log.info({ topic }, '%s: ignored', refusal.reason);
        if (refusal) return this.reject(topic, 'replayed-command', refusal.reason);
        if (r.verified) this.to.commandsDone?.save(this.replays.remembered()); // a restart must not forget it
        return this.to.fleet.take(r.command);
      }
      case 'cleared':
        // An operator clearing it, a broker restored without it: the board keeps what it shows, in step.
        return void this.to.log.info(
          { topic },
          'retained message cleared on the broker; the board keeps what it shows',
        );
      case 'rejected':
        this.reject(topic, r.code, r.reason);
        if (r.ofTable) this.to.follower.refused(r.ofTable, `${r.code}: ${r.reason}`);
        return;
    }
  }
}
