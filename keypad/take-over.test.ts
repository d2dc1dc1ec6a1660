/**
 * A forged take-over against a real broker (Aedes in-process): a keypad that signs gives its table up only to an
 * online status signed by a key it trusts (its own, or one given with --trust-key). An unsigned online, or one
 * signed by a key it does not know, leaves it serving: it says online again (the retained status is its own),
 * tells the dealer, and its results keep reaching the boards.
 */
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { topics } from '../contract/topics';
import { generateSigningKey, signPayload, type SigningKey } from '../mqtt-bridge/signing';
import { aedesFor, collect, type TestBroker } from '../simulator/test-brokers';
import { act, cards } from '../test/helpers/keypad-actions';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { startKeypad, type Keypad, type KeypadOptions } from './keypad';
import { Supervisors } from './supervisors';

const T = topics('baccarat');
const STATUS = T.controllerStatus('K1');
const cleanups = cleanupList();

const broker = () => aedesFor(cleanups);

async function keypad(url: string, o: Partial<KeypadOptions>): Promise<Keypad> {
  const kp = await startKeypad({
    broker: url,
    tableId: 'K1',
    journalPath: join(tempDir('bb-takeover-'), 'keypad-K1.journal'),
    keying: 'cards',
    supervisors: new Supervisors(new Map()),
    version: '0.1.0',
    backoff: { minMs: 200, maxMs: 800 },
    ...o,
  });
  cleanups.push(() => kp.stop().catch(() => undefined));
  return kp;
}

/** A keypad serving K1, once its own online has come back to it (only then is another's a take-over). */
async function serving(b: TestBroker, o: Partial<KeypadOptions>): Promise<Keypad> {
  const sub = await collect(b.url, STATUS);
  cleanups.push(() => sub.close());
  const kp = await keypad(b.url, o);
  await until(() => expect(kp.view().link.state).toBe('online'), 8000);
  await sub.until((m) => JSON.parse(m.text).state === 'online');
  await new Promise((r) => setTimeout(r, 300)); // its watch hears it too
  return kp;
}

/** Another controller's live online status for K1, unsigned or signed by `key`, published retained. */
async function publishOnline(
  url: string,
  key: SigningKey | null,
  at = new Date(),
  version = 'keypad 9.9.9',
): Promise<void> {
  const status = {
    v: 1,
    state: 'online',
    controllerId: 'ctl-K1',
    version,
    timestamp: at.toISOString(),
  };
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const payload = key ? signPayload(key, STATUS, status) : status;
  await client.publishAsync(STATUS, JSON.stringify(payload), { qos: 1, retain: true });
  await client.endAsync();
}

/** The table's retained status, as a board connecting now reads it. */
async function retainedStatus(url: string): Promise<{ state: string; version: string; sig?: { kid: string } }> {
  const sub = await collect(url, STATUS);
  cleanups.push(() => sub.close());
  return JSON.parse((await sub.until((m) => m.retain)).text);
}

const own = generateSigningKey();
const spare = generateSigningKey();
const stranger = generateSigningKey();

describe('a keypad that signs, and an online status of another controller on its table', () => {
  const anHourAgo = (): Date => new Date(Date.now() - 3_600_000);
  test.each([
    ['an unsigned online (anyone who may publish on the topic)', null, undefined, /^unsigned$/],
    ['an online signed by a key it does not trust', stranger, undefined, new RegExp(`key ${stranger.kid}, which`)],
    ['a genuine online of its own key, an hour old, sent again', own, anHourAgo, /not fresh/],
  ] as const)(
    '%s: not a take-over; it keeps serving, says online again, tells the dealer',
    async (_, key, at, reason) => {
      const b = await broker();
      const kp = await serving(b, { signingKey: own, trustKeys: [spare.publicKey] });
      await publishOnline(b.url, key, at?.());
      await until(() => expect(kp.view().link.takeOverRefused?.reason).toMatch(reason), 8000);
      expect(kp.view().link).toMatchObject({ state: 'online', takeOverRefused: { controllerId: 'ctl-K1' } });
      expect(kp.view().link.refusal).toBeUndefined();
      // The retained status is its own again: signed with its key.
      await until(async () =>
        expect(await retainedStatus(b.url)).toMatchObject({ state: 'online', sig: { kid: own.kid } }),
      );
      // And its results still reach the boards.
      const hands = await collect(b.url, T.tableHand('K1'));
      cleanups.push(() => hands.close());
      await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, { type: 'bets-open' });
      await act(kp, { type: 'no-more-bets' }, ...cards('9H KD 7S 7C'), { type: 'result' });
      expect(JSON.parse((await hands.until(() => true)).text)).toMatchObject({ handNo: 1, sig: { kid: own.kid } });
    },
  );

  test.each([
    ['a key given with --trust-key (a spare keypad keyed on its own)', spare],
    ['its own key (a spare keypad keyed with the table key)', own],
  ] as const)('after refusing a forgery, an online signed by %s takes the table over', async (_, key) => {
    const b = await broker();
    const kp = await serving(b, { signingKey: own, trustKeys: [spare.publicKey] });
    await publishOnline(b.url, null);
    await until(() => expect(kp.view().link.takeOverRefused?.reason).toBe('unsigned'), 8000);
    // Its online said again first: a keypad knows its own statuses by their stamps, and one of the same millisecond
    // would be taken for its own.
    await new Promise((r) => setTimeout(r, 50));
    await publishOnline(b.url, key);
    await until(() =>
      expect(kp.view().link).toMatchObject({
        state: 'refused',
        refusal: { why: 'taken-over', holder: 'keypad', version: 'keypad 9.9.9' },
      }),
    );
    expect(await kp.request({ action: { type: 'open-table' } })).toMatchObject({ ok: false, code: 'refused' });
  });
});

describe('a keypad that signs, started on a table whose retained status says another controller is online', () => {
  test.each([
    ['unsigned (anyone who may publish on the topic)', null, /^unsigned$/],
    ['signed by a key it does not trust', stranger, new RegExp(`key ${stranger.kid}, which`)],
  ] as const)(
    '%s: a forgery that would keep it from starting; it takes the table and tells the dealer',
    async (_, key, reason) => {
      const b = await broker();
      await publishOnline(b.url, key, new Date(Date.now() - 60_000));
      const kp = await keypad(b.url, { signingKey: own, trustKeys: [spare.publicKey] });
      await until(() => expect(kp.view().link.state).toBe('online'), 8000);
      expect(kp.view().link.refusal).toBeUndefined();
      expect(kp.view().link.takeOverRefused).toMatchObject({ controllerId: 'ctl-K1' });
      expect(kp.view().link.takeOverRefused?.reason).toMatch(reason);
      await until(async () =>
        expect(await retainedStatus(b.url)).toMatchObject({ state: 'online', sig: { kid: own.kid } }),
      );
    },
  );

  test.each([
    ['a key given with --trust-key', spare],
    ['its own key (a spare keyed with the table key)', own],
  ] as const)('signed by %s, however old: another keypad serves the table; it refuses', async (_, key) => {
    const b = await broker();
    await publishOnline(b.url, key, new Date(Date.now() - 3_600_000)); // serving for an hour
    const kp = await keypad(b.url, { signingKey: own, trustKeys: [spare.publicKey] });
    await until(
      () => expect(kp.view().link).toMatchObject({ state: 'refused', refusal: { why: 'another-keypad' } }),
      8000,
    );
    // Refused, its tablet names the holder its trusted keys signed for, not one a forged online names.
    await publishOnline(b.url, null, new Date(), 'simulator 6.6.6');
    await new Promise((r) => setTimeout(r, 500));
    expect(kp.view().link.refusal).toMatchObject({ holder: 'keypad', version: 'keypad 9.9.9' });
  });
});

describe('a keypad that does not sign', () => {
  test('yields to an unsigned online, as before: it cannot ask others to sign', async () => {
    const b = await broker();
    const kp = await serving(b, {});
    await publishOnline(b.url, null);
    await until(() => expect(kp.view().link).toMatchObject({ state: 'refused', refusal: { why: 'taken-over' } }));
    expect(kp.view().link.takeOverRefused).toBeUndefined();
  });
});
