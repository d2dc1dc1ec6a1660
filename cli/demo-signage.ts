/**
 * The demo's signs: a plausible table and casino, published (retained) by `npm start` when it runs the demo, so
 * that a first-time user sees limits, the pay table and the Perfect Pairs scale as a patron would.
 * @packageDocumentation
 */
import type { CasinoSignage, TableSignage } from '../contract/schemas';

/**
 * The demo signs' revision: seconds since 2026, so that a demo started again publishes signs newer than any its
 * board showed in a run before. The board keeps its journal between runs, and ignores a sign below the revision it
 * shows (contract, rule 7); signs published at revision 1 again were ignored ("signage-ignored"), and
 * `signage set` would have had to replace the board's sign unasked. A sign set by hand goes one above it.
 */
export function demoRevision(now: string): number {
  return Math.max(1, Math.floor((Date.parse(now) - Date.UTC(2026, 0, 1)) / 1000));
}

export function demoTableSignage(now = new Date().toISOString()): TableSignage {
  return {
    v: 1,
    revision: demoRevision(now),
    tableName: 'Jade 8',
    limits: {
      currency: 'HKD',
      minimum: 500,
      maximum: 100_000,
      tieMaximum: 10_000,
      pairMaximum: 5_000,
      maxDifferential: 150_000,
      sideBetLimits: { perfectPairs: { minimum: 100, maximum: 5_000 } },
    },
    variant: { kind: 'commission', commissionPercent: 5 },
    tiePays: 8,
    sideBets: ['playerPair', 'bankerPair', 'perfectPairs'],
    language: 'en+zh-Hans',
    message: 'Welcome — demo table. 欢迎光临',
    tableOpen: true,
    showDisclaimer: true,
    updatedBy: 'demo',
    updatedAt: now,
  };
}

export function demoCasinoSignage(now = new Date().toISOString()): CasinoSignage {
  return {
    v: 1,
    revision: demoRevision(now),
    casinoName: 'Demo Casino',
    perfectPairsScale: 'one',
    updatedBy: 'demo',
    updatedAt: now,
  };
}
