/**
 * `baccarat-board deal [--json] CARD…`: deals coups from cards in the order they leave the shoe, as a supervisor
 * reconstructing a round would (rule 12.6). Without CARDs, one card sequence per line of standard input.
 * @packageDocumentation
 */
import { parseArgs } from 'node:util';
import { makeCards, type MakeCardOptions, parseCards } from '../baccarat/cards';
import { type Coup, type CoupHand, type Deal, dealCoups } from '../baccarat/table-of-play';
import type { Card } from '../baccarat/types';
import { type CliIo, EXIT, inputLines, UsageError } from './io';

export const DEAL_USAGE = `Usage: baccarat-board deal [--json] CARD...

Deals coups from cards in the order they leave the shoe (rule 8.4: 1st and 3rd to the Player, 2nd and 4th to
the Banker, then the third cards the Table of Play calls for), as a supervisor reconstructing a round would.
For each coup: both hands' cards and points, the winner, pairs and naturals; then the cards left. A last round
that runs out of cards is void (rule 12.5).

CARD is rank then suit: A 2-9 10 (or T) J Q K, and S H D C (or ♠ ♥ ♦ ♣), e.g. 9H KD 3S 2C 8D 10S.
Without CARDs, reads one card sequence per line from standard input and answers each (one line each with --json).

Options:
  --json   {"coups":[{"player":{"cards","points"},"banker":{...},"outcome","natural","playerPair",
           "bankerPair"}],"remaining":[...],"void":bool}
`;

const handJson = (h: CoupHand, style: MakeCardOptions) => ({
  cards: h.cards.map((c) => makeCards([c], style)),
  points: h.points,
  natural: h.natural,
  pairKind: h.pairKind,
});

/** The documented JSON shape of a deal, with a few extra fields after the required ones. */
export function dealJson(deal: Deal, style: MakeCardOptions = {}) {
  return {
    coups: deal.coups.map((c) => ({
      player: handJson(c.player, style),
      banker: handJson(c.banker, style),
      outcome: c.outcome,
      natural: c.natural,
      playerPair: c.playerPair,
      bankerPair: c.bankerPair,
      cardsUsed: c.cardsUsed,
    })),
    remaining: deal.remaining.map((c) => makeCards([c], style)),
    void: deal.void,
  };
}

const WINNER = { banker: 'Banker wins', player: 'Player wins', tie: 'Tie' } as const;

function coupText(c: Coup, n: number, style: MakeCardOptions): string {
  const side = (name: string, h: CoupHand) =>
    `${name} ${makeCards(h.cards, style)} = ${h.points}${h.natural ? ' (natural)' : ''}` +
    (h.pairKind ? ` (${h.pairKind} pair)` : '');
  // The winner's points first, as the keypad and `history export` say it ("Banker wins 2-0"); a tie's are equal.
  const [first, second] = c.outcome === 'banker' ? [c.bankerPoints, c.playerPoints] : [c.playerPoints, c.bankerPoints];
  return `Coup ${n}: ${side('Player', c.player)} | ${side('Banker', c.banker)} -> ${WINNER[c.outcome]} ${first}-${second}`;
}

/** Readable lines for a deal. */
export function dealText(deal: Deal, style: MakeCardOptions = {}): string {
  const lines = deal.coups.map((c, i) => coupText(c, i + 1, style));
  if (deal.coups.length === 0) lines.push('No complete coup.');
  lines.push(`Remaining: ${deal.remaining.length ? makeCards(deal.remaining, style) : '(none)'}`);
  if (deal.void) lines.push('Void: the last round ran out of cards (rule 12.5).');
  return lines.join('\n');
}

/** Writes tens the way the input did: `T` if any ten was written T, else `10`. */
const styleOf = (tokens: readonly string[]): MakeCardOptions => ({
  ten: tokens.some((t) => /^t/i.test(t)) ? 'T' : '10',
});

export async function dealCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.out(DEAL_USAGE);
    return EXIT.ok;
  }
  const answer = (tokens: string[], where: string, batch: boolean): boolean => {
    const cards = parseCards(tokens);
    if (!cards.ok) {
      io.err(`baccarat-board deal: ${where}${cards.error}\n`);
      if (batch && values.json) io.out(JSON.stringify({ error: `${where}${cards.error}` }) + '\n');
      return false;
    }
    const deal = dealCoups(cards.value as Card[]);
    const style = styleOf(tokens);
    io.out(
      values.json ? JSON.stringify(dealJson(deal, style)) + '\n' : dealText(deal, style) + (batch ? '\n\n' : '\n'),
    );
    return true;
  };
  const split = (s: string) => s.split(/[\s,]+/).filter(Boolean);
  if (positionals.length > 0) return answer(positionals.flatMap(split), '', false) ? EXIT.ok : EXIT.badInput;
  if (io.stdinIsTty) throw new UsageError('give CARDs, or card sequences on standard input');
  let good = true;
  inputLines(await io.readStdin()).forEach((line, i) => {
    good = answer(split(line), `line ${i + 1}, `, true) && good;
  });
  return good ? EXIT.ok : EXIT.badInput;
}
