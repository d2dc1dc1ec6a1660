/**
 * The keypad at run time against a real Mosquitto: what it publishes is the contract's, its journal brings it back
 * exactly (seq, snapshot, the last messages again), a second keypad for the table is refused, and one whose table
 * was taken over never takes it back.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { act } from '../test/helpers/keypad-actions';
import { describe, expect, test } from 'vitest';
import { parseTopicMessage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { startTableSimulator } from '../simulator/publisher';
import { collect, startAedes } from '../simulator/test-brokers';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { Keypad, KeypadStartRefused, startKeypad, type KeypadOptions } from './keypad';
import type { DealerAction, KeypadView } from './protocol';
import { Supervisors, hashCode } from './supervisors';
import { isNewer } from './ui/view-order';

const missing = mosquittoMissing();
const T = topics('baccarat');
const cleanups = cleanupList();

async function broker(): Promise<Mosquitto> {
  const m = await startMosquitto({ persistence: false });
  cleanups.push(() => m.close());
  return m;
}

async function keypad(url: string, o: Partial<KeypadOptions> = {}): Promise<Keypad> {
  const kp = await startKeypad({
    broker: url,
    tableId: 'K1',
    journalPath: join(tempDir('bb-keypad-'), 'keypad-K1.journal'),
    keying: 'cards',
    supervisors: new Supervisors(new Map([['Lee', await hashCode('4821')]])),
    version: '0.1.0',
    backoff: { minMs: 200, maxMs: 800 },
    ...o,
  });
  cleanups.push(() => kp.stop().catch(() => undefined));
  return kp;
}

const cards = (text: string): DealerAction[] => text.split(' ').map((card) => ({ type: 'card', card }));
const ROUND = (c: string): DealerAction[] => [
  { type: 'bets-open' },
  { type: 'no-more-bets' },
  ...cards(c),
  { type: 'result' },
];

describe('its options', () => {
  test.each([3, 9, 6.5])('a deck count of %s is refused (4 to 8, rule 3.4)', async (decks) => {
    const o = {
      ...{ broker: 'mqtt://127.0.0.1:1', tableId: 'K1', journalPath: join(tempDir('bb-keypad-'), 'k.journal') },
      ...{ keying: 'cards' as const, supervisors: new Supervisors(new Map()), version: '0.1.0', decks },
    };
    expect(() => new Keypad(o)).toThrow(/decks must be 4 to 8/);
  });
});

describe.skipIf(missing)(`the keypad on a real broker${missing ? ` (${missing})` : ''}`, () => {
  test('publishes the contract: every message parses, the snapshot is retained and the status online', async () => {
    const b = await broker();
    const sub = await collect(b.url, T.table('K1'));
    cleanups.push(() => sub.close());
    const kp = await keypad(b.url);
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 6 }, { type: 'shuffle' });
    await act(kp, { type: 'burn', card: '7H', count: 7 }, ...ROUND('9H KD 7S 7C'), { type: 'no-bet-coup' });
    await act(kp, ...cards('AH 2D AS AC 8D'), { type: 'result' });
    await kp.flushed();
    const snap = kp.snapshot();
    expect(snap?.hands).toHaveLength(2);
    await sub.until((m) => m.topic === T.tableShoe('K1') && JSON.parse(m.text).seq === snap?.seq);
    for (const m of sub.messages)
      expect(parseTopicMessage('baccarat', m.topic, m.text), m.text).toMatchObject({ ok: true });
    const events = sub.messages.filter((m) => m.topic === T.tableEvent('K1')).map((m) => JSON.parse(m.text).type);
    expect(events).toEqual([
      'table-closed', // a new keypad says its table closed at once (keypad/board-at-start.test.ts)
      'table-open',
      'shoe-start',
      'shuffle',
      'burn',
      'betting-open',
      'no-more-bets',
      'void-hand',
    ]);
    const late = await collect(b.url, T.table('K1'));
    cleanups.push(() => late.close());
    expect(JSON.parse((await late.until((m) => m.topic === T.tableShoe('K1'))).text)).toEqual(snap);
    expect(JSON.parse((await late.until((m) => m.topic === T.controllerStatus('K1'))).text)).toMatchObject({
      state: 'online',
      controllerId: 'ctl-K1',
    });
  });

  test('its outbox told as it empties: a view once the messages are acknowledged, newer than the reply', async () => {
    const b = await broker();
    const kp = await keypad(b.url);
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, { type: 'shuffle' });
    await kp.flushed();
    const views: KeypadView[] = [];
    kp.on('view', (v) => views.push(v));
    const r = await kp.request({ action: { type: 'bets-open' } });
    if (!r.ok) throw new Error(r.error);
    expect(r.view.link.pending).toBeGreaterThan(0); // the reply: its messages not yet acknowledged
    await kp.flushed();
    await until(() => expect(views.at(-1)?.link.pending).toBe(0));
    const done = views.at(-1)!;
    expect(done.revision).toBe(r.view.revision); // no action since: the revision alone cannot tell them apart
    expect(done.serial).toBeGreaterThan(r.view.serial);
    expect(isNewer(done, r.view)).toBe(false); // a reply arriving after it does not bring "to send" back
    expect(views.map((v) => v.serial)).toEqual([...views.map((v) => v.serial)].sort((a, b) => a - b));
  });

  test('dropped without a goodbye and started again from its journal: the same state, the same seq, the snapshot again', async () => {
    const b = await broker();
    const first = await keypad(b.url);
    await act(
      first,
      { type: 'open-table' },
      { type: 'new-shoe', decks: 8 },
      ...ROUND('9H KD 7S 7C'),
      { type: 'bets-open' },
      { type: 'no-more-bets' },
      ...cards('2S 3S'),
    );
    await first.flushed();
    const before = { view: first.view(), snap: first.snapshot() };
    // As a kill leaves it: no offline status, the journal as written.
    (first as unknown as { link: { outbox: { link: { abandon(): void } } } }).link.outbox.link.abandon();
    const journal = (first as unknown as { o: KeypadOptions }).o.journalPath;
    const sub = await collect(b.url, T.tableShoe('K1'));
    cleanups.push(() => sub.close());
    const again = await keypad(b.url, { journalPath: journal });
    expect(again.view().link.state).toBe('online'); // the retained status was its own
    expect(again.snapshot()).toEqual(before.snap);
    expect(again.view().round?.cards).toEqual(['2S', '3S']); // the cards of the round being dealt, too
    expect(again.view().shoe).toEqual(before.view.shoe);
    await until(() =>
      expect(sub.messages.filter((m) => !m.retain).map((m) => JSON.parse(m.text).seq)).toContain(before.snap?.seq),
    );
    await act(again, ...cards('4S 5S'), { type: 'result' });
    expect(again.snapshot()?.seq).toBe((before.snap?.seq ?? 0) + 0); // a result is a hand, not an event: same seq
    await act(again, { type: 'bets-open' });
    expect(again.snapshot()?.seq).toBe((before.snap?.seq ?? 0) + 1); // the next event: nothing reused, nothing skipped
  });

  // Found by a dealer: restarted with --keying outcome mid-shoe, the keypad sent the shoe's next hands without cards.
  test('restarted to key by outcome a shoe keyed by its cards: refused, nothing published; once it has ended, taken', async () => {
    const b = await broker();
    const first = await keypad(b.url);
    await act(first, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, ...ROUND('9H KD 7S 7C'));
    await first.flushed();
    await first.stop();
    const journal = (first as unknown as { o: KeypadOptions }).o.journalPath;
    await expect(keypad(b.url, { journalPath: journal, keying: 'outcome' })).rejects.toThrow(
      new KeypadStartRefused(
        'shoe 1 is being keyed by its cards (hand 1 has them): --keying outcome would record its next hands without ' +
          'cards. Keep --keying cards until the shoe ends (End shoe), then key the next one by outcome',
      ),
    );
    const again = await keypad(b.url, { journalPath: journal }); // by cards: as before, the journal intact
    expect(again.view().shoe?.hands).toHaveLength(1);
    await act(again, { type: 'end-shoe' });
    await again.flushed();
    await again.stop();
    const byOutcome = await keypad(b.url, { journalPath: journal, keying: 'outcome' });
    expect(byOutcome.view().keying).toBe('outcome');
  });

  test('a second keypad for the table is refused: it publishes nothing, and takes the table (and its shoe) once the first is gone', async () => {
    const b = await broker();
    const first = await keypad(b.url);
    await act(first, { type: 'open-table' });
    const sub = await collect(b.url, T.table('K1'));
    cleanups.push(() => sub.close());
    await sub.until((m) => m.topic === T.controllerStatus('K1'));
    const second = await keypad(b.url);
    expect(second.view().link).toMatchObject({
      state: 'refused',
      refusal: { why: 'another-keypad', holder: 'keypad', controllerId: 'ctl-K1', version: 'keypad 0.1.0' },
    });
    expect(await second.request({ action: { type: 'new-shoe', decks: 8 } })).toMatchObject({
      ok: false,
      code: 'refused',
      error: expect.stringMatching(/^another keypad serves this table \(controller ctl-K1, keypad 0\.1\.0, online at /),
    });
    expect(second.view().can['new-shoe']).toBe(false);
    await act(first, { type: 'new-shoe', decks: 8 }); // the first was never kicked off
    expect(first.view().link.state).toBe('online');
    expect((await second.recheck()).link.state).toBe('refused');
    await first.stop();
    await until(async () => expect((await second.recheck()).link.state).toBe('online'), 8000);
    // A spare on a new journal: it carries on the first one's shoe, open, from the broker's record.
    expect(second.view()).toMatchObject({
      tableOpen: true,
      shoe: { id: first.view().shoe?.id },
      carriedOn: { hands: 0 },
    });
    await act(second, { type: 'shuffle' });
  });

  test('a table the simulator deals: the refusal names the table simulator, not another keypad', async () => {
    const b = await broker();
    const sim = await startTableSimulator({ broker: b.url, tableId: 'K1', steps: [] });
    cleanups.push(() => sim.stop());
    const kp = await keypad(b.url);
    expect(kp.view().link).toMatchObject({
      state: 'refused',
      refusal: { why: 'another-keypad', holder: 'simulator', controllerId: 'ctl-K1', version: 'simulator 0.1.0' },
    });
    const refused = await kp.request({ action: { type: 'open-table' } });
    expect(refused).toMatchObject({ ok: false, code: 'refused' });
    expect(!refused.ok && refused.error).toMatch(
      /^the table simulator serves this table \(controller ctl-K1, simulator 0\.1\.0, online at /,
    );
  });

  test('its table taken over by another keypad: it yields for good, never taking the session back', async () => {
    const b = await broker();
    const kp = await keypad(b.url);
    // Another keypad with the same client id (its pre-check missed: started at the same moment), which says online.
    const intruder = await mqtt.connectAsync(b.url, {
      clientId: 'ctl-K1',
      clean: false,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    cleanups.push(() => intruder.endAsync(true));
    const online = {
      v: 1,
      state: 'online',
      controllerId: 'ctl-K1',
      version: '9.9.9',
      timestamp: new Date().toISOString(),
    };
    await intruder.publishAsync(T.controllerStatus('K1'), JSON.stringify(online), { qos: 1, retain: true });
    await until(() =>
      expect(kp.view().link).toMatchObject({
        state: 'refused',
        refusal: { why: 'taken-over', holder: 'controller', version: '9.9.9' },
      }),
    );
    await new Promise((r) => setTimeout(r, 3_000)); // longer than its grace and back-off: it would be back by now
    expect(intruder.connected).toBe(true);
  });

  test("a stale offline status (another client's last will) is answered with online again", async () => {
    const b = await broker();
    const kp = await keypad(b.url);
    const sub = await collect(b.url, T.controllerStatus('K1'));
    cleanups.push(() => sub.close());
    await sub.until((m) => JSON.parse(m.text).state === 'online');
    const other = await mqtt.connectAsync(b.url, { reconnectPeriod: 0 });
    cleanups.push(() => other.endAsync());
    const stale = {
      v: 1,
      state: 'offline',
      controllerId: 'ctl-K1',
      version: '0.1.0',
      timestamp: '2024-01-01T00:00:00.000Z',
    };
    await other.publishAsync(T.controllerStatus('K1'), JSON.stringify(stale), { qos: 1, retain: true });
    await until(() => expect(JSON.parse(sub.messages.at(-1)?.text ?? '{}').state).toBe('online'));
    expect(kp.view().link.state).toBe('online');
  });

  test("corrections need a supervisor's code; the journal records the name, never the code", async () => {
    const b = await broker();
    const kp = await keypad(b.url);
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, ...ROUND('9H KD 7S 7C'));
    const keyed = {
      outcome: 'player',
      playerPoints: 6,
      bankerPoints: 2,
      playerPair: false,
      bankerPair: false,
      natural: false,
    } as const;
    const action = { type: 'correct', handNo: 1, keyed } as const;
    expect(await kp.request({ action, supervisor: 'Lee', code: '0000' })).toMatchObject({
      ok: false,
      code: 'supervisor',
    });
    expect(await kp.request({ action })).toMatchObject({ ok: false });
    expect(await kp.request({ action, supervisor: 'Lee', code: '4821' })).toMatchObject({ ok: true });
    expect(kp.snapshot()?.hands[0]).toMatchObject({ ...keyed, corrected: { by: 'Lee' } });
    const { readFileSync } = await import('node:fs');
    const journal = readFileSync((kp as unknown as { o: KeypadOptions }).o.journalPath, 'utf8');
    expect(journal).toContain('"by":"Lee"');
    expect(journal).not.toContain('4821');
    copyFileSync((kp as unknown as { o: KeypadOptions }).o.journalPath, join(tempDir('bb-keypad-'), 'copy'));
  });
});

describe('the keypad on a broker that does not speak MQTT 5 (Aedes, as the demo embeds)', () => {
  test('it connects with MQTT 3.1.1 by itself, and keys a round', async () => {
    const b = await startAedes();
    cleanups.push(() => b.close());
    const kp = await keypad(b.url);
    await until(() => expect(kp.view().link.state).toBe('online'), 8000);
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 });
  });

  test('a table that keys cards takes no result without them; one that keys outcomes does', async () => {
    const b = await startAedes();
    cleanups.push(() => b.close());
    const keyed = {
      outcome: 'banker',
      playerPoints: 2,
      bankerPoints: 7,
      playerPair: false,
      bankerPair: false,
      natural: false,
    } as const;
    for (const keying of ['cards', 'outcome'] as const) {
      const kp = await keypad(b.url, { keying, tableId: `K-${keying}` });
      await until(() => expect(kp.view().link.state).toBe('online'), 8000);
      await act(
        kp,
        { type: 'open-table' },
        { type: 'new-shoe', decks: 8 },
        { type: 'bets-open' },
        { type: 'no-more-bets' },
      );
      const r = await kp.request({ action: { type: 'result', keyed } });
      if (keying === 'cards') {
        expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/keys cards .*never keyed without them/) });
        expect(kp.snapshot()?.hands ?? []).toHaveLength(0);
      } else {
        expect(r).toMatchObject({ ok: true });
        expect(kp.snapshot()?.hands[0]).toMatchObject(keyed);
      }
    }
  });

  test('asked for MQTT 5, it says what to do instead of retrying in silence', async () => {
    const b = await startAedes();
    cleanups.push(() => b.close());
    const kp = await keypad(b.url, { mqtt: { protocolVersion: 5 } });
    await until(() => expect(kp.view().link.error).toMatch(/does not speak MQTT 5; .*--protocol-version 4/), 8000);
    expect(kp.view().link.state).not.toBe('online');
  });
});
