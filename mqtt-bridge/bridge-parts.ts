/**
 * The bridge's parts, made and wired to each other (bridge.ts drives them): the connection to the broker, each
 * message's way in, following the table, the journal, the status, the coalesced views, the fleet commands, and the
 * watches of the clock, the screens and forged messages. The parts call each other back through the object returned,
 * which is whole before any of them runs; what is the bridge's own (its events, its view, a resync) comes through `host`.
 *
 * ```ts
 * const parts = bridgeParts(config, deps, log, now, host); // in Bridge's constructor
 * ```
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { TableView } from '../contract/kiosk';
import { topics } from '../contract/topics';
import { BoardConnection } from './board-connection';
import { BoardJournal } from './board-journal';
import { BoardStatus } from './board-status';
import type { BridgeDeps, BridgeEvents } from './bridge-types';
import { ClockWatch } from './clock-watch';
import { CommandReplayFile, commandReplayPath } from './command-replay-file';
import type { Config } from './config';
import { FleetCommands } from './fleet-commands';
import { Follower } from './follower';
import { ForgedResults } from './forged-results';
import { MessageIntake } from './message-intake';
import { ScreenWatch } from './screen-watch';
import { keyringOf } from './signing';
import { ViewFeed } from './view-feed';

export interface BridgeParts {
  readonly status: BoardStatus;
  readonly link: BoardConnection;
  readonly screen: ScreenWatch;
  readonly forged: ForgedResults;
  readonly views: ViewFeed;
  readonly fleet: FleetCommands;
  readonly journal: BoardJournal;
  readonly follower: Follower;
  readonly intake: MessageIntake;
}

/** What the parts ask of the bridge itself. */
export interface BridgeHost {
  emit<K extends keyof BridgeEvents>(event: K, ...args: Parameters<BridgeEvents[K]>): boolean;
  /** The view of the table as it stands, numbered `seq`, made at `now`. */
  buildView(seq: number, now: string): TableView;
  /** The view as last emitted. */
  view(): TableView;
  resync(reason: string, replace: boolean): Promise<string | null>;
  /** One raw message from the broker. */
  message(topic: string, payload: Uint8Array): void;
  /** A message was applied (and journaled). */
  applied(): void;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Makes the bridge's parts for `config`, each wired to the others. */
export function bridgeParts(
  config: Config,
  deps: BridgeDeps,
  log: Logger,
  now: () => Date,
  host: BridgeHost,
): BridgeParts {
  const iso = () => now().toISOString();
  const instance = deps.instance ?? randomUUID();
  const clock = new ClockWatch();
  const keyring = keyringOf(config.trust);
  const p = {} as Mutable<BridgeParts>;
  p.status = new BoardStatus(config, {
    instance,
    log,
    now,
    version: deps.version ?? '0.0.0',
    build: deps.build ?? null,
    restateMs: deps.restateMs,
    client: () => p.link.client,
    restated: () => p.link.publishSeen(),
    state: () => p.follower.state,
    outOfStep: () => p.follower.step,
    warnings: () => [...host.view().warnings, ...p.screen.warnings],
    rejected: () => p.intake.counts.rejected,
    clock: () => clock.figures(),
  });
  p.link = new BoardConnection(config, {
    log,
    now,
    random: deps.random ?? Math.random,
    connect: deps.connect,
    basics: () => p.status.basics(),
    message: (topic, payload) => host.message(topic, payload),
    subscribing: () => p.status.publisher.publish(),
    changed: () => {
      p.status.publisher.changed();
      p.views.push();
    },
    instance,
    ...(deps.restateMs !== undefined && { evidenceMs: deps.restateMs * 2.5 }),
    ...(deps.unheardAfterMs !== undefined && { unheardAfterMs: deps.unheardAfterMs }),
  });
  p.screen = new ScreenWatch({
    now,
    log,
    changed: () => p.status.publisher.changed(),
    ...(deps.noScreenGraceMs !== undefined && { graceMs: deps.noScreenGraceMs }),
  });
  p.forged = new ForgedResults({
    now,
    log,
    changed: () => {
      p.status.publisher.changed();
      p.views.push();
    },
    ...(deps.forgedQuietMs !== undefined && { quietMs: deps.forgedQuietMs }),
  });
  p.views = new ViewFeed(
    (seq, now) => host.buildView(seq, now),
    (view) => {
      host.emit('view', view);
      clock.shown(now().getTime());
    },
    () => iso(),
  );
  p.fleet = new FleetCommands(log, p.status.publisher, () => p.link.client, {
    screenshotTopic: topics(config.mqtt.root).displayScreenshot(config.displayId),
    resync: (replace) => host.resync('fleet command', replace),
    emit: (c) => host.emit('command', c),
    missingScreen: () => p.screen.missing(),
  });
  p.journal = new BoardJournal(
    join(config.journal.dir, `${config.tableId}.journal`),
    config.journal.syncIntervalMs,
    log,
    { path: join(config.journal.dir, `${config.tableId}.history`), tableId: config.tableId },
  );
  p.follower = new Follower({
    tableId: config.tableId,
    log,
    now: () => iso(),
    resync: (reason) => p.link.resubscribe(reason, 'snapshot'),
    settled: () => p.link.tableHeard(),
    journal: (msg, t, json, state, received) => {
      host.applied();
      p.journal.record(msg, t, json, state, received);
    },
    changed: () => {
      p.status.publisher.changed();
      p.views.push();
    },
    rejected: (topic, code, reason) => p.intake.reject(topic, code, reason),
    replaced: (state, t) => p.journal.compact(state, t),
    ...(deps.resync ? { resyncOptions: deps.resync } : {}),
    unsignedResults: () =>
      // The controller's keys, not the keyring's (the pit's keys in it sign signs, not results: a board with pit
      // keys alone said results came without a signature "by this table's controller keys", found by a manager).
      config.trust.controllerKeys.length === 0
        ? 'results are not signed: no controller key is configured (trust.controllerKeys)'
        : "results arrive without a signature by this table's controller keys",
  });
  p.intake = new MessageIntake(config, keyring, {
    follower: p.follower,
    clock: clock,
    fleet: p.fleet,
    log,
    rejectionLog: deps.rejectionLog,
    now: () => iso(),
    heard: (now) => p.link.heard(now),
    commandsDone: new CommandReplayFile(commandReplayPath(config.journal.dir, config.mqtt.clientId), log),
    rejected: (rejection) => {
      // A replayed signed command is someone publishing as the pit, as much as a forged signature is.
      if (rejection.code === 'bad-signature' || rejection.code === 'replayed-command')
        p.forged.refused(rejection.topic, rejection.reason);
      p.status.publisher.changed();
      host.emit('rejected', rejection);
    },
  });
  return p;
}
