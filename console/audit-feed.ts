/**
 * One audit log for the console and the command line alike: both publish every record on `{root}/pit/audit`
 * (QoS 1, not retained, signed with the pit's key when they have one), and every console subscribes and appends
 * what arrives to its log, once by id. The console's subscription has a connection of its own with a persistent
 * session (a fixed client id, `clean: false`), so records published while it is down are kept by the broker and
 * appended when it is back; nothing else is queued for it. Once subscribed, it says so, retained, on
 * `{root}/pit/audit-keepers/{id}`: `signage` and `fleet` warn when no console has (`cli/audit-keepers.ts`).
 *
 * ```ts
 * const feed = new AuditFeed({ broker, clientId, log, key, logger });
 * feed.on('appended', (records) => push(records));
 * await feed.start();
 * const error = await feed.publish(records); // null once the broker has passed each one back
 * ```
 * @packageDocumentation
 */
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import pino, { type Logger } from 'pino';
import { makeAuditKeeper, makePitAudit, parsePitAudit } from '../contract/audit';
import { isId } from '../contract/schemas/common';
import { topics } from '../contract/topics';
import { reconnectWithJitter } from '../mqtt-bridge/backoff';
import { signPayload, type SigningKey } from '../mqtt-bridge/signing';
import type { AuditLog } from './audit-log';
import type { AuditRecord } from './audit-record';
import { clientOptions, echo, refusedBecause, unconfirmedHint, type BrokerOptions } from './mqtt-session';
import { auditSignature } from './pit-signature';

/**
 * Publishes audit records at QoS 1, each signed for the audit topic when there is a key, and waits for each to come
 * back on `client`'s own subscription to that topic (an MQTT 3.1.1 broker drops an unauthorized publish silently).
 * Resolves with the records the broker confirmed, and why it stopped, if it did.
 */
export async function publishAudit(
  client: MqttClient,
  o: Pick<BrokerOptions, 'root' | 'protocolVersion'>,
  records: readonly AuditRecord[],
  { key = null, confirmMs = 2_000 }: { readonly key?: SigningKey | null; readonly confirmMs?: number } = {},
): Promise<{ readonly published: AuditRecord[]; readonly error: string | null }> {
  const topic = topics(o.root).pitAudit();
  const published: AuditRecord[] = [];
  for (const r of records) {
    const record = key ? signPayload(key, topic, r) : r;
    const text = makePitAudit(record);
    const back = confirmMs > 0 ? echo(client, topic, text, confirmMs) : Promise.resolve(true);
    try {
      await client.publishAsync(topic, text, { qos: 1, retain: false });
    } catch (e) {
      return { published, error: refusedBecause(e, 'the audit log') };
    }
    if (!(await back))
      return {
        published,
        error: `the broker took the audit record but did not pass it back within ${confirmMs / 1000} s${unconfirmedHint(o.protocolVersion)}`,
      };
    published.push(record);
  }
  return { published, error: null };
}

/**
 * The default client id of a console's audit subscription: the same across restarts of the same console (host,
 * audit log, port), so the broker keeps its session; different for two consoles.
 */
export function auditClientId(auditPath: string, port: number): string {
  const h = createHash('sha256')
    .update(`${hostname()}\0${resolve(auditPath)}\0${port}`)
    .digest('hex');
  return `baccarat-console-audit-${h.slice(0, 16)}`;
}

export interface AuditFeedOptions {
  readonly broker: BrokerOptions;
  readonly clientId: string; // fixed: the broker keeps this console's session under it
  readonly log: AuditLog;
  readonly key: SigningKey | null;
  readonly logger?: Logger;
  readonly reconnectMs?: number; // default 2000
  readonly confirmMs?: number; // default 2000
}

export class AuditFeed extends EventEmitter<{ appended: [AuditRecord[]]; refused: [string] }> {
  private mqtt: MqttClient | null = null;
  private readonly log: Logger;
  private readonly topic: string;
  /** Records received, and refused (unreadable, or a signature of the pit's key that does not match). */
  readonly counts = { received: 0, refused: 0 };

  constructor(private readonly options: AuditFeedOptions) {
    super();
    this.log = (options.logger ?? pino({ level: 'silent' })).child({ component: 'audit-feed' });
    this.topic = topics(options.broker.root).pitAudit();
  }

  /** Connects and subscribes; resolves at the first connection or failure (and keeps retrying after one). */
  start(): Promise<void> {
    const minMs = this.options.reconnectMs ?? 2_000;
    const client = connect(
      this.options.broker.url,
      clientOptions(this.options.broker, {
        clientId: this.options.clientId,
        clean: false,
        reconnectPeriod: minMs,
        resubscribe: false,
      }),
    );
    reconnectWithJitter(client, { minMs, maxMs: Math.max(minMs, 10_000), random: Math.random });
    this.mqtt = client;
    client.on('connect', () => {
      client.subscribe(this.topic, { qos: 1 }, (e, granted) => {
        if (e) this.log.error({ err: e.message }, 'cannot subscribe to the audit topic');
        else if (granted?.some((g) => g.qos >= 0x80)) this.log.error('the audit topic: subscription refused (ACL)');
        else this.announce(client);
      });
    });
    client.on('error', (e) => this.log.warn({ err: e.message }, 'audit connection'));
    client.on('message', (topic, payload) => {
      if (topic === this.topic) void this.receive(payload);
      else if (topic === this.announced?.topic && payload.toString() === this.announced.text) this.heard();
    });
    return new Promise((done) => {
      const events = ['connect', 'error', 'close'] as const;
      const finish = () => {
        for (const e of events) client.off(e, finish);
        done();
      };
      for (const e of events) client.once(e, finish);
    });
  }

  /**
   * Says, retained, that this console keeps the audit log from the broker (its session is there now, and stays):
   * `signage` and `fleet` warn when no console has ever said so, since their records would then reach no log.
   */
  private announce(client: MqttClient): void {
    const { clientId } = this.options;
    const keeper = isId(clientId) ? clientId : createHash('sha256').update(clientId).digest('hex').slice(0, 32);
    const text = makeAuditKeeper({
      v: 1,
      keeper,
      host: hostname().slice(0, 255) || 'unknown',
      at: new Date().toISOString(),
    });
    const topic = topics(this.options.broker.root).pitAuditKeeper(keeper);
    this.heard();
    client.publish(topic, text, { qos: 1, retain: true }, (e) => {
      if (e) return this.log.warn({ err: e.message }, 'cannot say this console keeps the audit log');
      // An MQTT 3.1.1 broker drops a publish its ACL refuses without a word: only its coming back proves it.
      this.announced = { topic, text, timer: setTimeout(() => this.unheard(topic), this.options.confirmMs ?? 5_000) };
      client.subscribe(topic, { qos: 1 }, (err) => err && this.unheard(topic));
    });
  }

  private announced: { topic: string; text: string; timer: NodeJS.Timeout } | null = null;

  /** The announcement came back (or is replaced): no more waiting for it. */
  private heard(): void {
    const a = this.announced;
    this.announced = null;
    if (!a) return;
    clearTimeout(a.timer);
    this.mqtt?.unsubscribe(a.topic, () => undefined);
  }

  private unheard(topic: string): void {
    this.heard();
    this.log.error(
      { topic },
      'the broker did not pass back this console’s word that it keeps the audit log: its ACL most likely lacks ' +
        `\`topic write ${topics(this.options.broker.root).pitAuditKeepers()}\` for the console (docs/console.md, ` +
        'Security); until it has it, signage and fleet warn that their records are in no log, though this console keeps them',
    );
  }

  /** Disconnects, keeping the session on the broker. */
  async stop(): Promise<void> {
    if (this.announced) clearTimeout(this.announced.timer);
    this.announced = null;
    await this.mqtt?.endAsync(true).catch(() => undefined);
    this.mqtt = null;
  }

  /**
   * Appends the records to this console's log at once (they must not depend on the broker), then publishes them
   * for every other console. Resolves with why publishing failed, or null.
   */
  async publish(records: readonly AuditRecord[]): Promise<string | null> {
    const signed = records.map((r) => (this.options.key ? signPayload(this.options.key, this.topic, r) : r));
    await this.appended(signed);
    if (!this.mqtt?.connected) return 'not connected to the broker: the audit record is in this console’s log only';
    const r = await publishAudit(this.mqtt, this.options.broker, signed, {
      ...(this.options.confirmMs !== undefined && { confirmMs: this.options.confirmMs }),
    });
    return r.error;
  }

  private async receive(payload: Buffer): Promise<void> {
    this.counts.received++;
    const r = parsePitAudit(payload);
    if (!r.ok) return this.refuse(r.error.message);
    const sig = auditSignature(r.value, this.topic, this.options.key);
    if (typeof sig === 'object') return this.refuse(`${sig.bad} (record ${r.value.id}: ${r.value.summary})`);
    await this.appended([r.value]);
  }

  private refuse(why: string): void {
    this.counts.refused++;
    this.log.warn({ why }, 'audit record refused');
    this.emit('refused', why);
  }

  private async appended(records: readonly AuditRecord[]): Promise<void> {
    try {
      const fresh = await this.options.log.append(records);
      if (fresh.length > 0) this.emit('appended', fresh);
    } catch (e) {
      this.log.error({ err: (e as Error).message }, 'cannot append to the audit log');
    }
  }
}
