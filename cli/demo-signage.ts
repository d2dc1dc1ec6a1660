/**
 * The demo's signs: a plausible table and casino, published (retained) by `npm start` when it runs the demo, so
 * that a first-time user sees limits, the pay table and the Perfect Pairs scale as a patron would.
 * @packageDocumentation
 */
import type { CasinoSignage, TableSignage } from '../contract/schemas';

export function demoTableSignage(now = new Date().toISOString()): TableSignage {
  return {
    v: 1,
    revision: 1,
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
    revision: 1,
    casinoName: 'Demo Casino',
    perfectPairsScale: 'one',
    updatedBy: 'demo',
    updatedAt: now,
  };
}
