/**
 * The console's side of MQTT, shared by `baccarat-board signage` and `baccarat-board console`: connection options
 * from the command line (its own credentials, the TLS flags every connecting command shares, MQTT 3.1.1 or 5),
 * reading retained messages, and publishing a {@link SignPlan} retained at QoS 1 — signed with the pit's key when
 * there is one, confirmed by the broker's acknowledgement and then by the sign coming back on our own
 * subscription, since an MQTT 3.1.1 broker drops an unauthorized publish silently.
 *
 * ```ts
 * const client = await connectBroker(options);
 * const retained = await readRetained(client, [t.tableSignage('T1'), t.casinoSignage()], 500);
 * const r = await publishPlan(client, options, plan); // { ok: true } or { ok: false, error: 'not authorized …' }
 * ```
 * @packageDocumentation
 */
import { connectAsync, type IClientOptions, type MqttClient } from 'mqtt';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { DEFAULT_ROOT, parseRoot, topics } from '../contract/topics';
import { err, ok, type Result } from '../baccarat/types';
import { parseBrokerUrl } from '../mqtt-bridge/broker-url';
import { parseTlsArgs, TLS_ARGS, TLS_USAGE, tlsClientOptions, tlsSettings, type TlsSettings } from '../mqtt-bridge/tls';
import { signPayload, type SigningKey } from '../mqtt-bridge/signing';
import type { SignPlan } from './sign-edit';
import { afterRunningTime } from '../mqtt-bridge/running-time';
import { lostRaceError, RACE_MS, watchRace } from './sign-race';

/** Where and how the console connects. */
export interface BrokerOptions {
  readonly url: string;
  readonly root: string;
  readonly username?: string;
  readonly password?: string;
  readonly tls?: TlsSettings; // the files are paths
  readonly protocolVersion: 4 | 5;
}

/** The connection options of both commands, for `parseArgs`. */
export const BROKER_ARGS = {
  broker: { type: 'string' },
  root: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  ...TLS_ARGS,
  'protocol-version': { type: 'string' },
} as const;

/** Their usage lines. */
export const BROKER_USAGE = `  --root R                topic root (default ${DEFAULT_ROOT})
  --username U            MQTT user name: the console's own account
  --password P            its password (default $BACCARAT_CONSOLE_PASSWORD)
${TLS_USAGE}
  --protocol-version 4|5  MQTT 3.1.1 (4, default) or 5; with 5 the broker says why it refuses a change`;

/** Checks the connection options; the error is a usage message. */
export function brokerOptions(
  v: { readonly [K in keyof typeof BROKER_ARGS]?: string },
  env: Readonly<Record<string, string | undefined>>,
  defaultUrl?: string,
): Result<BrokerOptions, string> {
  const url = v.broker ?? defaultUrl;
  if (url === undefined) return err('--broker URL is required, e.g. --broker mqtt://localhost:1883');
  const parsed = parseBrokerUrl(url);
  if (!parsed.ok) return err(`--broker ${parsed.error}`);
  const root = parseRoot(v.root ?? DEFAULT_ROOT);
  if (!root.ok) return err(`--root: ${root.error}`);
  const pv = v['protocol-version'] ?? '4';
  if (pv !== '4' && pv !== '5') return err(`--protocol-version must be 4 (MQTT 3.1.1) or 5, not '${pv}'`);
  const password = v.password ?? env.BACCARAT_CONSOLE_PASSWORD;
  if (password !== undefined && v.username === undefined)
    return err(
      v.password !== undefined
        ? '--password needs --username'
        : 'the MQTT password comes from $BACCARAT_CONSOLE_PASSWORD (set in this environment), and needs --username: ' +
            "give the console's user name, or unset BACCARAT_CONSOLE_PASSWORD",
    );
  const tls = parseTlsArgs(v);
  if (!tls.ok) return tls;
  const settings = tlsSettings(tls.value);
  return ok({
    url,
    root: root.value,
    protocolVersion: pv === '5' ? 5 : 4,
    ...(v.username !== undefined && { username: v.username }),
    ...(password !== undefined && { password }),
    ...(settings && { tls: settings }),
  });
}

/** MQTT.js options for these broker options. */
export function clientOptions(o: BrokerOptions, extra: IClientOptions = {}): IClientOptions {
  return {
    protocolVersion: o.protocolVersion,
    clientId: `baccarat-console-${Math.random().toString(16).slice(2, 10)}`,
    clean: true,
    connectTimeout: 5_000,
    reconnectPeriod: 0,
    ...(o.username !== undefined && { username: o.username }),
    ...(o.password !== undefined && { password: o.password }),
    ...tlsClientOptions(o.tls),
    ...extra,
  };
}

/** Connects once (no retry: a wrong URL or password should fail at once). Rejects with a readable Error. */
export async function connectBroker(o: BrokerOptions, extra: IClientOptions = {}): Promise<MqttClient> {
  try {
    return await connectAsync(o.url, clientOptions(o, extra), false);
  } catch (e) {
    const m = e instanceof Error ? e.message : String(e);
    throw new Error(`cannot connect to ${o.url}${o.username ? ` as ${o.username}` : ''}: ${m}`, { cause: e });
  }
}

const NOT_AUTHORIZED = new Set([5, 135]);
const reasonCode = (e: unknown): number | undefined =>
  e !== null && typeof e === 'object' && 'code' in e && typeof e.code === 'number' ? e.code : undefined;

/** Whether `topic` matches an MQTT topic filter (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

/**
 * How the retained messages of a wildcard are known to be all in, since nobody can say when the last one has come:
 * the broker sends them at once on the subscription, so they are in once none has come for `quietMs`, or at the
 * latest `maxMs` after the subscription, however busy the broker. The console's picture and `fleet list` wait so.
 */
export const RETAINED_SETTLE = { quietMs: 200, maxMs: 2_000 } as const;

/** Retained messages read, and whether the read was cut short ({@link collectRetained}). */
export interface RetainedRead {
  readonly messages: Map<string, Buffer>;
  /** Given a quiet time: `waitMs` ran out while messages still came (none quiet for that long), so some may be missing. */
  readonly cut: boolean;
}

/**
 * Subscribes to `topicList` (exact topics) and collects their retained messages: done when every topic has
 * answered or `waitMs` after the subscription is granted. An empty retained payload (a deleted sign) is absent.
 * `filters` (wildcards, e.g. every board's status) are collected too; since nobody can say when all of theirs have
 * come, they make the read last the whole `waitMs` — or, given `quietMs`, until none has come for that long
 * ({@link RETAINED_SETTLE}).
 */
export async function readRetained(
  client: MqttClient,
  topicList: readonly string[],
  waitMs = 500,
  filters: readonly string[] = [],
  quietMs?: number,
): Promise<Result<Map<string, Buffer>, string>> {
  const r = await collectRetained(client, topicList, waitMs, filters, quietMs);
  return r.ok ? ok(r.value.messages) : r;
}

/** {@link readRetained}, saying too whether `waitMs` cut it short while messages still came (`cut`). */
export async function collectRetained(
  client: MqttClient,
  topicList: readonly string[],
  waitMs: number,
  filters: readonly string[] = [],
  quietMs?: number,
): Promise<Result<RetainedRead, string>> {
  const got = new Map<string, Buffer>();
  let cut = false;
  let finish = () => undefined as void;
  let quiet = () => undefined as void; // restarts the quiet wait (quietMs), once subscribed
  const complete = () => filters.length === 0 && topicList.every((t) => got.has(t));
  const onMessage = (topic: string, payload: Buffer) => {
    if (!topicList.includes(topic) && !filters.some((f) => topicMatches(f, topic))) return;
    if (payload.length === 0) got.delete(topic);
    else got.set(topic, payload);
    if (complete()) finish();
    else quiet();
  };
  client.on('message', onMessage);
  const all = [...topicList, ...filters];
  try {
    await client.subscribeAsync(all, { qos: 1 });
  } catch (e) {
    client.off('message', onMessage);
    const code = reasonCode(e);
    return err(
      code !== undefined && NOT_AUTHORIZED.has(code)
        ? `not authorized to read ${all.join(', ')}`
        : `cannot subscribe to ${all.join(', ')}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (!complete())
    await new Promise<void>((resolve) => {
      let calm = () => undefined as void;
      // Running time, not the clock: a stalled process reads what came meanwhile before its wait ends.
      // With a quiet time, the wait runs out only while messages still come: each one restarts the quiet wait.
      const bound = afterRunningTime(waitMs, () => ((cut = quietMs !== undefined), finish()));
      finish = () => (bound(), calm(), resolve());
      if (quietMs === undefined) return;
      quiet = () => (calm(), (calm = afterRunningTime(quietMs, () => finish())));
      quiet();
    });
  client.off('message', onMessage);
  return ok({ messages: got, cut });
}

/** Resolves true when `text` arrives on `topic` within `ms`. Register before publishing. */
export function echo(client: MqttClient, topic: string, text: string, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onMessage = (t: string, payload: Buffer) => {
      if (t === topic && payload.toString('utf8') === text) done(true);
    };
    const timer = setTimeout(() => done(false), ms);
    function done(v: boolean) {
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(v);
    }
    client.on('message', onMessage);
  });
}

export interface PublishOptions {
  /** How long to wait for the sign to come back; the client must be subscribed to its topic. 0: do not wait. */
  readonly confirmMs?: number;
  /** The pit's key: every sign goes out with its `sig` for the exact topic it is published on. */
  readonly key?: SigningKey | null;
  /** How long to listen, once it came back, for another sign of its revision (sign-race.ts); with `confirmMs` only. */
  readonly raceMs?: number;
}

/** Why the broker refused a publish of `what`, in words (MQTT 5 says it with a reason code). */
export function refusedBecause(e: unknown, what: string): string {
  const code = reasonCode(e);
  return code !== undefined && NOT_AUTHORIZED.has(code)
    ? `not authorized to change ${what} (the broker refused it, reason code ${code})`
    : `the broker refused ${what}: ${e instanceof Error ? e.message : String(e)}`;
}

/** What to add to "did not come back" for this protocol version. */
export const unconfirmedHint = (protocolVersion: 4 | 5): string =>
  protocolVersion === 4
    ? ' (an MQTT 3.1.1 broker drops an unauthorized publish silently: --protocol-version 5 reports why)'
    : ' (is this account allowed to read it?)';

/** One sign published: where, and the exact text. */
export interface Published {
  readonly topic: string;
  readonly text: string;
}

/**
 * Publishes the plan's signs, retained at QoS 1: the casino's first (a table that newly offers Perfect Pairs
 * needs its scale), then the table's. Stops at the first refusal; `published` says what went out before it.
 */
export async function publishPlan(
  client: MqttClient,
  o: Pick<BrokerOptions, 'root' | 'protocolVersion'>,
  plan: SignPlan,
  { confirmMs = 2_000, key = null, raceMs = RACE_MS }: PublishOptions = {},
): Promise<{ readonly published: Published[]; readonly error: string | null }> {
  const t = topics(o.root);
  const jobs: { topic: string; text: string; what: string }[] = [];
  const signed = <T extends object>(topic: string, payload: T): T => (key ? signPayload(key, topic, payload) : payload);
  if (plan.casino) {
    const topic = t.casinoSignage();
    jobs.push({ topic, text: makeCasinoSignage(signed(topic, plan.casino.after)), what: 'the casino signage' });
  }
  if (plan.table && plan.tableId !== null) {
    const topic = t.tableSignage(plan.tableId);
    jobs.push({
      topic,
      text: makeTableSignage(signed(topic, plan.table.after)),
      what: `signage for table ${plan.tableId}`,
    });
  }
  const published: Published[] = [];
  for (const job of jobs) {
    const back = confirmMs > 0 ? echo(client, job.topic, job.text, confirmMs) : Promise.resolve(true);
    const race = confirmMs > 0 ? watchRace(client, job.topic, job.text) : null; // another tool's, at one moment
    try {
      await client.publishAsync(job.topic, job.text, { qos: 1, retain: true });
    } catch (e) {
      race?.stop();
      return { published, error: refusedBecause(e, job.what) };
    }
    if (!(await back)) {
      race?.stop();
      return {
        published,
        error:
          `the broker took ${job.what} but did not pass it back within ${confirmMs / 1000} s, so it may not have kept it` +
          unconfirmedHint(o.protocolVersion),
      };
    }
    published.push({ topic: job.topic, text: job.text });
    const lost = race ? await race.after(raceMs) : null;
    if (lost) return { published, error: lostRaceError(job.what, lost) };
  }
  return { published, error: null };
}
