/**
 * The board's one door to the host: subscribes to `table:view` first, then requests the snapshot, ignores any
 * view older than the one shown (by `seq`), and turns each view into memoised roads. When a view's shoe only
 * appended hands, the roadmap is extended with `clone()` + `add()`; otherwise it is rebuilt from the shoe.
 *
 * ```ts
 * private shoe = new ShoeController(this);      // in <kiosk-app>
 * this.shoe.attach(window.kiosk);               // then read this.shoe.view, .roads, .fresh in render()
 * ```
 * @packageDocumentation
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { roadmap, type Roadmap } from '../../baccarat/roads/roadmap';
import type { Ask, GridCell, Stats } from '../../baccarat/roads/types';
import { isOnRoads, isShoeHand, roadHands, sameHand, type ShoeHand } from '../../baccarat/shoe';
import type { RoadHand, TailMode } from '../../baccarat/types';
import type { KioskApi, TableView } from '../../contract/kiosk';

/** What changed with the newest view, for a short highlight (indexes into the roads' cell arrays). */
export interface Fresh {
  readonly bead: number | null;
  readonly bigRoad: GridCell | null;
  readonly bigEyeBoy: number | null;
  readonly smallRoad: number | null;
  readonly cockroachPig: number | null;
}

export const NOTHING_FRESH: Fresh = { bead: null, bigRoad: null, bigEyeBoy: null, smallRoad: null, cockroachPig: null };

/** The roads of one shoe as the board draws them; a new object whenever anything in it changed. */
export interface ShoeRoads {
  readonly map: Roadmap;
  readonly ask: Ask;
  readonly stats: Stats;
  readonly fresh: Fresh;
}

/** Memoisation key: a different shoe or different road options means a rebuild. */
interface Basis {
  readonly shoeId: string;
  readonly tail: TailMode;
  readonly voidHandsOnRoads: boolean;
}

export class ShoeController implements ReactiveController {
  /** The view shown, or null before the first one. */
  view: TableView | null = null;
  /** The roads of `view.shoe`, or null without a shoe. */
  roads: ShoeRoads | null = null;
  /** How many times the roadmap was rebuilt / extended (for tests and the bench). */
  readonly counts = { rebuilt: 0, extended: 0, unchanged: 0, ignored: 0 };
  private hands: RoadHand[] = [];
  private basis: Basis | null = null;
  private api: KioskApi | null = null;
  private off: (() => void) | null = null;
  private connected = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.subscribe();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.off?.();
    this.off = null;
  }

  /** Uses this API from now on (subscribing first, then requesting the snapshot). */
  attach(api: KioskApi | null): void {
    if (api === this.api) return;
    this.off?.();
    this.off = null;
    this.api = api;
    if (this.connected) this.subscribe();
  }

  /** Requests the snapshot again and takes it whatever its `seq` (the host may have restarted). */
  resync(): void {
    const api = this.api;
    api?.request('table:view').then(
      (view) => {
        if (view && this.api === api) this.accept(view, true);
      },
      () => undefined,
    );
  }

  /** Takes a view (pushed or requested); a view older than the one shown is ignored unless `force`. */
  accept(view: TableView, force = false): void {
    if (this.view && view.seq <= this.view.seq && !force) {
      this.counts.ignored++;
      return;
    }
    this.roads = this.nextRoads(view);
    this.view = this.view ? stabilise(this.view, view) : view;
    this.host.requestUpdate();
  }

  private subscribe(): void {
    const api = this.api;
    if (!api || this.off) return;
    this.off = api.on('table:view', (view) => this.accept(view));
    api.request('table:view').then(
      (view) => {
        if (view && this.api === api) this.accept(view);
      },
      () => undefined, // a failed snapshot request: the next push brings the whole view anyway
    );
  }

  private nextRoads(view: TableView): ShoeRoads | null {
    const shoe = view.shoe;
    if (!shoe) {
      this.hands = [];
      this.basis = null;
      return null;
    }
    const basis: Basis = {
      shoeId: shoe.id,
      tail: view.settings.tail,
      voidHandsOnRoads: view.settings.voidHandsOnRoads,
    };
    const hands = roadHands(shoe, { voidHandsOnRoads: basis.voidHandsOnRoads });
    const prev = this.roads;
    const old = this.hands;
    const sameBasis =
      this.basis !== null &&
      this.basis.shoeId === basis.shoeId &&
      this.basis.tail === basis.tail &&
      this.basis.voidHandsOnRoads === basis.voidHandsOnRoads;
    let prefix = sameBasis && prev !== null && hands.length >= old.length;
    for (let i = 0; prefix && i < old.length; i++) prefix = sameHand(old[i]!, hands[i]!);
    this.hands = hands;
    this.basis = basis;
    if (prefix && prev && hands.length === old.length) {
      this.counts.unchanged++;
      return prev; // same identity: nothing below re-renders
    }
    if (prefix && prev) {
      this.counts.extended++;
      const map = prev.map.clone();
      let change = null;
      for (let i = old.length; i < hands.length; i++) change = map.add(hands[i]!);
      const fresh: Fresh = change
        ? {
            bead: change.bead.index,
            bigRoad: { col: change.bigRoad.cell.col, row: change.bigRoad.cell.row },
            bigEyeBoy: change.bigEyeBoy ? map.bigEyeBoy.cells.length - 1 : null,
            smallRoad: change.smallRoad ? map.smallRoad.cells.length - 1 : null,
            cockroachPig: change.cockroachPig ? map.cockroachPig.cells.length - 1 : null,
          }
        : NOTHING_FRESH;
      return { map, ask: map.ask(), stats: map.stats(), fresh };
    }
    this.counts.rebuilt++;
    const map = roadmap(hands, { rows: 6, tail: basis.tail });
    return { map, ask: map.ask(), stats: map.stats(), fresh: this.correctionFresh(view, map) };
  }

  /** After a correction, the corrected hand's bead and circle are highlighted. */
  private correctionFresh(view: TableView, map: Roadmap): Fresh {
    const no = view.change?.kind === 'correction' ? view.change.hand : undefined;
    if (no === undefined || !view.shoe) return NOTHING_FRESH;
    const settings = { voidHandsOnRoads: view.settings.voidHandsOnRoads };
    let index = 0;
    for (const round of view.shoe.rounds) {
      if (isShoeHand(round) && round.no === no) {
        if (!isOnRoads(round, settings)) return NOTHING_FRESH;
        const cell = map.bigRoad.cells.find((c) => c.index === index);
        return { ...NOTHING_FRESH, bead: index, bigRoad: cell ? { col: cell.col, row: cell.row } : null };
      }
      if (isOnRoads(round, settings)) index++;
    }
    return NOTHING_FRESH;
  }
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The new view, with each part that did not change replaced by the previous one, so that identity tells Lit
 * what changed: a pushed view is deserialised whole every time, and the signs, pay table, notices, settings,
 * connection, out-of-step and warnings rarely change (small objects: comparing them costs microseconds,
 * re-rendering their panels does not).
 */
function stabilise(prev: TableView, next: TableView): TableView {
  const keys = ['signage', 'casino', 'payTable', 'notices', 'connection', 'outOfStep', 'warnings', 'settings'] as const;
  const out: Record<string, unknown> = { ...next };
  for (const k of keys) if (same(prev[k], next[k])) out[k] = prev[k];
  const last = lastShoeHand(prev);
  const now = lastShoeHand(next);
  if (last && now && now.no === last.no && same(last, now) && next.shoe) {
    // Keep the previous last-hand object inside the new rounds, so the last-hand panel keeps its input: in place of
    // that hand only, never of a voided round before it that had its number (it would count as a hand twice).
    const rounds = next.shoe.rounds.map((r) => (r === now ? last : r));
    out['shoe'] = { ...next.shoe, rounds };
  }
  return out as unknown as TableView;
}

/** The newest round with a result (void hands included: they were dealt and shown), for the last-hand panel. */
export function lastShoeHand(view: TableView | null): ShoeHand | null {
  const rounds = view?.shoe?.rounds ?? [];
  for (let i = rounds.length - 1; i >= 0; i--) {
    const r = rounds[i]!;
    if (isShoeHand(r)) return r;
  }
  return null;
}
