/**
 * The kiosk contract: what a host (Electron's main process over IPC, or the browser-mode server over a
 * WebSocket) pushes to the board, and what the board may ask of it. Declared once, used by the preload, the
 * renderer, the Electron host and the web host.
 *
 * ```ts
 * const off = window.kiosk.on('table:view', (view) => render(view));
 * const view = await window.kiosk.request('table:view');
 * ```
 * @packageDocumentation
 */
import type { Shoe } from '../baccarat/shoe-types';
import type { TailMode } from '../baccarat/types';
import type { LimitedSideBet } from '../baccarat/side-bet-limits';
import type { FitReport } from './fit-report';
import type { Notice } from './notice';
import type {
  CasinoSignage,
  Language,
  OutOfStepCode,
  PayScale,
  SideBet,
  StaffWarningCode,
  TableSignage,
} from './schemas';

export { NOTICE_KINDS, type Notice, type NoticeKind } from './notice';

/** The board's link to its broker, as the patron and the pit see it. */
export interface ConnectionView {
  readonly state: 'connecting' | 'connected' | 'reconnecting' | 'offline';
  readonly since: string; // ISO 8601: when this state began
  readonly lastMessageAt: string | null; // ISO 8601: the last message from the table, any topic
  readonly broker: string | null; // the broker URL in use (no credentials)
  /**
   * True from a reconnection to the broker, or from the first connection of a board that started from its saved
   * record (a shoe restored from its journal), until the board has heard its table (its snapshot, or a hand in
   * sequence) and so knows whether it missed anything meanwhile; false otherwise. Absent from older hosts.
   */
  readonly awaitingTable?: boolean;
  /** While `awaitingTable`: after what, a reconnection or a start from its saved record. Absent otherwise. */
  readonly awaitingAfter?: 'reconnection' | 'saved-record';
  /**
   * While not connected: the broker refused the board's last attempt, and why. `credentials`: its user name or
   * password (CONNACK "Bad username or password" or "Not authorized": MQTT 3.1.1's 4 or 5, MQTT 5's 134 or 135), for
   * IT to fix on the board (`mqtt.username`, `mqtt.password`) or on the broker; not a broker out of reach. The board
   * keeps retrying with its back-off, so a password put right on the broker recovers by itself. Absent otherwise (a
   * later attempt failing another way, or connected), and from older hosts.
   */
  readonly refused?: ConnectionRefusal;
}

/** Why a broker refused the board's connection (`ConnectionView.refused`). */
export type ConnectionRefusal = 'credentials';

/** The board is not current: it keeps its last good picture and says why (see `OUT_OF_STEP_CODES`). */
export interface OutOfStep {
  readonly code: OutOfStepCode;
  readonly reason: string; // for staff, in English: what is missing or disagrees
  readonly since: string; // ISO 8601: when the board fell out of step
}

/** Something staff should know and fix; patrons need not read it (see `STAFF_WARNING_CODES`). */
export interface StaffWarning {
  readonly code: StaffWarningCode;
  readonly detail: string; // for staff, in English
  readonly since: string; // ISO 8601
}

/** Odds as "win to stake": `{ win: 1, stake: 2 }` is "1 to 2". */
export interface Odds {
  readonly win: number;
  readonly stake: number;
}

/** The pay table in force for the current round, worked out by the host from the signs (no rules in the board). */
export interface PayTableView {
  readonly variant: 'commission' | 'modified-odds';
  /** Commission game: rate on banker wins, e.g. 0.05. */
  readonly commission: number | null;
  /** Modified odds (rule 5.11): show "Banker wins with 6 pays 1 to 2". True from the beginning of the round at
   *  which it took effect, and while a round under it is still being played. */
  readonly modifiedOddsSign: boolean;
  /** The hand number from which the variant in force applies, in this shoe (null: from the shoe's start). */
  readonly fromHand: number | null;
  /**
   * A change of variant signed but not yet in force, to announce ahead ("From hand 31: Banker wins with 6 pays 1 to
   * 2"): from hand `fromHand` of this shoe, or with `fromHand` null from the next shoe. Null when none is scheduled.
   */
  readonly scheduled: {
    readonly variant: 'commission' | 'modified-odds';
    readonly commission: number | null;
    readonly fromHand: number | null;
  } | null;
  readonly banker: Odds;
  readonly bankerSix: Odds | null; // modified odds only: 1 to 2
  /**
   * The Super 6 count while the modified-odds sign is up: the Banker wins with 6 of this shoe paid 1 to 2, from the
   * hand at which modified odds took effect (`baccarat/super-six.ts`); null without the sign. Absent from older hosts.
   */
  readonly superSix?: number | null;
  readonly player: Odds;
  readonly tie: Odds; // 8 to 1 or 9 to 1
  readonly pairs: Odds | null; // 11 to 1 where a pair bet is offered
  /**
   * Perfect Pairs (rule 11A.7) with the casino-wide scale (rule 11A.8), where offered. `scale: null`: offered, but
   * the casino has published no scale; the board says so rather than hide the bet (and warns staff).
   */
  readonly perfectPairs:
    | {
        readonly scale: PayScale;
        readonly mixed: Odds;
        readonly coloured: Odds;
        readonly perfect: Odds;
      }
    | { readonly scale: null }
    | null;
  /** Other side bets offered (punto banco rules), with their odds. */
  readonly urWayEgalite: readonly { readonly score: number; readonly odds: Odds }[] | null;
  readonly threeGivesEight: Odds | null;
  readonly sideBets: readonly SideBet[];
  /**
   * The wager limits of the side bets offered that have their own (rule 11A.4), in `SIDE_BETS` order, each shown
   * beside its bet. Optional: an older host sends none.
   */
  readonly sideBetLimits?: readonly SideBetLimitView[];
}

/** One side bet's limits as the board shows them: "HK$100 – 5,000" beside "Perfect Pairs". */
export interface SideBetLimitView {
  readonly bet: LimitedSideBet;
  readonly currency: string; // the table's, ISO 4217
  readonly minimum: number;
  readonly maximum: number;
}

/**
 * The round's phase for patrons, from the table's events (see `roundView`): `betsOpen` after `betting-open`;
 * `noMoreBets` after "No more bets" (rule 8.2) until the result; `dealing`, a void hand or no-bet coup being dealt
 * (no bets were taken, so there were none to close).
 */
export const ROUND_PHASES = ['betsOpen', 'noMoreBets', 'dealing'] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

/** The round in progress, as the host works it out; absent or null when the board cannot say it for sure. */
export interface RoundView {
  readonly phase: RoundPhase;
  readonly hand: number; // the round's hand number (the next hand's)
}

/** How the board draws, from the board's configuration (not from the table). */
export interface BoardSettings {
  readonly beadLabel: 'hanzi' | 'letters' | 'points'; // 庄/閒/和, B/P/T, or the winning points
  readonly tail: TailMode;
  readonly voidHandsOnRoads: boolean;
  readonly theme: 'classic' | 'colour-blind';
  readonly orientation: 'auto' | 'landscape' | 'portrait';
  readonly logo: string | null; // URL of the casino logo, served from assets/
  readonly disclaimer: boolean; // house rule 7.1 display-board disclaimer
  readonly language: Language | null; // fallback when the signs do not set one
  /** Where a shoe's record is published: a URL with {tableId}, {shoeId} and {digest} in it; null: not published. */
  readonly recordUrl?: string | null;
  /**
   * A screen above 1080p (4K): its extra pixels show more of the big road (`more-columns`, the default: at 4K, 60 and
   * more columns; the other roads and the text as large as at 1080p on a screen of the same size) or the 1080p board larger
   * (`larger`: the same columns, every mark twice the pixels, for a large screen seen from further away).
   */
  readonly highResolution?: 'more-columns' | 'larger';
  /**
   * The ask roads (what the next Banker or Player would draw): `in-place` (the default) in the ask panel and as a
   * framed would-be mark blinking in each road's next cell; `panel`, in the panel only; `off`, not at all.
   */
  readonly askPreview?: 'in-place' | 'panel' | 'off';
}

/** Everything the board shows. Pushed whole on every change: small (one shoe), idempotent, easy to resync. */
export interface TableView {
  readonly v: 1;
  readonly seq: number; // increases with every push from one host; the board ignores an older one
  readonly tableId: string;
  readonly displayId: string;
  readonly version: string; // the board software's version
  readonly shoe: Shoe | null; // null before the first shoe is known; `shoe.no` is the dealer's shoe number
  readonly signage: TableSignage | null;
  readonly casino: CasinoSignage | null;
  readonly payTable: PayTableView | null; // null until the signs are known
  /**
   * The round's phase (bets open, no more bets, dealing), or null: between rounds, before a shoe, with the table
   * closed, and whenever the board cannot be sure (out of step, link or controller lost). A controller that never
   * publishes `betting-open` shows no "Bets open" rather than a guessed one. Absent from older hosts.
   */
  readonly round?: RoundView | null;
  readonly notices: readonly Notice[];
  readonly connection: ConnectionView;
  readonly controllerOnline: boolean | null; // null: no controller status seen yet
  /** Null when the board follows its table; else why it is not current (it keeps its last good picture). */
  readonly outOfStep: OutOfStep | null;
  readonly warnings: readonly StaffWarning[]; // for staff: problems the board carries on through
  /**
   * Once the shoe shown has ended: its record's digest in the board's tamper-evident history (the hash of its last
   * record), and where the casino publishes the record (from `board.recordUrl`), for patrons and surveillance to check.
   */
  readonly shoeRecord?: { readonly shoeId: string; readonly digest: string; readonly url: string | null } | null;
  readonly settings: BoardSettings;
  /** The newest change, so the board can highlight it briefly. */
  readonly change: {
    readonly kind: 'hand' | 'correction' | 'reset' | 'signage' | 'notice' | 'connection';
    readonly hand?: number;
  } | null;
}

/** The language when neither the signs, the board's settings nor the casino name one. */
export const DEFAULT_LANGUAGE: Language = 'en+zh-Hans';

/** The language a view is shown in: the table's sign, else the board's setting, else the casino's default. */
export function viewLanguage(view: TableView | null): Language {
  return view?.signage?.language ?? view?.settings.language ?? view?.casino?.defaultLanguage ?? DEFAULT_LANGUAGE;
}

/** The Chinese script a language shows (`en+zh-Hant` → `zh-Hant`), or null for English only. */
export const chineseScript = (lang: Language): 'zh-Hans' | 'zh-Hant' | null =>
  lang === 'en' ? null : lang.endsWith('zh-Hant') ? 'zh-Hant' : 'zh-Hans';

/**
 * What the about overlay shows staff close up, from the host that knows it (the fleet's `about` command, or the `i`
 * key). The board adds what only it knows (its screen) and what the view already says (the connection).
 */
export interface AboutInfo {
  readonly product: string; // 'baccarat-board'
  readonly version: string;
  readonly build: string | null; // SHA-256 of the application bundle; null when it could not be read
  readonly displayId: string;
  readonly tableId: string;
  readonly brokers: readonly string[]; // as configured, in failover order, without credentials
  readonly configFile: string | null; // the configuration file read; null: defaults and the environment only
  readonly startedAt: string; // ISO 8601: when the host started (the board counts its uptime from it)
  readonly runtime:
    | { readonly kind: 'electron'; readonly electron: string; readonly chromium: string; readonly node: string }
    | { readonly kind: 'browser'; readonly node: string }; // browser mode: the host's Node; the browser is the board's
  readonly trust: {
    readonly requireSignatures: boolean; // unsigned results and commands refused
    readonly controllerKeys: number; // how many controller keys the board trusts
    readonly pitKeys: number; // how many pit keys (signs and fleet commands)
  };
}

export type { FitReport } from './fit-report';

/** The size a board is drawn at, which only the page knows: CSS pixels and the device pixel ratio. */
export interface ScreenReport {
  readonly width: number; // CSS px
  readonly height: number; // CSS px
  readonly scale: number; // devicePixelRatio
}

/** Host → board pushes; the value is the listener's signature. */
export interface PushEvents {
  'table:view': (view: TableView) => void;
  'kiosk:identify': (seconds: number) => void; // a fleet command: show the display id large for a while
  'kiosk:reload': () => void; // a fleet command: reload the page (browser mode; Electron reloads it itself)
  'kiosk:about': (seconds: number) => void; // a fleet command: show the about overlay for a while
}

/** Board → host requests (`ipcRenderer.invoke` / a WebSocket request). */
export interface Requests {
  'table:view': () => TableView | null;
  'kiosk:about': () => AboutInfo; // what the about overlay shows (besides the view and the screen)
  'kiosk:screen': (screen: ScreenReport) => null; // the board's size, for a browser-mode screenshot (screenshot.ts)
  /**
   * The board's fit as its page measured it, sent when it changes (and again to a host come back): the pit message
   * cut, the streak line given up. The host checks it (`parseFitReport`: anything else is refused, logged) and warns
   * staff in the board's status (`pit-message-cut`, `streaks-hidden`).
   */
  'kiosk:fit': (fit: FitReport) => null;
}

// A Record makes a forgotten channel a compile error (electron/fiddle's channelMapping trick).
const push: Record<keyof PushEvents, true> = {
  'table:view': true,
  'kiosk:identify': true,
  'kiosk:reload': true,
  'kiosk:about': true,
};
const requests: Record<keyof Requests, true> = {
  'table:view': true,
  'kiosk:about': true,
  'kiosk:screen': true,
  'kiosk:fit': true,
};
export const PUSH_CHANNELS = Object.keys(push) as (keyof PushEvents)[];
export const REQUEST_CHANNELS = Object.keys(requests) as (keyof Requests)[];

/** What the preload exposes as `window.kiosk`, and what the browser-mode client implements over a WebSocket. */
export interface KioskApi {
  on<K extends keyof PushEvents>(channel: K, listener: PushEvents[K]): () => void;
  request<K extends keyof Requests>(channel: K, ...args: Parameters<Requests[K]>): Promise<ReturnType<Requests[K]>>;
}

/** WebSocket frames of browser mode: the same channels, as JSON. */
export type SocketFrame =
  | { readonly type: 'push'; readonly channel: keyof PushEvents; readonly args: unknown[] }
  | { readonly type: 'request'; readonly id: number; readonly channel: keyof Requests; readonly args: unknown[] }
  | { readonly type: 'response'; readonly id: number; readonly result?: unknown; readonly error?: string };
