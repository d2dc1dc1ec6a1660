/**
 * `baccarat-board simulate --broker URL --tables T1,T2 …`: table controllers that deal real shoes by the rules and
 * publish them over MQTT, one client per table, for the demo, tests and staff training.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isId } from '../contract/schemas/common';
import { DEFAULT_ROOT, parseRoot } from '../contract/topics';
import { existsSync, readFileSync } from 'node:fs';
import { parseBrokerUrl } from '../mqtt-bridge/broker-url';
import { parsePrivateKey, type SigningKey } from '../mqtt-bridge/signing';
import { parseTlsArgs, TLS_ARGS, TLS_USAGE, tlsClientOptions, tlsSettings, type TlsSettings } from '../mqtt-bridge/tls';
import { CHAOS_RATES, chaosTableOptions } from '../simulator/chaos';
import {
  DEFAULT_CUT_CARD_FROM_BACK,
  DEFAULT_DECKS,
  MAX_DECKS,
  MAX_NO_BET_COUPS,
  MIN_CUT_CARD_FROM_BACK,
  MIN_DECKS,
  NO_BET_COUPS,
  maxCutCardFromBack,
  simulateTable,
  type TableOptions,
} from '../simulator/dealer';
import { IRREGULARITY_KINDS, irregularityRates, type IrregularityRates } from '../simulator/irregularities';
import { createNarrator } from '../simulator/narrate';
import { startTableSimulator, type TableSimulator } from '../simulator/publisher';
import { type CliIo, EXIT, UsageError } from './io';
import { VERSION } from './version';

/** Irregularity rate of the demo when `--irregularities` is not given. */
export const DEFAULT_IRREGULARITY_RATE = 0.02;

export const SIMULATE_USAGE = `Usage: baccarat-board simulate --broker URL --tables T1,T2 [options]

Runs one simulated table controller per table: it shuffles real shoes with a seeded generator, cuts them and
places the cut card (rule 7.6), burns (rules 7.7, 7.9), deals every round by the Table of Play, follows the cut
card to the last coup (rule 11.2 a and b), and publishes shoe start, shuffle, burn, betting, results, cut card,
irregularities and shoe end over MQTT, exactly as the contract says. Runs until --shoes shoes are done (default:
forever) or Ctrl-C, which publishes each controller's offline status and disconnects.

Options:
  --broker URL[,URL...]   mqtt://host:port (also mqtts:, ws:, wss:, tcp:, ssl:)   (required); several
                          (a bridged pair) for failover: tried in turn on each reconnection, as boards do
  --tables T1,T2          table ids, comma-separated; one MQTT client each        (required)
  --speed N|max           1 = real time (about 15 s of betting and 8-12 s of dealing a round), N = N times
                          faster, max or 0 = as fast as the broker acknowledges   (default 1)
  --seed S                seeds the cards and irregularities; the same seed deals the same shoes (each table
                          gets its own stream, S/T1, S/T2 ...). Default: a random seed, printed.
  --shoes N               stop after N shoes per table                            (default: never)
  --decks N[,M...]        ${MIN_DECKS} to ${MAX_DECKS}; several take turns shoe by shoe, e.g. 8,6,4     (default ${DEFAULT_DECKS})
  --cut-card N|MIN-MAX    cards behind the cut card, at least ${MIN_CUT_CARD_FROM_BACK} (rule 7.6)       (default ${DEFAULT_CUT_CARD_FROM_BACK.join('-')})
  --cut-card-case a|b     put the cut card where rule 11.2 (a) or (b) applies     (default: where it falls)
  --no-bet-coups [N]      N no-bet coups at the start of each shoe, up to ${MAX_NO_BET_COUPS} as the pit boss
                          may permit (house rules 3.3 B, 5.1.6); alone, the 3 of house rule 3.1.2
  --irregularities RATE   0 to 1: every kind of irregularity at that rate         (default ${DEFAULT_IRREGULARITY_RATE})
  --irregularity KIND=RATE  one kind at its own rate, over --irregularities; repeatable. KIND is one of
                          exposedCard    per round: first card face up, "No bets this hand" (rule 12.3)
                          misKey         per hand: a mis-keyed result, then a supervisor's correction
                          cutCardMissed  per shoe: cut card overlooked, the shoe runs out (rule 12.5)
                          voidAfter      per hand: declared void after its result (12.6, house rule 4.2)
                          foreignCard    per round: a card not of the set, the round void (tournament 5.1.1)
                          outOfTurn      per round: a card out of turn, next coup without bets (house 4.3)
  --no-betting-events     never publish betting-open nor no-more-bets, as some controllers do
  --chaos                 the chaos table: every irregularity at ${CHAOS_RATES.exposedCard}, shoes of 8, 6 and 4 decks
                          in turn with 5, 0 and 4 no-bet coups, the second run out past its cut card; not
                          with --decks, --no-bet-coups, --cut-card-case or the irregularity options
  --signing-key FILE      sign every message with this controller key (baccarat-board keys generate); boards
                          that list its public key in trust.controllerKeys then show the results as verified
  --root R                topic root                                              (default ${DEFAULT_ROOT})
  --username U            MQTT user name
  --password P            MQTT password (needs --username)
${TLS_USAGE}
  --protocol-version 4|5  MQTT 3.1.1 (4) or 5                                     (default 4)
  --quiet                 print nothing but errors
`;

/** What the command needs from the process, injectable for tests. */
export interface SimulateEnv {
  /** Calls `stop` on SIGINT or SIGTERM; returns a function that removes the handlers. */
  readonly onInterrupt: (stop: () => void) => () => void;
  readonly randomSeed: () => string;
  readonly now: () => Date;
}

export const PROCESS_ENV: SimulateEnv = {
  onInterrupt: (stop) => {
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
  },
  randomSeed: () => randomBytes(6).toString('hex'),
  now: () => new Date(),
};

/** The checked options of one run. */
export interface SimulateOptions {
  readonly brokers: readonly string[]; // in turn on each reconnection (failover)
  readonly tables: readonly string[];
  readonly speed: number; // 0 = max
  readonly seed: string | null;
  readonly shoes: number; // Infinity = forever
  readonly decks: readonly number[]; // in turn, shoe by shoe
  readonly cutCardFromBack: readonly [number, number];
  readonly cutCardCase: 'a' | 'b' | null; // null: wherever it falls
  readonly noBetCoups: number;
  readonly irregularities: IrregularityRates;
  readonly bettingEvents: boolean;
  readonly chaos: boolean;
  readonly signingKey?: SigningKey;
  readonly root: string;
  readonly username?: string;
  readonly password?: string;
  readonly tls?: TlsSettings;
  readonly protocolVersion: 4 | 5;
  readonly quiet: boolean;
}

const wholeNumber = (text: string, name: string, min: number, max: number): number => {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got '${text}'`);
  return n;
};

const RATE = /^\d*\.?\d+$/;
/** A rate from 0 to 1, or NaN. */
const rateOf = (text: string): number => (RATE.test(text) ? Number(text) : NaN);

/** `--no-bet-coups` takes its number or stands alone (the 3 of house rule 3.1.2): alone, it gets `=3`. */
const withNoBetCoupsValue = (args: readonly string[]): string[] =>
  args.map((a, i) =>
    a === '--no-bet-coups' && !/^\d+$/.test(args[i + 1] ?? '') ? `--no-bet-coups=${NO_BET_COUPS}` : a,
  );

/** Every kind at `--irregularities`, then each `--irregularity KIND=RATE`. */
function parseIrregularities(all: string | undefined, kinds: readonly string[]): IrregularityRates {
  const rate = all === undefined ? DEFAULT_IRREGULARITY_RATE : rateOf(all);
  if (!(rate >= 0 && rate <= 1)) throw new UsageError(`--irregularities must be a rate from 0 to 1, got '${all}'`);
  const rates: Record<string, number> = { ...irregularityRates(rate) };
  for (const text of kinds) {
    const [kind = '', value, extra] = text.split('=');
    if (value === undefined || extra !== undefined)
      throw new UsageError(`--irregularity must be KIND=RATE, e.g. voidAfter=0.05, got '${text}'`);
    if (!(IRREGULARITY_KINDS as readonly string[]).includes(kind))
      throw new UsageError(`--irregularity: '${kind}' is not one of ${IRREGULARITY_KINDS.join(', ')}`);
    const r = rateOf(value);
    if (!(r >= 0 && r <= 1)) throw new UsageError(`--irregularity ${kind} must be a rate from 0 to 1, got '${value}'`);
    rates[kind] = r;
  }
  return irregularityRates(rates);
}

/** Checks the arguments. @throws UsageError (exit 2 with the usage) on any bad option. */
export function parseSimulateArgs(args: string[]): SimulateOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: withNoBetCoupsValue(args),
    allowPositionals: true,
    options: {
      broker: { type: 'string' },
      tables: { type: 'string' },
      speed: { type: 'string' },
      seed: { type: 'string' },
      shoes: { type: 'string' },
      decks: { type: 'string' },
      'cut-card': { type: 'string' },
      'cut-card-case': { type: 'string' },
      'no-bet-coups': { type: 'string' },
      irregularities: { type: 'string' },
      irregularity: { type: 'string', multiple: true },
      'no-betting-events': { type: 'boolean' },
      chaos: { type: 'boolean' },
      'signing-key': { type: 'string' },
      root: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      ...TLS_ARGS,
      'protocol-version': { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);

  if (values.broker === undefined)
    throw new UsageError('--broker URL is required, e.g. --broker mqtt://localhost:1883');
  const brokers = values.broker.split(',').map((s) => s.trim());
  for (const broker of brokers) {
    const url = parseBrokerUrl(broker);
    if (!url.ok) throw new UsageError(`--broker ${url.error}`);
  }

  if (values.tables === undefined) throw new UsageError('--tables is required, e.g. --tables T1,T2');
  const tables = values.tables.split(',').map((s) => s.trim());
  const bad = tables.find((id) => !isId(id));
  if (bad !== undefined)
    throw new UsageError(`--tables: '${bad}' is not a table id (1 to 64 of A-Z a-z 0-9 _ -, comma-separated)`);
  const twice = tables.find((id, i) => tables.indexOf(id) !== i);
  if (twice !== undefined) throw new UsageError(`--tables: '${twice}' is given twice`);

  const speedText = values.speed ?? '1';
  const speed = speedText === 'max' ? 0 : /^\d+(\.\d+)?$/.test(speedText) ? Number(speedText) : NaN;
  if (!Number.isFinite(speed)) throw new UsageError(`--speed must be a number ≥ 0 or 'max', got '${speedText}'`);

  if (values.seed === '') throw new UsageError('--seed must not be empty');
  const shoes =
    values.shoes === undefined ? Infinity : wholeNumber(values.shoes, '--shoes', 1, Number.MAX_SAFE_INTEGER);
  const chaos = values.chaos ?? false;
  if (chaos) {
    const clash = (['decks', 'no-bet-coups', 'cut-card-case', 'irregularities', 'irregularity'] as const).find(
      (name) => values[name] !== undefined,
    );
    if (clash !== undefined) throw new UsageError(`--chaos sets its own shoes and irregularities: drop --${clash}`);
  }
  const decks = (values.decks ?? String(DEFAULT_DECKS))
    .split(',')
    .map((d) => wholeNumber(d.trim(), '--decks', MIN_DECKS, MAX_DECKS));

  const most = maxCutCardFromBack(Math.min(...decks));
  let cutCardFromBack = DEFAULT_CUT_CARD_FROM_BACK;
  if (values['cut-card'] !== undefined) {
    const [lo = '', hi = lo, extra] = values['cut-card'].split('-');
    if (extra !== undefined) throw new UsageError(`--cut-card must be N or MIN-MAX, got '${values['cut-card']}'`);
    const min = wholeNumber(lo, '--cut-card', MIN_CUT_CARD_FROM_BACK, most);
    const max = wholeNumber(hi, '--cut-card', MIN_CUT_CARD_FROM_BACK, most);
    if (min > max) throw new UsageError(`--cut-card ${min}-${max}: the minimum is above the maximum`);
    cutCardFromBack = [min, max];
  }

  const cutCardCase = values['cut-card-case'] ?? null;
  if (cutCardCase !== null && cutCardCase !== 'a' && cutCardCase !== 'b')
    throw new UsageError(`--cut-card-case must be a or b (rule 11.2), got '${cutCardCase}'`);
  const noBetCoupsText = values['no-bet-coups'];
  const noBetCoups =
    noBetCoupsText === undefined ? 0 : wholeNumber(noBetCoupsText, '--no-bet-coups', 0, MAX_NO_BET_COUPS);
  const irregularities = chaos ? CHAOS_RATES : parseIrregularities(values.irregularities, values.irregularity ?? []);

  const root = parseRoot(values.root ?? DEFAULT_ROOT);
  if (!root.ok) throw new UsageError(`--root: ${root.error}`);
  if (values.password !== undefined && values.username === undefined)
    throw new UsageError('--password needs --username');
  const pv = values['protocol-version'] ?? '4';
  if (pv !== '4' && pv !== '5') throw new UsageError(`--protocol-version must be 4 (MQTT 3.1.1) or 5, got '${pv}'`);
  const tls = parseTlsArgs(values);
  if (!tls.ok) throw new UsageError(tls.error);
  const tlsOptions = tlsSettings(tls.value);
  const keyFile = values['signing-key'];
  const signingKey = keyFile === undefined ? undefined : readSigningKey(keyFile);

  return {
    brokers,
    tables,
    speed,
    seed: values.seed ?? null,
    shoes,
    decks,
    cutCardFromBack,
    cutCardCase,
    noBetCoups,
    irregularities,
    bettingEvents: !(values['no-betting-events'] ?? false),
    chaos,
    ...(signingKey && { signingKey }),
    root: root.value,
    ...(values.username !== undefined && { username: values.username }),
    ...(values.password !== undefined && { password: values.password }),
    ...(tlsOptions && { tls: tlsOptions }),
    protocolVersion: pv === '5' ? 5 : 4,
    quiet: values.quiet ?? false,
  };
}

/** The dealer's options of one table, from the command's. */
export function tableOptions(o: SimulateOptions, seed: string, shoeId: (n: number) => string): TableOptions {
  const common = { seed, shoes: o.shoes, cutCardFromBack: o.cutCardFromBack, shoeId };
  if (o.chaos) return { ...chaosTableOptions(seed, o.shoes), ...common };
  return {
    ...common,
    decks: o.decks[0] ?? DEFAULT_DECKS,
    ...(o.decks.length > 1 && { perShoe: o.decks.map((decks) => ({ decks })) }),
    ...(o.cutCardCase !== null && { cutCardCase: o.cutCardCase }),
    noBetCoups: o.noBetCoups,
    irregularities: o.irregularities,
  };
}

/** The controller's signing key from a PEM file; a usage error says what is wrong with it. */
function readSigningKey(file: string): SigningKey {
  if (!existsSync(file)) throw new UsageError(`--signing-key: ${file} does not exist`);
  const key = parsePrivateKey(readFileSync(file, 'utf8'));
  if (!key.ok) throw new UsageError(`--signing-key: ${file}: ${key.error}`);
  return key.value;
}

/** The rates in a few words: one number when every kind has it, else the kinds above 0. */
export function ratesText(rates: IrregularityRates): string {
  const [first, ...rest] = IRREGULARITY_KINDS.map((kind) => rates[kind]);
  if (rest.every((r) => r === first)) return String(first);
  return IRREGULARITY_KINDS.filter((kind) => rates[kind] > 0)
    .map((kind) => `${kind} ${rates[kind]}`)
    .join(', ');
}

/** A compact UTC stamp for shoe ids, unique per run: `20241122-140509`. */
const stamp = (d: Date): string => d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

export async function simulateCommand(args: string[], io: CliIo, env: SimulateEnv = PROCESS_ENV): Promise<number> {
  const parsed = parseSimulateArgs(args);
  if (parsed === 'help') {
    io.out(SIMULATE_USAGE);
    return EXIT.ok;
  }
  const o = parsed;
  const seed = o.seed ?? env.randomSeed();
  const runStamp = stamp(env.now());
  const say = (line: string): void => {
    if (!o.quiet) io.out(`${line}\n`);
  };
  const speedText = o.speed === 0 ? 'max' : `${o.speed}x`;
  const parts = [
    `seed ${seed}`,
    o.chaos ? 'the chaos table' : `${o.decks.join('/')} decks`,
    `speed ${speedText}`,
    ...(o.chaos ? [] : [`irregularities ${ratesText(o.irregularities)}`]),
    ...(o.noBetCoups > 0 && !o.chaos ? [`${o.noBetCoups} no-bet coups`] : []),
    ...(o.bettingEvents ? [] : ['no betting events']),
    ...(Number.isFinite(o.shoes) ? [`${o.shoes} shoe(s)`] : []),
  ];
  say(`simulating ${o.tables.join(', ')} on ${o.brokers.join(', ')}: ${parts.join(', ')}`);

  const sims: TableSimulator[] = [];
  let interrupted = false;
  const stopAll = () => Promise.all(sims.map((s) => s.stop()));
  const removeHandlers = env.onInterrupt(() => {
    if (interrupted) return;
    interrupted = true;
    say('stopping: publishing offline status');
    void stopAll();
  });
  try {
    for (const tableId of o.tables) {
      const narrate = createNarrator();
      const sim = await startTableSimulator({
        broker: o.brokers,
        tableId,
        root: o.root,
        speed: o.speed,
        version: VERSION,
        steps: simulateTable(tableOptions(o, `${seed}/${tableId}`, (n) => `S${runStamp}-${n}`)),
        bettingEvents: o.bettingEvents,
        ...(o.signingKey && { signingKey: o.signingKey }),
        mqtt: {
          protocolVersion: o.protocolVersion,
          ...(o.username !== undefined && { username: o.username }),
          ...(o.password !== undefined && { password: o.password }),
          ...tlsClientOptions(o.tls),
        },
        onStep: (step) => {
          const line = narrate(step);
          if (line) say(`[${tableId}] ${line}`);
        },
        onError: (e) => io.err(`baccarat-board simulate: [${tableId}] ${e.message}\n`),
      });
      sims.push(sim);
      if (interrupted) break;
    }
    if (interrupted) void stopAll(); // a table that connected after Ctrl-C stops too
  } catch (e) {
    const where = o.brokers.join(' or ');
    io.err(`baccarat-board simulate: cannot connect to ${where}: ${e instanceof Error ? e.message : String(e)}\n`);
    await stopAll();
    removeHandlers();
    return EXIT.failure;
  }
  const results = await Promise.allSettled(sims.map((s) => s.done));
  await stopAll();
  removeHandlers();
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    const reason: unknown = failed.reason;
    io.err(`baccarat-board simulate: ${reason instanceof Error ? reason.message : String(reason)}\n`);
    return EXIT.failure;
  }
  say(interrupted ? 'stopped' : 'done');
  return EXIT.ok;
}
