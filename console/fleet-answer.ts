/**
 * What a fleet command waits for once published: the board's status naming the request (`lastCommand`), or for a
 * screenshot its picture on `{root}/displays/{id}/screenshot`; and when neither comes in time, what the board's
 * status says, to tell the operator why. Shared by `baccarat-board fleet` (its own connection: {@link awaitAnswer})
 * and the console (one connection for many commands at once: {@link AnswerRouter}).
 *
 * ```ts
 * const answer = awaitAnswer(client, { root, display, requestId, name: 'screenshot', ms: 30_000 });
 * await answer.ready; // subscribed: publish the command now
 * const a = await answer.result; // { kind: 'screenshot', reply, status } | { kind: 'status', ok, status } | { kind: 'timeout', … }
 * ```
 * @packageDocumentation
 */
import type { MqttClient } from 'mqtt';
import { parseMessage } from '../contract/mqtt';
import { lastSeenOf, later, offlineSince, type SeenGoing } from '../contract/offline-since';
import type { DisplayCommandName, DisplayScreenshot, DisplaySeen, DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { within } from '../mqtt-bridge/within';
import { topicMatches } from './mqtt-session';

export type Answer =
  | {
      readonly kind: 'screenshot';
      readonly reply: DisplayScreenshot;
      readonly status: DisplayStatus | null; // the latest seen: the board's table, for the audit record
    }
  | { readonly kind: 'status'; readonly ok: boolean; readonly status: DisplayStatus }
  | {
      readonly kind: 'timeout';
      readonly seconds: number;
      readonly status: DisplayStatus | null; // the latest seen
      readonly rejected: number; // how many messages the board rejected meanwhile (its rejectedMessages rose)
      readonly going: SeenGoing; // offline: when it was last seen, and when its will came if it came meanwhile
      readonly unreadable: string | null; // the latest status on the broker could not be read: why (else null)
    };

export interface AnswerOptions {
  readonly root: string;
  readonly display: string;
  readonly requestId: string;
  readonly name: DisplayCommandName;
  readonly ms: number; // how long to wait, from now
  readonly status?: DisplayStatus | null; // the board's status as known before (the console's); default none
  readonly going?: SeenGoing; // … and what is known of its going (the console's); default read from the broker
  readonly now?: () => Date; // when a will arrives meanwhile; default the clock
}

export interface AnswerWait {
  /** Subscribed (or failed to): publish the command after this. */
  readonly ready: Promise<void>;
  readonly result: Promise<Answer>;
  cancel(): void;
}

const rejectedOf = (s: DisplayStatus | null): number | null => (s?.state === 'online' ? s.rejectedMessages : null);

/** One command's wait: fed every message of {@link AnswerWatch.topics}, it ends with the answer or a timeout. */
export class AnswerWatch {
  /** The topics whose messages it needs: the board's status and last-seen time, and for a screenshot its picture. */
  readonly topics: readonly string[];
  readonly result: Promise<Answer>;
  private status: DisplayStatus | null;
  private unreadable: string | null = null; // the latest status message, when it could not be read: why
  private seen: DisplaySeen | null = null; // its retained last-seen time
  private going: SeenGoing;
  private baseline: number | null; // rejectedMessages before the command (or at the first status seen)
  private readonly statusTopic: string;
  private readonly seenTopic: string;
  private readonly shotTopic: string;
  private readonly timer: NodeJS.Timeout;
  private done: (a: Answer) => void = () => undefined;
  private over = false;

  constructor(private readonly o: AnswerOptions) {
    const t = topics(o.root);
    this.statusTopic = t.displayStatus(o.display);
    this.seenTopic = t.displaySeen(o.display);
    this.shotTopic = t.displayScreenshot(o.display);
    this.topics = [this.statusTopic, this.seenTopic, ...(o.name === 'screenshot' ? [this.shotTopic] : [])];
    this.status = o.status ?? null;
    this.going = o.going ?? {};
    this.baseline = rejectedOf(this.status);
    this.result = new Promise<Answer>((resolve) => (this.done = resolve));
    this.timer = setTimeout(() => this.finish(this.timeout(o.ms / 1000)), o.ms);
  }

  /** Whether it is still waiting. */
  get waiting(): boolean {
    return !this.over;
  }

  /** One message received (any topic: others are ignored). */
  take(topic: string, payload: Uint8Array): void {
    if (this.over) return;
    if (topic === this.statusTopic) {
      const p = parseMessage('displayStatus', payload);
      if (!p.ok || p.value.displayId !== this.o.display) {
        // Kept to say why there was no answer: "no status" would send the operator looking for a wrong display id.
        this.unreadable = p.ok ? `it is display ${p.value.displayId}'s, not ${this.o.display}'s` : p.error.message;
        return;
      }
      this.unreadable = null;
      this.going = goingAfter(this.status, p.value, this.going, (this.o.now ?? (() => new Date()))().toISOString());
      this.status = p.value;
      this.baseline ??= rejectedOf(p.value);
      const last = p.value.state === 'online' ? p.value.lastCommand : undefined;
      if (this.o.name !== 'screenshot' && last?.requestId === this.o.requestId)
        this.finish({ kind: 'status', ok: last.ok, status: p.value });
    } else if (topic === this.seenTopic) {
      // An unreadable one is as none: the board's status is read without it (it is the board's own fault, in its log).
      const p = parseMessage('displaySeen', payload);
      this.seen = p.ok && p.value.displayId === this.o.display ? p.value : null;
    } else if (topic === this.shotTopic) {
      const p = parseMessage('displayScreenshot', payload);
      if (p.ok && p.value.requestId === this.o.requestId)
        this.finish({ kind: 'screenshot', reply: p.value, status: this.status });
    }
  }

  /** Stops waiting: a timeout of 0 s (the command could not be published). */
  cancel(): void {
    this.finish(this.timeout(0));
  }

  private timeout(seconds: number): Answer {
    const now = rejectedOf(this.status);
    const rejected = now === null || this.baseline === null ? 0 : Math.max(0, now - this.baseline);
    const s = this.status;
    const lastSeen = s?.state === 'offline' ? later(this.going.lastSeen, lastSeenOf(s, this.seen)) : undefined;
    const going = { ...this.going, ...(lastSeen !== undefined && { lastSeen }) };
    return { kind: 'timeout', seconds, status: s, rejected, going, unreadable: this.unreadable };
  }

  private finish(a: Answer): void {
    if (this.over) return;
    this.over = true;
    clearTimeout(this.timer);
    this.done(a);
  }
}

/**
 * What is known of a board's going once `next` arrives: a will that follows an online status was seen arriving now,
 * and the board was last seen at that status (its will's own timestamp is when it connected); kept while it stays
 * offline, and forgotten when it is back online.
 */
export function goingAfter(
  before: DisplayStatus | null,
  next: DisplayStatus,
  going: SeenGoing,
  now: string,
): SeenGoing {
  if (next.state === 'online' || next.will === false) return {};
  if (before?.state === 'online' && before.tableId === next.tableId) return { lastSeen: before.timestamp, goneAt: now };
  return going;
}

/**
 * Waits on `client`, which this subscribes to what the answer needs (the command line's own connection). Listens
 * before it returns: publish once `ready` resolves.
 */
export function awaitAnswer(client: MqttClient, o: AnswerOptions): AnswerWait {
  const watch = new AnswerWatch(o);
  const onMessage = (topic: string, payload: Buffer) => watch.take(topic, payload);
  client.on('message', onMessage);
  void watch.result.then(() => client.off('message', onMessage));
  const ready = client.subscribeAsync([...watch.topics], { qos: 1 }).then(
    () => undefined,
    () => undefined, // not allowed to read them: the wait ends in a timeout that says so
  );
  return { ready, result: watch.result, cancel: () => watch.cancel() };
}

/** How long an answer waits for the broker to confirm that its own topics are unsubscribed. */
const UNSUBSCRIBE_WAIT_MS = 1000;

/**
 * The waits of many commands on one connection that stays (the console's): one listener feeds them all, however
 * many there are. Topics the connection is subscribed to already (`covered`: the console's every board's status)
 * are not subscribed again; any other (a screenshot's) is subscribed while a wait needs it, then unsubscribed.
 */
export class AnswerRouter {
  private readonly watches = new Set<AnswerWatch>();
  private readonly subscribed = new Map<string, number>(); // topic → how many waits need it
  private client: MqttClient | null = null;
  private readonly route = (topic: string, payload: Buffer) => {
    for (const w of this.watches) w.take(topic, payload);
  };

  constructor(private readonly covered: () => readonly string[]) {}

  /** Starts a wait on `client` (publish once `ready` resolves). */
  listen(client: MqttClient, o: AnswerOptions): AnswerWait {
    if (this.client !== client) {
      this.client?.off('message', this.route);
      client.on('message', this.route);
      this.client = client;
    }
    const watch = new AnswerWatch(o);
    this.watches.add(watch);
    const covered = this.covered();
    const own = watch.topics.filter((t) => !covered.some((f) => topicMatches(f, t)));
    const fresh = own.filter((t) => (this.subscribed.get(t) ?? 0) === 0);
    for (const t of own) this.subscribed.set(t, (this.subscribed.get(t) ?? 0) + 1);
    // Answered once the topics only it needed are unsubscribed (the broker has said so, or a second has passed: a
    // connection that is down answers no unsubscribe): a picture published after the answer never reaches the
    // console (found under load in CI: the unsubscribe, sent and not awaited, came after the next picture).
    const result = watch.result.then(async (answer) => {
      this.watches.delete(watch);
      const unused = own.filter((t) => {
        const n = (this.subscribed.get(t) ?? 1) - 1;
        if (n > 0) this.subscribed.set(t, n);
        else this.subscribed.delete(t);
        return n <= 0;
      });
      if (unused.length > 0)
        await within(
          client.unsubscribeAsync(unused).catch(() => undefined),
          UNSUBSCRIBE_WAIT_MS,
        );
      return answer;
    });
    const ready =
      fresh.length === 0
        ? Promise.resolve()
        : client.subscribeAsync(fresh, { qos: 1 }).then(
            () => undefined,
            () => undefined, // not allowed to read the picture: the wait ends in a timeout that says so
          );
    return { ready, result, cancel: () => watch.cancel() };
  }

  /** Stops listening (waits still under way end in their timeouts). */
  close(): void {
    this.client?.off('message', this.route);
    this.client = null;
  }
}

/** What to tell the operator about a board that did not answer, in the words of the tool that asks. */
export interface NoAnswerHints {
  /** No status on the broker for it: e.g. 'check the display id (and --root)'. */
  readonly noStatus: string;
  /** Online, and no answer: e.g. signatures and the broker's ACL. */
  readonly refused: string;
}

/**
 * What the board's status says about why it did not answer: the latest status, what it rejected meanwhile, and for
 * an offline board what is known of its going (offline-since.ts). A status the broker holds but that cannot be read
 * (`unreadable`, why) is said as such, with the last one read before it, if any.
 */
export function describeStatus(
  status: DisplayStatus | null,
  hints: NoAnswerHints,
  rejected = 0,
  going: SeenGoing = {},
  unreadable: string | null = null,
): string {
  if (unreadable !== null) {
    const before = status ? ` Before it, its status said ${status.state} (as of ${status.timestamp}).` : '';
    return (
      `The broker holds a status for it that cannot be read (${unreadable}): a board of another version, or ` +
      `another program publishing on its topic; see the board's log and version.${before}`
    );
  }
  if (!status) return `The broker holds no status for it: ${hints.noStatus}`;
  if (status.state === 'offline') return `Its status says offline ${offlineSince(status, going, (iso) => iso)}.`;
  const meanwhile =
    rejected > 0
      ? ` It rejected ${rejected === 1 ? 'a message' : `${rejected} messages`} meanwhile: most likely this command.`
      : '';
  return `Its status says online (as of ${status.timestamp}): the command may have been refused.${meanwhile} ${hints.refused}`;
}
