/**
 * `baccarat-board simulate --broker URL --tables T1,T2 …`: table controllers that deal real shoes by the rules and
 * publish them over MQTT, one client per table, for the demo, tests and staff training. Its arguments are checked by
 * `simulate-args.ts`; its usage is `simulate-usage.ts`.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { tlsClientOptions } from '../mqtt-bridge/tls';
import { chaosTableOptions } from '../simulator/chaos';
import type { LinkChange } from '../simulator/controller-link';
import { DEFAULT_DECKS, simulateTable, type TableOptions } from '../simulator/dealer';
import { IRREGULARITY_KINDS, type IrregularityRates } from '../simulator/irregularities';
import { createNarrator } from '../simulator/narrate';
import { startTableSimulator, type TableSimulator } from '../simulator/publisher';
import { type CliIo, EXIT } from './io';
import { parseSimulateArgs, type SimulateOptions } from './simulate-args';
import { heldTables, heldText, type HeldTable } from './simulate-holders';
import { SIMULATE_USAGE } from './simulate-usage';
import { VERSION } from './version';

export { parseSimulateArgs } from './simulate-args';
export { SIMULATE_USAGE };

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

/** The rates in a few words: one number when every kind has it, else the kinds above 0. */
export function ratesText(rates: IrregularityRates): string {
  const [first, ...rest] = IRREGULARITY_KINDS.map((kind) => rates[kind]);
  if (rest.every((r) => r === first)) return String(first);
  return IRREGULARITY_KINDS.filter((kind) => rates[kind] > 0)
    .map((kind) => `${kind} ${rates[kind]}`)
    .join(', ');
}

/** A lost or regained broker in words, for the log. */
export function linkText(change: LinkChange): string {
  if (change.kind === 'lost') return `lost the broker ${change.broker}: reconnecting by itself`;
  return `back on the broker ${change.broker} after ${awayText(change.awayMs)} away`;
}

/** `0.4 s`, `12 s`, `3 min 5 s`, `2 h 14 min`. */
export function awayText(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 1) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
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
  const where = o.brokers.join(' or ');
  if (!o.takeOver) {
    // Before anything is published: a table another controller serves is not taken over by mistake.
    let held: HeldTable[];
    try {
      held = await heldTables(o);
    } catch (e) {
      io.err(`baccarat-board simulate: cannot connect to ${where}: ${e instanceof Error ? e.message : String(e)}\n`);
      return EXIT.failure;
    }
    if (held.length > 0) {
      for (const table of held) io.err(`baccarat-board simulate: ${heldText(table)}\n`);
      return EXIT.badInput;
    }
  }
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
        onLink: (change) => io.err(`baccarat-board simulate: [${tableId}] ${linkText(change)}\n`),
      });
      sims.push(sim);
      if (interrupted) break;
    }
    if (interrupted) void stopAll(); // a table that connected after Ctrl-C stops too
  } catch (e) {
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
