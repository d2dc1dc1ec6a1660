/**
 * Cards and results as the dealer reads them: suit symbols, the ten as 10, red suits marked.
 * @packageDocumentation
 */
const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** `10H` → `10♥`. */
export const cardLabel = (card: string): string => card.slice(0, -1).replace('T', '10') + (SUITS[card.slice(-1)] ?? '');

/** Hearts and diamonds. */
export const isRed = (card: string): boolean => card.endsWith('H') || card.endsWith('D');

/** `14:05:09`, the local time of a timestamp. */
export const clockTime = (iso: string): string => new Date(iso).toLocaleTimeString([], { hour12: false });

/** A result's points as the keypad says them everywhere: the winner's first (a tie's are the same), e.g. `8–6`. */
export const score = (r: { readonly playerPoints: number; readonly bankerPoints: number }): string =>
  `${Math.max(r.playerPoints, r.bankerPoints)}–${Math.min(r.playerPoints, r.bankerPoints)}`;
