/**
 * A seeded pseudo-random generator for the simulator: sfc32 (Chris Doty-Humphrey's "small fast counting" generator
 * from PractRand, 128-bit state, passes PractRand and BigCrush) seeded through cyrb128 (a 128-bit string hash), so
 * any string or number is a seed and the same seed always deals the same shoes. Not for real money: a casino's
 * shuffle is physical.
 *
 * ```ts
 * const rng = createRng('demo-42');
 * rng.int(416);                 // a whole number 0–415, unbiased
 * shuffle(decks(8), rng);       // Fisher–Yates, in place
 * ```
 * @packageDocumentation
 */

/** A seeded source of uniform random numbers. */
export interface Rng {
  /** A uniform 32-bit unsigned integer. */
  readonly uint32: () => number;
  /** A uniform number in [0, 1), with 32 bits of randomness. */
  readonly next: () => number;
  /** A uniform whole number in [0, n), without modulo bias (rejection sampling). */
  readonly int: (n: number) => number;
}

/** cyrb128: hashes a string to four 32-bit words (bryc, public domain). Used only to seed sfc32. */
export function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator seeded from a string or a number (a number seeds as its decimal text: `42` and `'42'` agree). */
export function createRng(seed: string | number): Rng {
  let [a, b, c, d] = cyrb128(String(seed));
  const uint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Discard the first outputs: sfc32's authors warm it up so that similar seeds diverge at once.
  for (let i = 0; i < 15; i++) uint32();
  const int = (n: number): number => {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new RangeError(`int(n) needs a whole n in 1..2^32, got ${n}`);
    const limit = 2 ** 32 - (2 ** 32 % n); // the largest multiple of n that fits: draws at or above it are redrawn
    for (;;) {
      const x = uint32();
      if (x < limit) return x % n;
    }
  };
  return { uint32, next: () => uint32() / 2 ** 32, int };
}

/** Shuffles `items` in place by Fisher–Yates (every order equally likely) and returns it. */
export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const x = items[i] as T;
    items[i] = items[j] as T;
    items[j] = x;
  }
  return items;
}
