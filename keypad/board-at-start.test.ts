/**
 * What a board of the table shows as a keypad starts, on a real broker (Aedes) with a real board (the bridge): a
 * keypad on a new journal used to publish only its `online` status, and the board showed no table at all (no TABLE
 * CLOSED) while the keypad said Closed; a board that connected after a shoe was started on a table closed at the
 * keypad learned from the retained snapshot that it was closed, and still did not say so; and a board that connected
 * after a new keypad closed its table, with no shoe, showed "Waiting for the table" (the event is not retained):
 * the keypad's retained status says it now.
 */
import { join } from 'node:path';
import { act, SHOE_START } from '../test/helpers/keypad-actions';
import { describe, expect, test } from 'vitest';
import type { TableView } from '../contract/kiosk';
import { topics } from '../contract/topics';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import { generateSigningKey, type SigningKey } from '../mqtt-bridge/signing';
import { aedesFor, collect } from '../simulator/test-brokers';
import { startTableBoard } from '../test/helpers/board-config';
import { editRetained } from '../test/helpers/peek-retained';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';
import { startKeypad, type Keypad } from './keypad';
import { Supervisors } from './supervisors';

const T = topics('baccarat');
const cleanups = cleanupList();

const broker = () => aedesFor(cleanups);

/** A board of table B1, with a journal of its own, started now. */
const board = (url: string) => startTableBoard(url, 'B1', cleanups);

async function keypad(
  url: string,
  journalPath = join(tempDir('bb-kpb-'), 'keypad.journal'),
  now?: () => Date,
  signingKey?: SigningKey,
): Promise<Keypad> {
  const kp = await startKeypad({
    ...(now && { now }),
    ...(signingKey && { signingKey }),
    broker: url,
    tableId: 'B1',
    journalPath,
    keying: 'cards',
    supervisors: new Supervisors(new Map()),
    version: '0.1.0',
    backoff: { minMs: 100, maxMs: 400 },
  });
  cleanups.push(() => kp.stop().catch(() => undefined));
  return kp;
}

const closed = (v: TableView) => v.notices.some((n) => n.kind === 'tableClosed');

/** The table's key: the keypads here sign with it. */
const KEY = generateSigningKey();

/**
 * A keypad on a new journal that does not carry on the shoe the broker keeps (a spare carries one on: carry-on.test.ts):
 * that snapshot was edited on the broker after its keypad signed it, so it closes the table under it.
 */
async function notCarryingOn(url: string): Promise<Keypad> {
  await editRetained<ShoeSnapshot>(url, T.tableShoe('B1'), (s) => ({ ...s, decks: s.decks === 8 ? 6 : 8 }));
  const kp = await keypad(url, undefined, undefined, KEY);
  expect(kp.view().notCarriedOn?.reason).toMatch(/not signed by a key this keypad trusts/);
  return kp;
}

/** A keypad that opened the table and dealt a shoe `ago` ms ago (ten minutes), then went: its open snapshot stays. */
async function oldShoeLeft(url: string, ago = 600_000): Promise<Keypad> {
  const old = await keypad(url, undefined, () => new Date(Date.now() - ago), KEY);
  await act(old, ...SHOE_START);
  await old.flushed();
  expect(old.snapshot()).toMatchObject({ tableOpen: true });
  await old.stop();
  return old;
}

describe('a board as the keypad starts', () => {
  test('a new keypad says its table closed at once, and again when restarted; a board shows TABLE CLOSED', async () => {
    const b = await broker();
    const sub = await collect(b.url, T.table('B1'));
    cleanups.push(() => sub.close());
    const running = await board(b.url);
    const path = join(tempDir('bb-kpb-'), 'keypad.journal');
    const first = await keypad(b.url, path);
    expect(first.view().tableOpen).toBe(false);
    await until(() => expect(closed(running.view())).toBe(true));
    expect(running.view().controllerOnline).toBe(true);
    expect(running.view().shoe).toBeNull(); // no shoe invented
    // (The board may show it from the keypad's status, which says it too, before the event arrives.)
    await first.flushed();
    await sub.until((m) => m.topic === T.tableEvent('B1'));
    const events = sub.messages.filter((m) => m.topic === T.tableEvent('B1')).map((m) => JSON.parse(m.text));
    expect(events.map((e) => e.type)).toEqual(['table-closed']);
    expect(sub.messages.some((m) => m.topic === T.tableShoe('B1'))).toBe(false);
    // Restarted: the same message again (the same seq: a duplicate to a board that has it), and no second action.
    await first.flushed();
    await first.stop();
    const late = await collect(b.url, T.tableEvent('B1'));
    cleanups.push(() => late.close());
    const again = await keypad(b.url, path);
    expect(again.view().revision).toBe(first.view().revision);
    const republished = JSON.parse((await late.until((m) => m.text.includes('table-closed'))).text);
    expect(republished.seq).toBe(events[0].seq);
    // The dealer opens the table: the board follows, as before.
    await act(again, { type: 'open-table' });
    await until(() => expect(closed(running.view())).toBe(false));
  });

  test('a board that connects (or restarts) after a new keypad closed its table, with no shoe, shows TABLE CLOSED from its status', async () => {
    const b = await broker();
    const path = join(tempDir('bb-kpb-'), 'keypad.journal');
    const status = await collect(b.url, T.controllerStatus('B1'));
    cleanups.push(() => status.close());
    const statuses = () => status.messages.map((m) => JSON.parse(m.text) as { state: string; tableOpen?: boolean });
    const kp = await keypad(b.url, path);
    expect(kp.view().tableOpen).toBe(false);
    await kp.flushed();
    expect(kp.snapshot()).toBeNull(); // no shoe: no retained snapshot says it
    // Its first online status says it already (what it publishes first says closed): one status, not two.
    expect(statuses()).toEqual([expect.objectContaining({ state: 'online', tableOpen: false })]);
    const late = await board(b.url);
    await until(() => expect(closed(late.view())).toBe(true));
    expect(late.view().shoe).toBeNull();
    expect(late.view().controllerOnline).toBe(true);
    // The dealer opens the table: TABLE CLOSED ends, and a board started now shows none.
    await act(kp, { type: 'open-table' });
    await until(() => expect(closed(late.view())).toBe(false));
    await kp.flushed();
    const later = await board(b.url);
    await until(() => expect(later.view().controllerOnline).toBe(true));
    expect(closed(later.view())).toBe(false);
    // Closed again, the keypad restarted: a board started after both shows TABLE CLOSED.
    await act(kp, { type: 'close-table' });
    await kp.flushed();
    await kp.stop();
    const before = status.messages.length;
    const restarted = await keypad(b.url, path);
    await restarted.flushed();
    await until(() => expect(statuses().length).toBeGreaterThan(before));
    expect(statuses().slice(before)).toEqual([expect.objectContaining({ state: 'online', tableOpen: false })]);
    const last = await board(b.url);
    await until(() => expect(last.view().controllerOnline).toBe(true));
    await until(() => expect(closed(last.view())).toBe(true));
  });

  test('a board that connects after the shoe started on a closed table shows TABLE CLOSED from the snapshot', async () => {
    const b = await broker();
    const kp = await keypad(b.url);
    await act(kp, { type: 'new-shoe', decks: 6 }, { type: 'shuffle' });
    await kp.flushed();
    expect(kp.snapshot()).toMatchObject({ tableOpen: false, decks: 6 });
    const late = await board(b.url);
    await until(() => expect(late.view().shoe?.id).toBe(kp.view().shoe?.id));
    expect(late.view().shoe?.tableOpen).toBe(false);
    expect(closed(late.view())).toBe(true);
    await act(kp, { type: 'open-table' });
    await until(() => expect(closed(late.view())).toBe(false));
    // A board started now reads an open table from the snapshot: no TABLE CLOSED.
    await kp.flushed();
    const later = await board(b.url);
    await until(() => expect(later.view().shoe?.tableOpen).toBe(true));
    expect(closed(later.view())).toBe(false);
  });

  test('a keypad on a new journal that does not carry on the old shoe the broker keeps closes its table: TABLE CLOSED', async () => {
    const b = await broker();
    const old = await oldShoeLeft(b.url); // the keypad before; a new one replaces it
    const fresh = await notCarryingOn(b.url); // a new journal: it closes its table at once, and knows no shoe
    expect(fresh.view().tableOpen).toBe(false);
    await fresh.flushed();
    const late = await board(b.url);
    await until(() => expect(late.view().shoe?.id).toBe(old.view().shoe?.id)); // the old snapshot, still retained
    await until(() => expect(closed(late.view())).toBe(true));
    expect(late.view().shoe?.tableOpen).toBe(false);
    expect(late.view().warnings.map((w) => w.code)).not.toContain('table-open-unsure'); // later by ten minutes
    // The dealer opens and starts a shoe: open on the boards, the old snapshot replaced.
    await act(fresh, ...SHOE_START);
    await until(() => expect(late.view().shoe?.id).toBe(fresh.view().shoe?.id));
    expect(closed(late.view())).toBe(false);
  });

  test('a keypad that closed its table under the old shoe and then stopped: a board that starts later shows it closed', async () => {
    const b = await broker();
    const old = await oldShoeLeft(b.url);
    const fresh = await notCarryingOn(b.url); // closes its table at once, under the old open snapshot
    await fresh.flushed();
    await fresh.stop(); // its goodbye replaces its online status on the broker: it says the table closed too
    const late = await board(b.url);
    await until(() => expect(late.view().shoe?.id).toBe(old.view().shoe?.id));
    await until(() => expect(closed(late.view())).toBe(true));
    expect(late.view().shoe?.tableOpen).toBe(false);
    // Closed, so the controller's absence is expected: no controller-offline warning, and no doubt either.
    const codes = late.view().warnings.map((w) => w.code);
    expect(codes).not.toContain('controller-offline');
    expect(codes).not.toContain('table-open-unsure');
  });

  test('replaced within a second of the old shoe, the board cannot tell which is later: closed, and staff told', async () => {
    const b = await broker();
    const old = await oldShoeLeft(b.url, 0);
    await notCarryingOn(b.url); // a new journal, within a second or so: as close as two machines' clocks
    const late = await board(b.url);
    await until(() => expect(late.view().shoe?.id).toBe(old.view().shoe?.id));
    await until(() => expect(closed(late.view())).toBe(true));
    expect(late.view().warnings.map((w) => w.code)).toContain('table-open-unsure');
  });
});
