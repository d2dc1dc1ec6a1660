import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RANKS } from '../baccarat/types';
import { RANK_PATH } from '../renderer/components/card-glyphs';
import { OUT, cardGlyphsSource } from './card-glyphs.mjs';

describe('card glyphs', () => {
  it('renderer/components/card-glyphs.ts is what scripts/card-glyphs.mjs writes (run it after changing either)', () => {
    expect(readFileSync(OUT, 'utf8')).toBe(cardGlyphsSource());
  });

  it('draws every rank in the corner of the card, centred above the small suit', () => {
    const boxes = RANKS.map((rank) => {
      const xs = [...RANK_PATH[rank].matchAll(/[MLQC]\s*([\d.-]+)[ ,]([\d.-]+)/g)].map((m) => [+m[1]!, +m[2]!]);
      expect(xs.length, rank).toBeGreaterThan(2);
      return {
        rank,
        left: Math.min(...xs.map((p) => p[0]!)),
        right: Math.max(...xs.map((p) => p[0]!)),
        top: Math.min(...xs.map((p) => p[1]!)),
        bottom: Math.max(...xs.map((p) => p[1]!)),
      };
    });
    for (const b of boxes) {
      expect(b.left, b.rank).toBeGreaterThan(5); // clear of the card's rounded edge
      expect(b.right, b.rank).toBeLessThan(90); // clear of the suit beneath and the card's middle
      expect(b.top, b.rank).toBeGreaterThan(15);
      // on the baseline; J and Q descend, as in the font, but stay above the small suit at y = 92
      expect(b.bottom, b.rank).toBeLessThanOrEqual(b.rank === 'J' || b.rank === 'Q' ? 91 : 75);
      // centred on x = 46 by advance width, as text-anchor: middle did (J's ink sits a little left of its advance)
      expect(Math.abs((b.left + b.right) / 2 - 46), b.rank).toBeLessThan(7);
    }
  });
});
