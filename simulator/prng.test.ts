import { describe, expect, test } from 'vitest';
import { createRng, cyrb128, shuffle } from './prng';

describe('seeded generator', () => {
  test('the same seed gives the same numbers; another seed others', () => {
    const take = (seed: string | number) => {
      const rng = createRng(seed);
      return Array.from({ length: 8 }, () => rng.uint32());
    };
    expect(take('demo')).toEqual(take('demo'));
    expect(take('demo')).not.toEqual(take('demo2'));
    expect(take(1)).toEqual(take('1'));
  });

  test('cyrb128 is stable (a changed seeding would silently change every seeded shoe)', () => {
    expect(cyrb128('')).toEqual(cyrb128(''));
    expect(createRng('pinned').uint32()).toBe(createRng('pinned').uint32());
    const first = Array.from(
      { length: 3 },
      (
        (rng) => () =>
          rng.uint32()
      )(createRng('baccarat')),
    );
    expect(first).toMatchInlineSnapshot(`
      [
        3005349193,
        1023773414,
        692148804,
      ]
    `);
  });

  test('next() is in [0, 1) and int(n) in [0, n), roughly uniform', () => {
    const rng = createRng('uniform');
    const counts = Array.from({ length: 6 }, () => 0);
    let outside = 0;
    for (let i = 0; i < 60_000; i++) {
      const x = rng.next();
      if (!(x >= 0 && x < 1)) outside++;
      const k = rng.int(6);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    expect(outside).toBe(0);
    // Each bucket expects 10,000 with sd ≈ 91: 5 sd either way is a bug, not bad luck (and the seed is fixed).
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(460);
    expect(() => rng.int(0)).toThrow(RangeError);
  });

  test('shuffle permutes: same items, and every position reachable', () => {
    const rng = createRng('shuffle');
    const seenFirst = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const items = shuffle([0, 1, 2, 3, 4], rng);
      expect([...items].sort()).toEqual([0, 1, 2, 3, 4]);
      seenFirst.add(items[0] ?? -1);
    }
    expect(seenFirst.size).toBe(5);
  });
});
