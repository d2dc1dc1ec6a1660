import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseCard } from '../baccarat/cards';
import { checkResult } from '../baccarat/result-check';
import type { Card } from '../baccarat/types';
import { EXAMPLES } from './examples';
import type { HandMessage } from './schemas';

/** The hand examples of the vendors' guide, docs/contract.md. */
const guide = readFileSync(new URL('../docs/contract.md', import.meta.url), 'utf8');
const guideHands = [...guide.matchAll(/<!-- example: hand -->\s*```json\n([\s\S]*?)```/g)].map(
  ([, json], i): [string, HandMessage] => [`docs/contract.md hand example ${i + 1}`, JSON.parse(json!) as HandMessage],
);

/** Every hand the examples show vendors: the hand messages, a correction's hand, a snapshot's hands, the guide's. */
const hands: [string, HandMessage][] = [
  ...guideHands,
  ...EXAMPLES.hand.map((h): [string, HandMessage] => [`hand ${h.handNo}`, h]),
  ...EXAMPLES.event.flatMap((e): [string, HandMessage][] =>
    e.type === 'correction' ? [[`correction of hand ${e.handNo}`, e.hand]] : [],
  ),
  ...EXAMPLES.shoe.flatMap((s) => s.hands.map((h): [string, HandMessage] => [`snapshot hand ${h.handNo}`, h])),
];

const cards = (texts: readonly string[]): Card[] =>
  texts.map((t) => {
    const c = parseCard(t);
    if (!c.ok) throw new Error(c.error);
    return c.value;
  });

describe('the contract examples are results a real table could produce', () => {
  test.each(hands)('%s passes the Table of Play', (_name, h) => {
    const r = checkResult({
      outcome: h.outcome,
      playerPoints: h.playerPoints,
      bankerPoints: h.bankerPoints,
      playerPair: h.playerPair,
      bankerPair: h.bankerPair,
      natural: h.natural,
      ...(h.cards ? { cards: { player: cards(h.cards.player), banker: cards(h.cards.banker) } } : {}),
    });
    expect(r.ok ? 'ok' : r.error).toBe('ok');
  });
});
