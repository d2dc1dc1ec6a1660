/**
 * What the keypad's page and its server say to each other: the dealer's and the supervisor's actions (the page
 * sends them to `POST /api/action`; the server journals them, without any supervisor code) and the view the server
 * pushes back (`GET /api/view`, WebSocket `/live`). Types and constants only: no Node, no DOM, so that both sides
 * import it.
 *
 * ```ts
 * const request: ActionRequest = { action: { type: 'card', card: '9H' } };
 * const signed: ActionRequest = { action: { type: 'correct', handNo: 7, keyed }, supervisor: 'Lee', code: '4821' };
 * ```
 * @packageDocumentation
 */
import type { RoundVoidReason } from '../contract/schemas/event';
import type { VoidHandReason } from '../contract/schemas/hand';
import type { Outcome, Point } from '../baccarat/types';
import type { RefusalCode } from './refusal-codes';

/** How a table keys its results: each card as it is dealt, or only the outcome (winner, points, pairs, natural). */
export const KEYINGS = ['cards', 'outcome'] as const;
export type Keying = (typeof KEYINGS)[number];

/** "No bets this hand" reasons a dealer announces (rules 12.1 b, 12.2 b, 12.3; house rule 4.3). */
export const ANNOUNCED_REASONS = [
  'first-card-face-up',
  'third-card-exposed',
  'excess-card-exposed',
  'card-out-of-turn',
] as const satisfies readonly VoidHandReason[];
export type AnnouncedReason = (typeof ANNOUNCED_REASONS)[number];

/** Why a round is void (rules 12.5, 12.6; house rule 4.2; tournament rule 5.1.1), as the contract names them. */
export const ROUND_VOID_REASONS = [
  'insufficient-cards',
  'cannot-reconstruct',
  'foreign-card',
] as const satisfies readonly RoundVoidReason[];

/** A result keyed without cards: the outcome, both point counts, the pairs and the natural. */
export interface KeyedResult {
  readonly outcome: Outcome;
  readonly playerPoints: Point;
  readonly bankerPoints: Point;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  readonly natural: boolean;
}

/** What a dealer does at the table. Cards are text (`9H`, `10S`), in dealing order (rule 8.4). */
export type DealerAction =
  | { readonly type: 'open-table' }
  | { readonly type: 'close-table' }
  | { readonly type: 'new-shoe'; readonly decks: number }
  | { readonly type: 'shuffle' }
  /** Rule 7.7: `card` turned face up, then `count` burned face down (rule 7.9 proposes its face value). */
  | { readonly type: 'burn'; readonly card: string; readonly count: number }
  /** A round dealt without bets, as the pit boss permits (rule 8.3; house rules 3.1.2, 3.3 B, 5.1.6). */
  | { readonly type: 'no-bet-coup' }
  /** "No bets this hand" for the round ahead. */
  | { readonly type: 'void-hand'; readonly reason: AnnouncedReason }
  | { readonly type: 'bets-open' }
  | { readonly type: 'no-more-bets' }
  /** The next card of the round being dealt. */
  | { readonly type: 'card'; readonly card: string }
  /** Takes back the last card keyed (the result is not confirmed yet, so nothing was published). */
  | { readonly type: 'uncard' }
  /** The round's card at `index` (dealing order, from 0) keyed wrong: replaced where it lies (`round-entry.ts`). */
  | { readonly type: 'recard'; readonly index: number; readonly card: string }
  /** Rule 11.2: the cut card came out in the round being dealt, as its first card (a) or later (b). */
  | { readonly type: 'cut-card'; readonly firstCardOfRound: boolean }
  /** Confirms the round's result: from the cards keyed, or `keyed` for a table that keys the outcome. */
  | { readonly type: 'result'; readonly keyed?: KeyedResult }
  /** Takes back the last result, within the undo window: the dealer keys it again (published as a correction). */
  | { readonly type: 'undo' }
  | { readonly type: 'cancel-undo' }
  /** The round being dealt is void, without a result (insufficient cards ends the shoe, rule 12.5). */
  | { readonly type: 'round-void'; readonly reason: RoundVoidNow }
  | { readonly type: 'end-shoe' };

/** Reasons a round being dealt is void. */
export type RoundVoidNow = (typeof ROUND_VOID_REASONS)[number];

/** What needs a supervisor: changing or voiding a result the boards already show. */
export type SupervisorAction =
  | {
      readonly type: 'correct';
      readonly handNo: number;
      /** The corrected result: its cards in dealing order, or keyed without cards. */
      readonly cards?: readonly string[];
      readonly keyed?: KeyedResult;
      readonly note?: string;
    }
  /** Hand `handNo`, already recorded, is void afterwards (rule 12.6, house rule 4.2, tournament rule 5.1.2). */
  | { readonly type: 'void-recorded'; readonly handNo: number; readonly reason: RoundVoidNow; readonly note?: string }
  /** The cut card was keyed by mistake (none came out): withdrawn, the boards' LAST COUP with it (`docs/keypad.md`). */
  | { readonly type: 'withdraw-cut-card'; readonly note?: string };

/** A request to `POST /api/action`. A supervisor action carries the supervisor's name and code. */
export type ActionRequest =
  | { readonly action: DealerAction }
  | { readonly action: SupervisorAction; readonly supervisor: string; readonly code: string };

/** The action as journaled and applied: a new shoe has its id; a supervisor's carries who (`by`), never the code. */
export type Action =
  | Exclude<DealerAction, { readonly type: 'new-shoe' }>
  | { readonly type: 'new-shoe'; readonly decks: number; readonly shoeId: string }
  | (SupervisorAction & { readonly by: string });
export type ActionType = Action['type'];

export { STATE_CODES, type RecardCode, type RefusalCode, type StateCode } from './refusal-codes';

/** The answer to `POST /api/action`. */
export type ActionResponse =
  | { readonly ok: true; readonly view: KeypadView }
  | {
      readonly ok: false;
      readonly error: string;
      /** Why, for the page to say in the dealer's language (`error` is English, for logs and tools). */
      readonly code?: RefusalCode;
      /** With `locked`: how long codes stay locked, in ms. */
      readonly retryMs?: number;
    };

/** A card slot of the round: which hand, and its 1st, 2nd or 3rd card. */
export interface Slot {
  readonly side: 'player' | 'banker';
  readonly index: 1 | 2 | 3;
}

/** A recorded hand as the keypad shows it. */
export interface HandView {
  readonly no: number;
  readonly result: KeyedResult;
  readonly cards?: { readonly player: readonly string[]; readonly banker: readonly string[] };
  readonly voidHand?: VoidHandReason;
  readonly corrected?: { readonly by: string; readonly at: string };
  readonly voided?: { readonly reason: string };
  readonly at?: string;
}

export interface ShoeView {
  readonly id: string;
  readonly no: number;
  readonly decks: number;
  readonly phase: 'shuffling' | 'betting' | 'dealing' | 'idle' | 'ended';
  readonly shuffled: boolean;
  readonly burn: { readonly card: string; readonly count: number; readonly expected: number } | null;
  readonly hands: readonly HandView[];
  /**
   * How many of `hands` go on the boards' roads (the core's `roadHands`, which a board's statistics count): the rest
   * are void (void hands, no-bet coups, hands voided afterwards), as a board says it: "17 hands + 2 void".
   */
  readonly onRoads: number;
  /** Rounds voided without a result (rules 12.5, 12.6; tournament rule 5.1.1): each left its number to the next hand. */
  readonly voidedRounds: readonly { readonly no: number; readonly reason: string }[];
  readonly nextHandNo: number;
  readonly noBetCoups: number; // no-bet coups dealt in this shoe
  /** Rule 11.2, once the cut card is out: its round, case, the last coup, and whether it is the round ahead. */
  readonly lastCoup: {
    readonly case: 'a' | 'b';
    readonly drawnInRound: number;
    readonly lastRound: number;
    readonly announced: boolean;
    readonly isLastRound: boolean;
  } | null;
  /** The last coup is recorded (or the shoe ended): no further round. */
  readonly complete: boolean;
  /** Cards keyed as often as the shoe holds them (its decks): none more can be dealt. */
  readonly exhausted: readonly string[];
}

/** The round being dealt (after "No more bets", or a void hand announced). */
export interface RoundView {
  readonly handNo: number;
  readonly voidHand: VoidHandReason | null;
  readonly cards: readonly string[]; // in dealing order
  /** The slot the next card goes to, by the Table of Play; null once the coup is complete. */
  readonly next: Slot | null;
  /** The result the cards make, once complete. */
  readonly result: KeyedResult | null;
}

/** The keypad's connection to the table's broker. */
export interface LinkView {
  /** `refused`: another keypad serves the table; this one publishes nothing. */
  readonly state: 'starting' | 'online' | 'offline' | 'refused';
  readonly broker: string;
  readonly pending: number; // messages not yet acknowledged by the broker
  readonly signing: string | null; // the key id, when the keypad signs
  readonly refusal?: {
    readonly why: 'another-keypad' | 'taken-over';
    /** What holds the table, by its status's version label: another keypad, the table simulator, or neither. */
    readonly holder: 'keypad' | 'simulator' | 'controller';
    readonly controllerId: string;
    readonly version: string;
    readonly since: string; // the other keypad's online status time
  };
  /**
   * The last take-over a keypad that signs refused: an online status on its table's topic that no key it trusts
   * signed (`docs/keypad.md`, "A second keypad"). It kept serving the table; the pit should know.
   */
  readonly takeOverRefused?: {
    readonly controllerId: string; // as the status claimed
    readonly at: string; // when the keypad refused it, by its clock
    readonly reason: string; // unsigned, an untrusted key, a signature that does not verify (English)
  };
  readonly error?: string;
  /**
   * With `state` refused and no `refusal`: the table is free (found by "Check again" once the keypad that held it went),
   * but the shoe in progress on it is one this keypad may not carry on as it was started (`keypad/adopt.ts`). Why,
   * and what to change, in English for the pit and IT.
   */
  readonly shoeRefused?: string;
}

/**
 * The pit's open or closed, from the table's retained sign (the floor console's "Close table", `signage close`), and
 * the sign's revision; null when the table has no sign, or the keypad's account may not read it. The boards show
 * TABLE CLOSED when either the sign or the keypad says closed.
 */
export type PitView = { readonly open: boolean; readonly revision: number } | null;

/** Everything the page shows: the server's truth, pushed after every change. */
export interface KeypadView {
  readonly v: 1;
  /** Actions the keypad has taken, ever: it rises by one with each, so a view older than the one shown is dropped. */
  readonly revision: number;
  /**
   * Rises with every view the keypad makes (from its clock at start, so across restarts too): of two views of one
   * revision, the higher is the newer (the outbox's count changes without an action: see `keypad/ui/view-order.ts`).
   */
  readonly serial: number;
  readonly tableId: string;
  readonly controllerId: string;
  readonly keying: Keying;
  readonly undoSeconds: number;
  readonly now: string; // the server's time, for the undo countdown
  readonly link: LinkView;
  readonly tableOpen: boolean;
  /**
   * The deck count the picker offers for a new shoe: the table's last shoe's (a 6-deck table stays at 6), else the
   * keypad's configured count (`--decks`), else 8. The dealer's pick on the page wins over it.
   */
  readonly newShoeDecks: number;
  /** Supervisors' codes are locked (too many wrong) until then, by the server's clock: the page counts it down. */
  readonly supervisorLock: { readonly until: string } | null;
  readonly pit: PitView;
  readonly shoe: ShoeView | null;
  readonly round: RoundView | null;
  /** The last result may be undone until `until`. */
  readonly undo: { readonly handNo: number; readonly until: string } | null;
  /** An undo in progress: the result keyed next replaces hand `handNo` (shown pre-filled). */
  readonly redo: { readonly handNo: number; readonly previous: HandView } | null;
  /** Which actions are possible now (the server decides; the page only enables its buttons by it). */
  readonly can: { readonly [T in ActionType]: boolean };
  /**
   * This keypad started on a new journal and carried on the table's shoe from the snapshot the broker retained (a
   * spare keypad brought in mid-shoe: `keypad/adopt.ts`): which shoe, how many hands it had, whose it was and when
   * it was published. Said until this keypad records the shoe's next result.
   */
  readonly carriedOn?: {
    readonly shoeNo: number;
    readonly hands: number;
    readonly from: string;
    readonly at: string;
  };
  /**
   * This keypad started on a new journal and did not carry on the shoe the broker retained for the table: why (in
   * English, for the pit), and when. The table is closed; said until the dealer starts a shoe.
   */
  readonly notCarriedOn?: { readonly reason: string; readonly at: string };
}

/** A frame on the WebSocket `/live`. */
export type KeypadFrame = { readonly type: 'view'; readonly view: KeypadView };

const HOLDERS = {
  keypad: 'another keypad',
  simulator: 'the table simulator',
  controller: 'another table controller (a card-reading shoe, or a keypad or simulator of an older version)',
} as const;

/** A refusal in English, for the terminal, the log and the API: what holds the table, and when its status said it was online. */
export function refusalText(r: NonNullable<LinkView['refusal']>): string {
  const who = HOLDERS[r.holder];
  const id = `controller ${r.controllerId}, ${r.holder === 'controller' ? 'software ' : ''}${r.version}`;
  return r.why === 'taken-over'
    ? `${who} took this table over (${id})`
    : `${who} serves this table (${id}, online at ${r.since})`;
}
