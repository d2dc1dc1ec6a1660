import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DECK,
  VALUE_CARDS,
  burnValue,
  deck,
  decks,
  isPair,
  makeCard,
  makeCards,
  pairKind,
  parseCard,
  parseCards,
  pointValue,
  points,
  suitColour,
} from './cards';
import { RANKS, SUITS } from './types';
import type { Card, Rank, Suit } from './types';

const c = (rank: Rank, suit: Suit): Card => ({ rank, suit });
const cards = (text: string): Card[] => {
  const r = parseCards(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const cardArb = fc.record({ rank: fc.constantFrom(...RANKS), suit: fc.constantFrom(...SUITS) });

describe('parseCard', () => {
  it.each<[string, Card]>([
    ['9H', c('9', 'H')],
    ['KD', c('K', 'D')],
    ['10S', c('10', 'S')],
    ['TS', c('10', 'S')],
    ['ts', c('10', 'S')],
    ['as', c('A', 'S')],
    ['Ac', c('A', 'C')],
    ['qd', c('Q', 'D')],
    ['jH', c('J', 'H')],
    [' 2C ', c('2', 'C')],
    ['Q♦', c('Q', 'D')],
    ['10♠', c('10', 'S')],
    ['A♥', c('A', 'H')],
    ['7♣', c('7', 'C')],
    ['7♧', c('7', 'C')],
    ['8♡', c('8', 'H')],
    ['K♥\uFE0F', c('K', 'H')],
  ])('reads %j', (text, card) => {
    expect(parseCard(text)).toEqual({ ok: true, value: card });
  });

  it.each([
    ['QX', "unknown suit 'X' in card 'QX'"],
    ['ZZ', "unknown rank 'Z' in card 'ZZ'"],
    ['1S', "unknown rank '1' in card '1S'"],
    ['11S', "unknown rank '11' in card '11S'"],
    ['0S', "unknown rank '0' in card '0S'"],
    ['10', "missing suit in card '10'"],
    ['K', "missing suit in card 'K'"],
    ['T', "missing suit in card 'T'"],
    ['S', "missing rank in card 'S'"],
    ['♠', "missing rank in card '♠'"],
    ['', "empty card in card ''"],
    ['   ', "empty card in card '   '"],
    ['9 H', "unknown rank '9 ' in card '9 H'"],
    ['KH D', "unknown rank 'KH ' in card 'KH D'"],
  ])('rejects %j', (text, error) => {
    expect(parseCard(text)).toEqual({ ok: false, error });
  });
});

describe('parseCards', () => {
  it('splits on whitespace and commas', () => {
    expect(parseCards('9H KD,10s , TS\n\tA♣')).toEqual({
      ok: true,
      value: [c('9', 'H'), c('K', 'D'), c('10', 'S'), c('10', 'S'), c('A', 'C')],
    });
  });
  it('takes an array, one card per element', () => {
    expect(parseCards(['9H', ' kd '])).toEqual({ ok: true, value: [c('9', 'H'), c('K', 'D')] });
  });
  it.each([[''], ['  ,, '], [[]]])('reads %j as no cards', (text) => {
    expect(parseCards(text)).toEqual({ ok: true, value: [] });
  });
  it.each<[string | string[], string]>([
    ['9H KD ZZ', "card 3 'ZZ': unknown rank 'Z'"],
    ['QX', "card 1 'QX': unknown suit 'X'"],
    ['9H,9D,10', "card 3 '10': missing suit"],
    [['9H', ''], "card 2 '': empty card"],
    [['AS', 'AS', '1C'], "card 3 '1C': unknown rank '1'"],
  ])('names the position and the token: %j', (text, error) => {
    expect(parseCards(text)).toEqual({ ok: false, error });
  });
});

describe('makeCard', () => {
  it.each<[Card, Parameters<typeof makeCard>[1], string]>([
    [c('10', 'S'), undefined, '10S'],
    [c('10', 'S'), { ten: '10' }, '10S'],
    [c('10', 'S'), { ten: 'T' }, 'TS'],
    [c('Q', 'D'), { ten: 'T' }, 'QD'],
    [c('A', 'H'), { suits: 'symbol' }, 'A♥'],
    [c('10', 'C'), { ten: 'T', suits: 'symbol' }, 'T♣'],
  ])('writes %j with %j as %j', (card, options, text) => {
    expect(makeCard(card, options)).toBe(text);
  });
  it('makeCards joins with spaces', () => {
    expect(makeCards(cards('9h 9d 10s'))).toBe('9H 9D 10S');
  });
  it('round-trips through parseCard in every form (property)', () => {
    const options = fc.record({
      ten: fc.constantFrom('10' as const, 'T' as const),
      suits: fc.constantFrom('letter' as const, 'symbol' as const),
    });
    fc.assert(
      fc.property(cardArb, options, fc.boolean(), (card, opts, lower) => {
        const text = makeCard(card, opts);
        expect(parseCard(lower ? text.toLowerCase() : text)).toEqual({ ok: true, value: card });
      }),
    );
  });
  it('round-trips lists through parseCards (property)', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { maxLength: 12 }), (list) => {
        expect(parseCards(makeCards(list))).toEqual({ ok: true, value: list });
      }),
    );
  });
});

describe('values', () => {
  it.each<[Rank, number, number]>([
    ['A', 1, 1],
    ['2', 2, 2],
    ['3', 3, 3],
    ['4', 4, 4],
    ['5', 5, 5],
    ['6', 6, 6],
    ['7', 7, 7],
    ['8', 8, 8],
    ['9', 9, 9],
    ['10', 0, 10],
    ['J', 0, 10],
    ['Q', 0, 10],
    ['K', 0, 10],
  ])('%s: point value %i (rule 4.1), burn value %i (rule 7.9)', (rank, point, burn) => {
    for (const suit of SUITS) {
      expect(pointValue(c(rank, suit))).toBe(point);
      expect(burnValue(c(rank, suit))).toBe(burn);
    }
  });

  it.each([
    ['', 0],
    ['KH QD', 0],
    ['9H 9D', 8],
    ['7S 5H', 2],
    ['5H 5D', 0],
    ['AS 8D', 9],
    ['9H 9D 9C', 7],
    ['10S JH KD', 0],
    ['6H 7D 8C', 1],
  ])('points(%j) = %i (rule 4.2)', (text, expected) => {
    expect(points(cards(text))).toBe(expected);
  });

  it('VALUE_CARDS[v] has point value v', () => {
    VALUE_CARDS.forEach((card, v) => expect(pointValue(card)).toBe(v));
    expect(VALUE_CARDS).toHaveLength(10);
  });
});

describe('pairs', () => {
  it.each([
    ['9H 9H', true, 'perfect'],
    ['10S 10S', true, 'perfect'],
    ['KD KD', true, 'perfect'],
    ['9H 9D', true, 'coloured'],
    ['QS QC', true, 'coloured'],
    ['10C 10S', true, 'coloured'],
    ['9H 9S', true, 'mixed'],
    ['AD AC', true, 'mixed'],
    ['JS JH', true, 'mixed'],
    ['JH QH', false, null],
    ['10H KH', false, null],
    ['JS QC', false, null],
    ['9H 8H', false, null],
    ['AS 2S', false, null],
  ])('%s: pair %s, kind %s', (text, pair, kind) => {
    const [a, b] = cards(text) as [Card, Card];
    expect(isPair(a, b)).toBe(pair);
    expect(pairKind(a, b)).toBe(kind);
    expect(pairKind(b, a)).toBe(kind);
  });

  it('red suits are hearts and diamonds', () => {
    expect(SUITS.map(suitColour)).toEqual(['black', 'red', 'red', 'black']);
  });

  it('pairKind is null exactly when ranks differ (property)', () => {
    fc.assert(
      fc.property(cardArb, cardArb, (a, b) => {
        expect(pairKind(a, b) === null).toBe(a.rank !== b.rank);
      }),
    );
  });
});

describe('decks', () => {
  it('DECK holds 52 different cards, suit by suit, ace to king', () => {
    expect(DECK).toHaveLength(52);
    expect(new Set(DECK.map((d) => makeCard(d))).size).toBe(52);
    expect(makeCards(DECK.slice(0, 14))).toBe('AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH');
    expect(DECK[51]).toEqual(c('K', 'C'));
    expect(Object.isFrozen(DECK)).toBe(true);
  });
  it('deck() is a fresh copy', () => {
    const d = deck();
    expect(d).toEqual(DECK);
    expect(d).not.toBe(DECK);
    d.pop();
    expect(DECK).toHaveLength(52);
  });
  it.each([0, 1, 6, 8])('decks(%i) has %i × 52 cards, 4 × n of each rank', (n) => {
    const shoe = decks(n);
    expect(shoe).toHaveLength(52 * n);
    for (const rank of RANKS) expect(shoe.filter((x) => x.rank === rank)).toHaveLength(4 * n);
    expect(shoe.filter((x) => pointValue(x) === 0)).toHaveLength(16 * n);
  });
  it.each([-1, 1.5, Number.NaN])('decks(%d) throws a RangeError', (n) => {
    expect(() => decks(n)).toThrow(RangeError);
  });
});
