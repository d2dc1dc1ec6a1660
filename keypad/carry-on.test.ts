/**
 * A spare keypad brought in mid-shoe, on a real broker (Aedes) with a real board (the bridge): the table's keypad
 * dealt two rounds and went (its machine died); the spare, on a new journal and a clock ten minutes behind, carries
 * the shoe on from the broker's record instead of closing the table: the board never shows TABLE CLOSED, keeps its
 * roads, and takes the spare's next hand as hand 3. Restarted, the spare replays the same shoe from its journal.
 */
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import type { TableView } from '../contract/kiosk';
import { topics } from '../contract/topics';
import { generateSigningKey, type SigningKey } from '../mqtt-bridge/signing';
import { aedesFor, collect } from '../simulator/test-brokers';
import { act, round, SHOE_START } from '../test/helpers/keypad-actions';
import { startTableBoard } from '../test/helpers/board-config';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { editRetained, peekRetained } from '../test/helpers/peek-retained';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import type { ControllerStatus } from '../contract/schemas/status';
import { KeypadStartRefused, startKeypad, type Keypad, type KeypadOptions } from './keypad';
import { Supervisors } from './supervisors';

const T = topics('baccarat');
const cleanups = cleanupList();

const broker = () => aedesFor(cleanups);

async function keypad(url: string, o: Partial<KeypadOptions> = {}): Promise<Keypad> {
  const kp = await startKeypad({
    broker: url,
    tableId: 'S1',
    journalPath: join(tempDir('bb-carry-'), 'keypad.journal'),
    keying: 'cards',
    supervisors: new Supervisors(new Map()),
    version: '0.1.0',
    backoff: { minMs: 100, maxMs: 400 },
    ...o,
  });
  cleanups.push(() => kp.stop().catch(() => undefined));
  return kp;
}

/** The shoe's start of a 6-deck table. */
const sixDecks = SHOE_START.map((a) => (a.type === 'new-shoe' ? { ...a, decks: 6 } : a));

const closed = (v: TableView) => v.notices.some((n) => n.kind === 'tableClosed');

/** The table's keypad: opens, starts a shoe, deals two rounds, and goes. Its last event's seq. */
async function firstKeypadGoes(url: string, o: Partial<KeypadOptions> = {}): Promise<{ kp: Keypad; seq: number }> {
  const kp = await keypad(url, o);
  await act(kp, ...SHOE_START, ...round('9H KD 7S 7C'), ...round('9S 8C 2D KD'));
  await kp.flushed();
  const seq = kp.snapshot()!.seq;
  await kp.stop();
  return { kp, seq };
}

describe('a spare keypad brought in mid-shoe', () => {
  test('carries the shoe on: no TABLE CLOSED, the roads kept, its next hand is hand 3, and a restart replays it', async () => {
    const b = await broker();
    const running = await startTableBoard(b.url, 'S1', cleanups);
    const { kp: first, seq } = await firstKeypadGoes(b.url);
    await until(() => expect(running.view().shoe?.rounds).toHaveLength(2));
    const events = await collect(b.url, T.tableEvent('S1'));
    cleanups.push(() => events.close());
    const path = join(tempDir('bb-carry-'), 'spare.journal');
    const behind = () => new Date(Date.now() - 600_000); // its clock ten minutes behind the first's
    const spare = await keypad(b.url, { journalPath: path, now: behind });
    await until(() => expect(spare.view().link.state).toBe('online'), 8000);
    expect(spare.view()).toMatchObject({
      tableOpen: true,
      shoe: { id: first.view().shoe!.id, no: 1 },
      carriedOn: { shoeNo: 1, hands: 2, from: 'ctl-S1' },
    });
    expect(spare.view().notCarriedOn).toBeUndefined();
    await spare.flushed();
    // Its snapshot is the shoe the board has, at the first keypad's seq: nothing new to the board, nothing closed.
    expect(spare.snapshot()).toMatchObject({ seq, tableOpen: true, hands: [{ handNo: 1 }, { handNo: 2 }] });
    await until(() => expect(running.view().controllerOnline).toBe(true));
    expect(closed(running.view())).toBe(false);
    expect(running.view().shoe?.rounds).toHaveLength(2);
    // The next round: hand 3 on the board, its seq above the first keypad's though the spare's clock is behind.
    await act(spare, ...round('8C 2D KH 3S'));
    await until(() => expect(running.view().shoe?.rounds).toHaveLength(3));
    expect(running.view().shoe?.rounds[2]).toMatchObject({ no: 3, hand: { outcome: 'player', natural: true } });
    const sent = events.messages.map((m) => JSON.parse(m.text) as { type: string; seq: number });
    expect(sent.map((e) => e.type)).toEqual(['betting-open', 'no-more-bets']); // no table-closed, no shoe-start
    expect(Math.min(...sent.map((e) => e.seq))).toBe(seq + 1);
    expect(spare.view().carriedOn).toBeUndefined(); // said until its first result
    expect(closed(running.view())).toBe(false);
    // Restarted from its journal: the same shoe, the same seq, nothing carried on again.
    await spare.flushed();
    const before = spare.snapshot();
    await spare.stop();
    const again = await keypad(b.url, { journalPath: path, now: behind });
    await until(() => expect(again.view().link.state).toBe('online'), 8000);
    expect(again.snapshot()).toMatchObject({ seq: before!.seq, hands: before!.hands });
    expect(again.view().shoe?.hands).toHaveLength(3);
    await act(again, ...round('KS QD 9C 9D'));
    await until(() => expect(running.view().shoe?.rounds).toHaveLength(4));
  });

  test.each([
    ['its own key (a spare keyed with the table key)', 'own'],
    ['a key it trusts (--trust-key)', 'trusted'],
  ] as const)('that signs, a shoe signed by %s: carried on, and signed with its key from then on', async (_, which) => {
    const b = await broker();
    const tableKey: SigningKey = generateSigningKey();
    const spareKey = which === 'own' ? tableKey : generateSigningKey();
    await firstKeypadGoes(b.url, { signingKey: tableKey });
    const shoe = await collect(b.url, T.tableShoe('S1'));
    cleanups.push(() => shoe.close());
    const spare = await keypad(b.url, { signingKey: spareKey, trustKeys: [tableKey.publicKey] });
    await until(() => expect(spare.view().carriedOn).toMatchObject({ hands: 2 }), 8000);
    await spare.flushed();
    await until(() => expect(JSON.parse(shoe.messages.at(-1)!.text).sig.kid).toBe(spareKey.kid));
  });

  test.each([
    ['a key it does not trust', 'signed', /is signed by key [0-9a-f]{16}, which this keypad does not trust/],
    ['no key', 'unsigned', /is not signed: to carry it on, start it without --signing-key/],
  ] as const)(
    'that signs, a shoe signed by %s (a spare started without --trust-key): it refuses to start, and publishes nothing',
    async (_, how, reason) => {
      const b = await broker();
      await firstKeypadGoes(b.url, how === 'signed' ? { signingKey: generateSigningKey() } : {});
      const before = await peekRetained(b.url, T.tableShoe('S1'));
      const events = await collect(b.url, T.tableEvent('S1'));
      cleanups.push(() => events.close());
      const start = keypad(b.url, { signingKey: generateSigningKey() });
      await expect(start).rejects.toThrow(KeypadStartRefused);
      await expect(start).rejects.toThrow(reason);
      await new Promise((r) => setTimeout(r, 300));
      expect(events.messages).toEqual([]); // no TABLE CLOSED on a table in play
      expect(await peekRetained(b.url, T.tableShoe('S1'))).toEqual(before);
      expect(await peekRetained(b.url, T.controllerStatus('S1'))).toMatchObject({ state: 'offline' });
    },
  );

  test('that keys outcomes, a shoe keyed by its cards (a spare started with the wrong --keying): it refuses to start', async () => {
    const b = await broker();
    await firstKeypadGoes(b.url);
    const start = keypad(b.url, { keying: 'outcome' });
    await expect(start).rejects.toThrow(
      /shoe 1 in progress is keyed by its cards: to carry it on, start this keypad with --keying cards/,
    );
    expect(await peekRetained(b.url, T.controllerStatus('S1'))).toMatchObject({ state: 'offline', tableOpen: true });
  });

  test('refused while the table was held, then "Check again" finds a shoe it may not carry on: it stays off, says why, and takes the table once that shoe is gone', async () => {
    const b = await broker();
    const first = await keypad(b.url);
    await act(first, ...sixDecks, ...round('9H KD 7S 7C'));
    await first.flushed();
    const spare = await keypad(b.url, { keying: 'outcome' }); // refused: the first serves the table
    expect(spare.view().link).toMatchObject({ state: 'refused', refusal: { why: 'another-keypad' } });
    await first.stop();
    const before = await peekRetained(b.url, T.tableShoe('S1'));
    const events = await collect(b.url, T.tableEvent('S1'));
    cleanups.push(() => events.close());
    const refused =
      /^the table's shoe 1 in progress is keyed by its cards: to carry it on, start this keypad with --keying cards/;
    await until(async () => expect((await spare.recheck()).link).toMatchObject({ shoeRefused: refused }), 8000);
    expect(spare.view().link.state).toBe('refused');
    expect(spare.view().link.refusal).toBeUndefined();
    expect(await spare.request({ action: { type: 'bets-open' } })).toMatchObject({
      ok: false,
      code: 'refused',
      error: expect.stringMatching(refused),
    });
    expect((await spare.recheck()).link).toMatchObject({ state: 'refused', shoeRefused: refused }); // read again
    expect(events.messages).toEqual([]);
    expect(await peekRetained(b.url, T.tableShoe('S1'))).toEqual(before);
    expect(await peekRetained(b.url, T.controllerStatus('S1'))).toMatchObject({ state: 'offline', tableOpen: true });
    // IT deletes the table's retained shoe on the broker (as the reason says): the next "Check again" takes the table.
    const it = await mqtt.connectAsync(b.url);
    await it.publishAsync(T.tableShoe('S1'), '', { retain: true, qos: 1 });
    await it.endAsync();
    await until(async () => expect((await spare.recheck()).link.state).toBe('online'), 8000);
    expect(spare.view().link.shoeRefused).toBeUndefined();
    // Started afresh: the table's next shoe, offered with the deck count of the one it could not carry on (a trial).
    expect(spare.view()).toMatchObject({ tableOpen: false, shoe: null, newShoeDecks: 6 });
    await act(spare, { type: 'open-table' }, { type: 'new-shoe', decks: 6 });
    expect(spare.view().shoe).toMatchObject({ no: 2, decks: 6 });
  });

  test('that signs, a shoe edited on the broker after its signing: not carried on; the table closed, the dealer told why', async () => {
    const b = await broker();
    const key = generateSigningKey();
    await firstKeypadGoes(b.url, { signingKey: key });
    await editRetained<ShoeSnapshot>(b.url, T.tableShoe('S1'), (s) => ({ ...s, shoeNo: 7 }));
    const spare = await keypad(b.url, { signingKey: key });
    await until(() => expect(spare.view().link.state).toBe('online'), 8000);
    expect(spare.view()).toMatchObject({ tableOpen: false, shoe: null });
    expect(spare.view().notCarriedOn?.reason).toMatch(/^shoe 7 was not signed by a key this keypad trusts \(/);
    await act(spare, ...SHOE_START); // the dealer starts a new shoe, numbered after the table's: said no more
    expect(spare.view()).toMatchObject({ shoe: { no: 8 } });
    expect(spare.view().notCarriedOn).toBeUndefined();
  });

  test('the table closed since its snapshot (by a keypad that did not carry it on): carried on, closed', async () => {
    const b = await broker();
    await firstKeypadGoes(b.url, { now: () => new Date(Date.now() - 600_000) }); // its snapshot: open, 10 min ago
    // A keypad that closed the table since without carrying the shoe on (its snapshot was forged), and went: its
    // goodbye says closed, later than the snapshot's open.
    await editRetained<ControllerStatus>(b.url, T.controllerStatus('S1'), (s) => ({
      ...s,
      tableOpen: false,
      timestamp: new Date().toISOString(),
    }));
    const running = await startTableBoard(b.url, 'S1', cleanups);
    const spare = await keypad(b.url);
    await until(() => expect(spare.view().carriedOn).toMatchObject({ hands: 2 }), 8000);
    expect(spare.view().tableOpen).toBe(false);
    await spare.flushed();
    expect(spare.snapshot()).toMatchObject({ tableOpen: false, hands: [{ handNo: 1 }, { handNo: 2 }] });
    await until(() => expect(closed(running.view())).toBe(true));
    expect(running.view().shoe?.rounds).toHaveLength(2);
    await act(spare, { type: 'open-table' }, ...round('8C 2D KH 3S'));
    await until(() => expect(running.view().shoe?.rounds).toHaveLength(3));
    expect(closed(running.view())).toBe(false);
  });

  test("an ended shoe: nothing to carry on; the table closed, with nothing to alarm the dealer; the next shoe offered with the table's deck count", async () => {
    const b = await broker();
    const first = await keypad(b.url);
    await act(first, ...sixDecks, ...round('9H KD 7S 7C'), { type: 'end-shoe' });
    await first.flushed();
    await first.stop();
    const journalPath = join(tempDir('bb-carry-'), 'keypad.journal');
    const spare = await keypad(b.url, { journalPath });
    await until(() => expect(spare.view().link.state).toBe('online'), 8000);
    expect(spare.view()).toMatchObject({ tableOpen: false, shoe: null, newShoeDecks: 6 });
    expect(spare.view().notCarriedOn).toBeUndefined();
    expect(spare.view().carriedOn).toBeUndefined();
    await spare.stop(); // restarted before its first shoe: its journal still offers the table's count
    const again = await keypad(b.url, { journalPath });
    await until(() => expect(again.view().link.state).toBe('online'), 8000);
    expect(again.view()).toMatchObject({ shoe: null, newShoeDecks: 6 });
  });
});
