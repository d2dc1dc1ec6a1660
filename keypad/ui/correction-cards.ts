/**
 * The cards of a supervisor's correction as they lie on the layout, by hand, so that any one card can be replaced
 * where it lies. A replaced card can change whether a hand draws a third card: the Table of Play (the core's
 * playerDraws and bankerDraws, rules 9.2–9.5) then says which third card is due or no longer dealt, and the hand is
 * sent only once it is a legal complete coup again. Pure.
 *
 * ```ts
 * const s = replaceCard(sidesOf(['AH', '2D', '2S', '3C', '4H', '9C']), { side: 'player', index: 1 }, '6S');
 * checkCards(s); // the Player has a natural 8: both third cards are extra, nothing is due
 * ```
 * @packageDocumentation
 */
import { parseCards, points } from '../../baccarat/cards';
import { bankerDraws, isNatural, playerDraws } from '../../baccarat/table-of-play';
import type { Card, Point } from '../../baccarat/types';
import type { HandView, Slot } from '../protocol';
import { dealingOrder, FIRST_FOUR } from '../round-entry';

export type Side = Slot['side'];

/** A round's cards by hand, each in the order it received them (`10S`, `9H`). */
export interface SidedCards {
  readonly player: readonly string[];
  readonly banker: readonly string[];
}

/** What the Table of Play makes of the cards. */
export interface CardsCheck {
  /** Where the next card keyed goes; null when none is due. */
  readonly next: Slot | null;
  /** Third cards the Table of Play does not deal with these cards: to take back. */
  readonly extra: readonly Slot[];
  /** Whether each hand draws a third card; null until the cards before it decide. */
  readonly draws: { readonly [S in Side]: boolean | null };
  /** Each hand's first two cards' points (rule 4.2); 0 while it has fewer. */
  readonly twoCards: { readonly [S in Side]: Point };
  /** Exactly a legal complete coup: nothing due, nothing extra. */
  readonly complete: boolean;
}

const parsed = (cards: readonly string[]): Card[] | null => {
  const p = parseCards([...cards]);
  return p.ok ? p.value : null;
};

/**
 * A round's cards by hand from its dealing order: P1 B1 P2 B2 (rule 8.4), then the Player's third if it draws
 * (9.3), then the Banker's.
 */
export function sidesOf(cards: readonly string[]): SidedCards {
  const player = [cards[0], cards[2]].filter((c): c is string => c !== undefined);
  const banker = [cards[1], cards[3]].filter((c): c is string => c !== undefined);
  const [fifth, sixth] = cards.slice(4);
  if (fifth === undefined) return { player, banker };
  const p = parsed(player);
  const b = parsed(banker);
  if (p && b && playerDraws(points(p), points(b))) player.push(fifth);
  else banker.push(fifth);
  if (sixth !== undefined) banker.push(sixth);
  return { player, banker };
}

/** The cards in dealing order (rule 8.4): P1 B1 P2 B2, the Player's third, the Banker's third. */
export const dealingOf = (s: SidedCards): string[] => dealingOrder(s);

const slot = (side: Side, index: 1 | 2 | 3): Slot => ({ side, index });

/** What the Table of Play makes of the cards: which card is due next, which third cards it does not deal. */
export function checkCards(s: SidedCards): CardsCheck {
  const player = parsed(s.player);
  const banker = parsed(s.banker);
  const missing = FIRST_FOUR.find((x) => (x.side === 'player' ? s.player : s.banker).length < x.index);
  if (!player || !banker || missing) {
    const extra = [
      ...(s.player.length > 2 ? [slot('player', 3)] : []),
      ...(s.banker.length > 2 ? [slot('banker', 3)] : []),
    ];
    const none = { player: null, banker: null };
    return { next: missing ?? null, extra, draws: none, twoCards: { player: 0, banker: 0 }, complete: false };
  }
  const pp = points(player.slice(0, 2));
  const bp = points(banker.slice(0, 2));
  const third = player[2];
  const pDraws = playerDraws(pp, bp);
  const extra: Slot[] = [];
  let next: Slot | null = null;
  if (pDraws && !third) next = slot('player', 3);
  if (!pDraws && third) extra.push(slot('player', 3));
  // The Banker's draw waits for the Player's third card, when the Player draws (rule 9.4).
  const bDraws = pDraws && !third ? null : bankerDraws(bp, pDraws && third ? third : null, pp);
  if (bDraws === true && banker.length < 3) next ??= slot('banker', 3);
  if (bDraws === false && banker.length > 2) extra.push(slot('banker', 3));
  const complete = next === null && extra.length === 0 && bDraws !== null;
  return { next, extra, draws: { player: pDraws, banker: bDraws }, twoCards: { player: pp, banker: bp }, complete };
}

const withCard = (s: SidedCards, side: Side, cards: readonly string[]): SidedCards => ({ ...s, [side]: cards });

/** The cards with the card at `at` replaced by `card`; the same cards when there is no card there. */
export function replaceCard(s: SidedCards, at: Slot, card: string): SidedCards {
  const hand = s[at.side];
  if (hand[at.index - 1] === undefined) return s;
  return withCard(
    s,
    at.side,
    hand.map((c, i) => (i === at.index - 1 ? card : c)),
  );
}

/** The cards with `card` keyed into the slot due; the same cards when none is due. */
export function keyCard(s: SidedCards, card: string): SidedCards {
  const next = checkCards(s).next;
  return next ? withCard(s, next.side, [...s[next.side], card]) : s;
}

/**
 * The cards with one taken back: a third card the Table of Play no longer deals (the Player's first), else the last
 * card dealt.
 */
export function takeBack(s: SidedCards): SidedCards {
  const at = checkCards(s).extra[0] ?? lastSlot(s);
  return at
    ? withCard(
        s,
        at.side,
        s[at.side].filter((_, i) => i !== at.index - 1),
      )
    : s;
}

function lastSlot(s: SidedCards): Slot | null {
  const dealt = [...FIRST_FOUR, slot('player', 3), slot('banker', 3)].filter(
    (x) => s[x.side][x.index - 1] !== undefined,
  );
  return dealt.at(-1) ?? null;
}

/** A change to a hand's third card the supervisor is told of, and what to do about it. */
export interface DrawNote {
  readonly side: Side;
  /** It draws a third card under the Table of Play (else it stands). */
  readonly draws: boolean;
  /** Its first two cards' points. */
  readonly points: Point;
  /** Take back its third card (not dealt), key it (due), or nothing left to do. */
  readonly act: 'take-back' | 'key' | null;
  /** Whether the hand as recorded drew otherwise (null when it was recorded without cards). */
  readonly changed: boolean | null;
  /**
   * The natural that ends the coup, when a hand has 8 or 9 on its first two cards (rule 9.2): neither hand draws,
   * whatever its points, so that is what the supervisor is told. `both` when both hands have one.
   */
  readonly natural: { readonly side: Side | 'both'; readonly points: Point } | null;
}

/** The natural on the first two cards that ends a coup (rule 9.2), or null. */
function naturalOf(two: { readonly [S in Side]: Point }): DrawNote['natural'] {
  const p = isNatural(two.player);
  const b = isNatural(two.banker);
  if (p && b) return { side: 'both', points: Math.max(two.player, two.banker) as Point };
  if (p) return { side: 'player', points: two.player };
  if (b) return { side: 'banker', points: two.banker };
  return null;
}

/**
 * What the supervisor is told about the third cards: a third card no longer dealt (take it back), a third card
 * now due where the record had none (key it), and a hand that now draws otherwise than recorded.
 */
export function drawNotes(recorded: HandView | undefined, s: SidedCards): DrawNote[] {
  const check = checkCards(s);
  const out: DrawNote[] = [];
  const natural = naturalOf(check.twoCards);
  for (const side of ['player', 'banker'] as const) {
    const draws = check.draws[side];
    if (draws === null) continue;
    const drew = recorded?.cards ? recorded.cards[side].length > 2 : null;
    const changed = drew === null ? null : drew !== draws;
    const extra = check.extra.some((x) => x.side === side);
    const due = check.next?.side === side;
    const act = extra ? 'take-back' : due && changed ? 'key' : null;
    if (act || changed) out.push({ side, draws, points: check.twoCards[side], act, changed, natural });
  }
  return out;
}
