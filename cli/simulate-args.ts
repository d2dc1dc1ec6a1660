/**
 * `baccarat-board simulate`'s arguments, checked: every option of {@link SimulateOptions} from the command line, or a
 * usage error (exit 2) that says what is wrong and how to put it right.
 *
 * ```ts
 * parseSimulateArgs(['--broker', 'mqtt://localhost', '--tables', 'T1,T2', '--speed', 'max']); // SimulateOptions
 * ```
 * @packageDocumentation
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isId } from '../contract/schemas/common';
import { DEFAULT_ROOT, parseRoot } from '../contract/topics';
import { parseBrokerUrl } from '../mqtt-bridge/broker-url';
import { parsePrivateKey, type SigningKey } from '../mqtt-bridge/signing';
import { parseTlsArgs, TLS_ARGS, tlsSettings, type TlsSettings } from '../mqtt-bridge/tls';
import { CHAOS_RATES } from '../simulator/chaos';
import {
  DEFAULT_CUT_CARD_FROM_BACK,
  DEFAULT_DECKS,
  MAX_DECKS,
  MAX_NO_BET_COUPS,
  MIN_CUT_CARD_FROM_BACK,
  MIN_DECKS,
  NO_BET_COUPS,
  maxCutCardFromBack,
} from '../simulator/dealer-options';
import { IRREGULARITY_KINDS, irregularityRates, type IrregularityRates } from '../simulator/irregularities';
import { mqttPassword, valuesAfterFlags } from './flag-values';
import { UsageError } from './io';

/** Irregularity rate of the demo when `--irregularities` is not given. */
export const DEFAULT_IRREGULARITY_RATE = 0.02;

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
  readonly takeOver: boolean; // deal even on a table another controller serves
}

const wholeNumber = (text: string, name: string, min: number, max: number): number => {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(
      max === Number.MAX_SAFE_INTEGER
        ? `${name} must be a whole number from ${min}, got '${text}'`
        : `${name} must be a whole number from ${min} to ${max}, got '${text}'`,
    );
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
export function parseSimulateArgs(
  args: string[],
  env: Readonly<Record<string, string | undefined>> = process.env, // $BACCARAT_MQTT_PASSWORD
): SimulateOptions | 'help' {
  const { values, positionals } = parseArgs({
    // A negative number after a flag is its value, refused in this command's words (`--speed -1`: Node's parser
    // said "argument is ambiguous").
    args: withNoBetCoupsValue(
      valuesAfterFlags(args, ['--speed', '--shoes', '--decks', '--cut-card', '--no-bet-coups', '--irregularities']),
    ),
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
      'take-over': { type: 'boolean' },
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
  const secret = mqttPassword(values, env, 'give the simulated tables their user name');
  if ('error' in secret) throw new UsageError(secret.error);
  const { password } = secret;
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
    ...(password !== undefined && { password }),
    ...(tlsOptions && { tls: tlsOptions }),
    protocolVersion: pv === '5' ? 5 : 4,
    quiet: values.quiet ?? false,
    takeOver: values['take-over'] ?? false,
  };
}

/** The controller's signing key from a PEM file; a usage error says what is wrong with it. */
function readSigningKey(file: string): SigningKey {
  if (!existsSync(file)) throw new UsageError(`--signing-key: ${file} does not exist`);
  const key = parsePrivateKey(readFileSync(file, 'utf8'));
  if (!key.ok) throw new UsageError(`--signing-key: ${file}: ${key.error}`);
  return key.value;
}
