/**
 * The bridge: MQTT.js in, table state out. It subscribes to one table's topics with a persistent session,
 * validates every message by the contract and the core, applies it to the table state, journals it, and emits a
 * new `TableView` to whoever shows it (Electron's main process or the browser-mode server). When it cannot follow
 * its table (a gap, a message it must refuse, a snapshot that disagrees) it keeps its last good picture, says so
 * (`outOfStep` in the view and the status) and asks for the retained snapshot until it is back in step. It publishes
 * the board's status (retained, with a last will) and when it was last seen, and answers fleet commands. Node only;
 * never imports electron.
 *
 * This file drives the parts (made and wired to each other in `bridge-parts.ts`) and says in what order they start
 * and stop; each part lives beside it: the connection to the broker (`board-connection.ts`), each message's way in
 * (`message-intake.ts`), following the table (`follower.ts`), the journal (`board-journal.ts`), the status
 * (`board-status.ts`), the coalesced views (`view-feed.ts`) and the fleet commands (`fleet-commands.ts`).
 *
 * ```ts
 * const bridge = new Bridge(config, { logger });
 * bridge.on('view', (view) => show(view));
 * await bridge.start();
 * ```
 * @packageDocumentation
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { FitReport, OutOfStep, StaffWarning, TableView } from '../contract/kiosk';
import type { DisplayStatus } from '../contract/schemas';
import type { Config } from './config';
import type { TableState } from './table-state';
import { tableView } from './view';
import type { BridgeCounters, BridgeDeps, BridgeEvents } from './bridge-types';
import { bridgeParts, type BridgeParts } from './bridge-parts';

/** How long an operator's replace waits for the table's retained snapshot (a fleet command waits 10 s for its answer). */
const REPLACE_WAIT_MS = 5000;

export type { BridgeCounters, BridgeDeps, BridgeEvents } from './bridge-types';

export class Bridge extends EventEmitter {
  private applied = 0;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly follower: BridgeParts['follower'];
  private readonly journal: BridgeParts['journal'];
  private readonly link: BridgeParts['link'];
  private readonly status: BridgeParts['status'];
  private readonly views: BridgeParts['views'];
  private readonly intake: BridgeParts['intake'];
  private readonly screen: BridgeParts['screen'];
  private readonly forged: BridgeParts['forged'];
  /** Fleet commands: taken here, answered (a screenshot) by the host through `fleet.answer`. */
  readonly fleet: BridgeParts['fleet'];

  constructor(
    readonly config: Config,
    private readonly deps: BridgeDeps,
  ) {
    super();
    this.log = deps.logger.child({ component: 'bridge', table: config.tableId });
    this.now = deps.now ?? (() => new Date());
    ({
      status: this.status,
      link: this.link,
      screen: this.screen,
      forged: this.forged,
      views: this.views,
      fleet: this.fleet,
      journal: this.journal,
      follower: this.follower,
      intake: this.intake,
    } = bridgeParts(config, deps, this.log, this.now, {
      emit: (event, ...args) => this.emit(event, ...args),
      buildView: (seq, now) => this.buildView(seq, now),
      view: () => this.view(),
      resync: (reason, replace) => this.resync(reason, replace),
      message: (topic, payload) => this.onMessage(topic, payload),
      applied: () => this.applied++,
    }));
  }

  override on<K extends keyof BridgeEvents>(event: K, listener: BridgeEvents[K]): this {
    return super.on(event, listener);
  }
  override emit<K extends keyof BridgeEvents>(event: K, ...args: Parameters<BridgeEvents[K]>): boolean {
    return super.emit(event, ...args);
  }

  /** The path of this table's journal. */
  get journalPath(): string {
    return this.journal.path;
  }

  /** Connected, and the broker has confirmed the board's subscriptions (so nothing published now is missed). */
  get subscribed(): boolean {
    return this.link.subscribed;
  }

  /** Messages received, applied, ignored as duplicates and rejected, and resyncs asked, since start. */
  get counters(): BridgeCounters {
    const { received, rejected } = this.intake.counts;
    const { applied, link, follower } = this;
    return { received, applied, rejected, resyncs: link.resyncs, duplicates: follower.counts.duplicates };
  }

  /** The table state as it stands. */
  get table(): TableState {
    return this.follower.state;
  }

  /** Why the board is not current, or null when it follows its table. */
  get step(): OutOfStep | null {
    return this.follower.step;
  }

  /** The status the board publishes (retained): what it shows, how it is doing, its build and its clock. */
  displayStatus(): DisplayStatus {
    return this.status.current();
  }

  /** The staff warnings of its status (`/api/state`): the view's, and those of the board's own fit. */
  statusWarnings(): StaffWarning[] {
    return this.status.warnings();
  }

  /**
   * The board's fit as its page reported it (`kiosk:fit`, checked by the host): a pit message cut, the streak line
   * given up, as staff warnings in the status. The last report stands (in browser mode, the last board's to send one).
   */
  boardFit(report: FitReport): void {
    this.status.fit(report);
  }

  /**
   * How many pages show the board now, as a browser-mode host counts them (Electron's window is the screen: its host
   * never says). None for 30 s is the staff warning `no-screen`; with none, identify, about and reload are not done.
   */
  screens(pages: number): void {
    this.screen.pages(pages);
  }

  /** Pages showing the board now (browser mode), or null where the host does not count them (Electron). */
  get pages(): number | null {
    return this.screen.shown;
  }

  /** The view as last emitted (or built now). */
  view(): TableView {
    return this.views.current();
  }

  /** Restores the journal, then connects (when brokers are configured). */
  async start(): Promise<void> {
    const restored = this.journal.restore(this.follower.state, this.now());
    // A table whose results were signed stays held to it across a restart, while the board trusts a controller key.
    // One whose latest results came unsigned says so again (results-unverified), not only once the next one comes.
    const trusts = this.config.trust.controllerKeys.length > 0;
    this.follower.restore(restored, {
      signedSince: trusts ? this.journal.signedSince : null,
      unsignedSince: this.journal.unsignedSince,
    });
    // A restored shoe may be behind its table (hands dealt while the board was down): not ready until it is heard.
    if (this.follower.state.shoe) this.link.startsFromRecord();
    this.views.push();
    this.views.flush(); // the restored board is there as soon as start() returns
    if (this.config.mqtt.brokers.length === 0) {
      this.log.warn('no broker configured: the board shows its journal only');
      return;
    }
    // MQTT.js loads after the restored board is shown: a cold start paints from the journal without waiting for it.
    void this.link.connect().catch((e: unknown) => this.log.error({ err: e }, 'could not start the MQTT client'));
    this.status.publisher.start();
  }

  /**
   * Resolves once every message received so far has been applied or refused (signatures are verified off the main
   * thread) and the journal is settled (no compaction under way).
   */
  async settled(): Promise<void> {
    await this.intake.settled();
    await this.journal.settled();
  }

  /**
   * Publishes the offline status, closes the connection and the journal. Bounded: a broker that does not answer
   * (it died during the shutdown, say) holds it at most `stopTimeoutMs` for each step, then the client is dropped.
   */
  async stop(): Promise<void> {
    const limit = this.deps.stopTimeoutMs ?? 2000;
    // Messages already acknowledged to the broker and still being verified are applied first (bounded), then no more.
    await Promise.race([this.intake.settled(), new Promise((r) => setTimeout(r, limit).unref())]);
    this.intake.close();
    this.status.publisher.stop();
    this.follower.stop();
    this.screen.stop();
    this.forged.stop();
    this.views.close();
    await this.link.close(limit); // the offline status and last-seen time said, the connection closed
    await this.journal.close(limit);
  }

  /**
   * Asks the retained topics again (a fleet command, or after a gap). Without `replace` what they bring is merged
   * and never moves the board backwards; with `replace` (an operator's explicit request) the table's snapshot they
   * bring replaces the board's results (Follower.replaceWithSnapshot; its journal compacted on it), and the board
   * keeps them where there is none it can take. Resolves null when done, else why not.
   */
  resync(reason: string, replace = false): Promise<string | null> {
    const replaced = replace ? this.follower.replaceWithSnapshot(REPLACE_WAIT_MS) : Promise.resolve(null);
    this.link.resubscribe(reason, 'all');
    return replaced;
  }

  /**
   * One raw message: parsed by the contract, its signature verified (off the main thread: WebCrypto), applied by
   * the reducer, journaled, shown, in the order messages came. Never throws. An unsigned message with nothing
   * waiting ahead of it is applied before this returns; a signed one shortly after ({@link settled}).
   */
  onMessage(topic: string, payload: Uint8Array): void {
    this.intake.receive(topic, payload);
  }

  private buildView(seq: number, now: string): TableView {
    return tableView(this.follower.state, {
      displayId: this.config.displayId,
      version: this.deps.version ?? '0.0.0',
      settings: this.config.board,
      connection: this.link.view,
      seq,
      now,
      outOfStep: this.follower.step,
      warnings: [...this.follower.warnings, ...this.link.warnings, ...this.forged.warnings],
      shoeRecord: this.journal.lastRecord,
    });
  }

  private iso(): string {
    return this.now().toISOString();
  }
}
