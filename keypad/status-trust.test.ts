import { describe, expect, test } from 'vitest';
import type { ControllerStatus } from '../contract/schemas/status';
import { generateSigningKey, signPayload } from '../mqtt-bridge/signing';
import { TAKE_OVER_WINDOW_MS, takeOverTrust } from './status-trust';

const TOPIC = 'baccarat/tables/T1/controller/status';
const NOW = new Date('2026-11-28T15:00:00.000Z');
const own = generateSigningKey();
const spare = generateSigningKey();
const stranger = generateSigningKey();
const OURS = '2026-11-28T14:59:00.000Z'; // a stamp of this keypad's own statuses (an earlier run)

const online = (at: number | string = NOW.getTime()): ControllerStatus => ({
  v: 1,
  state: 'online',
  controllerId: 'ctl-T1',
  version: 'keypad 9.9.9',
  timestamp: typeof at === 'string' ? at : new Date(at).toISOString(),
});
const check = takeOverTrust({
  signingKey: own,
  trustKeys: [spare.publicKey],
  topic: TOPIC,
  now: () => NOW,
  ours: (s) => s.timestamp === OURS,
});
const tampered = { ...signPayload(spare, TOPIC, online()), version: 'keypad 6.6.6' };
const otherTable = signPayload(spare, 'baccarat/tables/T2/controller/status', online());
const badSig = { ...online(), sig: { alg: 'Ed25519', kid: spare.kid, value: 42 } } as unknown as ControllerStatus;

describe('whether a take-over is signed by a key the keypad trusts', () => {
  test.each<[string, ControllerStatus, boolean, RegExp]>([
    [
      'signed by its own key (a spare keyed with the table key)',
      signPayload(own, TOPIC, online()),
      true,
      /^signed by trusted key/,
    ],
    ['signed by a --trust-key', signPayload(spare, TOPIC, online()), true, new RegExp(`trusted key ${spare.kid}$`)],
    [
      'stamped at the edge of the window',
      signPayload(spare, TOPIC, online(NOW.getTime() - TAKE_OVER_WINDOW_MS)),
      true,
      /trusted/,
    ],
    ['unsigned', online(), false, /^unsigned$/],
    [
      'signed by a key it does not know',
      signPayload(stranger, TOPIC, online()),
      false,
      /which this keypad does not trust/,
    ],
    ['signed, then changed', tampered, false, /does not match/],
    ["signed for another table's topic", otherTable, false, /does not match/],
    ['a signature it cannot read', badSig, false, /cannot be read|does not match/],
    [
      'genuine but stale: sent again after the window',
      signPayload(spare, TOPIC, online(NOW.getTime() - TAKE_OVER_WINDOW_MS - 1)),
      false,
      /not fresh/,
    ],
    [
      'genuine but stamped in the future',
      signPayload(spare, TOPIC, online(NOW.getTime() + TAKE_OVER_WINDOW_MS + 1)),
      false,
      /not fresh/,
    ],
    [
      "this keypad's own of an earlier run, sent again",
      signPayload(own, TOPIC, online(OURS)),
      false,
      /own .*sent again/,
    ],
  ])('%s: trusted %s', (_, s, trusted, reason) => {
    const r = check(s);
    expect(r.trusted).toBe(trusted);
    expect(r.reason).toMatch(reason);
  });

  test('a keypad without a key of its own trusts what --trust-key signs only', () => {
    const keyless = takeOverTrust({ topic: TOPIC, now: () => NOW, ours: () => false, trustKeys: [spare.publicKey] });
    expect(keyless(signPayload(own, TOPIC, online())).trusted).toBe(false);
    expect(keyless(signPayload(spare, TOPIC, online())).trusted).toBe(true);
  });
});
