/**
 * A table closed at its controller before it has any shoe (a dealer's keypad on a new journal closes its table at
 * once): the `table-closed` event is not retained and there is no snapshot, so a board that connected (or
 * restarted) afterwards used to show "Waiting for the table" rather than TABLE CLOSED. The controller's retained
 * status now says it (`tableOpen`). Against every real broker, with the controller link the simulator and the keypad
 * use, signed, to a board that requires signatures.
 */
import { describe, expect } from 'vitest';
import type { TableView } from '../contract/kiosk';
import { connectController } from '../simulator/controller-link';
import { createMessenger } from '../simulator/messages';
import { testBoardConfig } from '../test/helpers/board-config';
import { onEveryBroker } from '../test/helpers/every-broker';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { Bridge } from './bridge';
import type { Config } from './config';
import { memoryLogger } from './log';
import { generateSigningKey, publicKeyText } from './signing';

const cleanups = cleanupList();
const closed = (v: TableView) => v.notices.some((n) => n.kind === 'tableClosed');

async function closedBeforeAnyShoe(url: string, protocolVersion: 4 | 5): Promise<void> {
  const mqtt = { protocolVersion } as const;
  const key = generateSigningKey();
  const link = await connectController({ broker: url, tableId: 'T1', mqtt, signingKey: key });
  cleanups.push(() => link.stop());
  const dealer = createMessenger({ controllerId: link.controllerId, ...(link.sign && { sign: link.sign }) });
  for (const m of dealer.messagesFor({ type: 'table-closed' })) await link.publish(m);

  const trust = { requireSignatures: true, controllerKeys: [publicKeyText(key.publicKey)], pitKeys: [] };
  const configOf = (displayId: string): Config => {
    const c = testBoardConfig(url, `bb-ctl-closed-${displayId}-`, { trust, displayId });
    return { ...c, mqtt: { ...c.mqtt, clientId: `board-${displayId}` } };
  };
  const config = configOf('D1');
  const board = async (c: Config = config): Promise<Bridge> => {
    const bridge = new Bridge({ ...c, mqtt: { ...c.mqtt, protocolVersion } }, { logger: memoryLogger('warn').logger });
    cleanups.push(() => bridge.stop());
    await bridge.start();
    return bridge;
  };

  // A board that connects afterwards: no shoe, no event to see, only the retained status. TABLE CLOSED.
  const late = await board();
  await until(() => expect(closed(late.view())).toBe(true), 8_000);
  expect(late.view().shoe).toBeNull();
  expect(late.view().controllerOnline).toBe(true);
  expect(late.view().warnings.map((w) => w.code)).toEqual([]); // signed and trusted; nothing refused

  // Restarted (its journal kept): still closed, and still closed once the retained status comes again.
  await late.stop();
  const restarted = await board();
  expect(closed(restarted.view())).toBe(true); // from its journal at once
  await until(() => expect(restarted.view().controllerOnline).toBe(true), 8_000);
  expect(closed(restarted.view())).toBe(true);

  // The dealer opens the table: TABLE CLOSED ends.
  for (const m of dealer.messagesFor({ type: 'table-open' })) await link.publish(m);
  await until(() => expect(closed(restarted.view())).toBe(false), 8_000);

  // A board that connects now reads an open table: no TABLE CLOSED, nothing waiting on an event it never saw.
  const fresh = await board(configOf('D2'));
  await until(() => expect(fresh.view().controllerOnline).toBe(true), 8_000);
  expect(closed(fresh.view())).toBe(false);

  // Closed again and the controller says online again (a reconnection, a stale will overwritten): still closed.
  for (const m of dealer.messagesFor({ type: 'table-closed' })) await link.publish(m);
  await until(() => expect(closed(fresh.view())).toBe(true), 8_000);
  await link.sayOnline();
  const again = await board(configOf('D3'));
  await until(() => expect(closed(again.view())).toBe(true), 8_000);
}

describe('a board that connects after the controller closed its table, before any shoe', () => {
  onEveryBroker(cleanups, closedBeforeAnyShoe, 40_000);
});
