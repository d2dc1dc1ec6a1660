/**
 * A board that holds a shoe and the controller's status saying the table closed: a dealer's keypad on a new journal
 * closes its table at once (its retained status says `tableOpen: false`), while the broker still keeps the old
 * retained snapshot, which says open. The board used to take the status only before it had a shoe, so a board that
 * held the old shoe showed the table open while it was closed. Now whichever of the two the controller said later
 * wins (`contract/table-open-word.ts`), and a stale status never closes a table whose newer shoe says open.
 * Against every real broker.
 */
import { describe, expect } from 'vitest';
import type { TableView } from '../contract/kiosk';
import { makeMessage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { connectController } from '../simulator/controller-link';
import { createMessenger } from '../simulator/messages';
import { testBoardConfig } from '../test/helpers/board-config';
import { onEveryBroker } from '../test/helpers/every-broker';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { Bridge } from './bridge';
import type { Config } from './config';
import { memoryLogger } from './log';

const cleanups = cleanupList();
const closed = (v: TableView) => v.notices.some((n) => n.kind === 'tableClosed');
const minutesAgo = (m: number) => () => new Date(Date.now() - m * 60_000).toISOString();

async function newJournalClosesHeldShoe(url: string, protocolVersion: 4 | 5): Promise<void> {
  const mqtt = { protocolVersion } as const;
  // The keypad before: it dealt shoe S1 with the table open, ten minutes ago, then went away.
  const old = await connectController({ broker: url, tableId: 'T1', mqtt, now: minutesAgo(10) });
  const before = createMessenger({ controllerId: old.controllerId, seqStart: 1_000, now: minutesAgo(10) });
  for (const step of [{ type: 'table-open' }, { type: 'shoe-start', shoeId: 'S1', shoeNo: 1, decks: 8 }] as const)
    for (const m of before.messagesFor(step)) await old.publish(m);
  expect(before.snapshot()?.tableOpen).toBe(true);

  const configOf = (displayId: string): Config => {
    const c = testBoardConfig(url, `bb-status-shoe-${displayId}-`, { displayId });
    return { ...c, mqtt: { ...c.mqtt, clientId: `board-${displayId}`, protocolVersion } };
  };
  const board = async (c: Config): Promise<Bridge> => {
    const bridge = new Bridge(c, { logger: memoryLogger('warn').logger });
    cleanups.push(() => bridge.stop());
    await bridge.start();
    return bridge;
  };
  const d1 = configOf('D1');
  const holder = await board(d1);
  await until(() => expect(holder.view().shoe?.id).toBe('S1'), 8_000);
  expect(closed(holder.view())).toBe(false);
  await holder.stop(); // away (a restart, a network cut) while the keypad changes
  await old.stop();

  // The keypad on a new journal: closed at once, as its page says; no shoe of its own, so the old snapshot stays.
  const fresh = await connectController({ broker: url, tableId: 'T1', mqtt, tableOpen: false });
  cleanups.push(() => fresh.stop());
  const now = createMessenger({ controllerId: fresh.controllerId, seqStart: 2_000 });
  for (const m of now.messagesFor({ type: 'table-closed' })) await fresh.publish(m);

  // The board that holds S1 (from its journal) comes back, its broker session gone (expired, or another broker):
  // it never sees the table-closed event. The status is later than the snapshot, so TABLE CLOSED.
  const back = await board({ ...d1, mqtt: { ...d1.mqtt, clientId: 'board-D1-again' } });
  await until(() => expect(back.view().controllerOnline).toBe(true), 8_000);
  await until(() => expect(closed(back.view())).toBe(true), 8_000);
  expect(back.view().shoe?.id).toBe('S1');
  expect(back.view().shoe?.tableOpen).toBe(false);
  // A board with no journal reads both retained messages, in whatever order: closed too.
  const other = await board(configOf('D2'));
  await until(() => expect(other.view().shoe?.id).toBe('S1'), 8_000);
  await until(() => expect(closed(other.view())).toBe(true), 8_000);
  expect(other.view().warnings.map((w) => w.code)).not.toContain('table-open-unsure');

  // The dealer opens and starts a new shoe: open; a stale status (a bridged broker's old copy) does not close it.
  for (const step of [{ type: 'table-open' }, { type: 'shoe-start', shoeId: 'S2', shoeNo: 1, decks: 8 }] as const)
    for (const m of now.messagesFor(step)) await fresh.publish(m);
  await until(() => expect(back.view().shoe?.id).toBe('S2'), 8_000);
  expect(closed(back.view())).toBe(false);
  const stale = { v: 1, state: 'online', controllerId: fresh.controllerId, version: 'keypad 0.1.0' } as const;
  const topic = topics('baccarat').controllerStatus('T1');
  const text = makeMessage('controllerStatus', { ...stale, timestamp: minutesAgo(1)(), tableOpen: false });
  await fresh.client.publishAsync(topic, text, { qos: 1, retain: true });
  const later = await board(configOf('D3'));
  await until(() => expect(later.view().shoe?.id).toBe('S2'), 8_000);
  await until(() => expect(later.view().controllerOnline).toBe(true), 8_000);
  expect(closed(later.view())).toBe(false);
  expect(closed(back.view())).toBe(false);
}

describe('a board holding a shoe when the controller says, later, that the table is closed', () => {
  onEveryBroker(cleanups, newJournalClosesHeldShoe, 60_000);
});
