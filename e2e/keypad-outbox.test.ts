/**
 * The keypad's "N to send" in real Chromium: it goes as soon as the broker has acknowledged the messages, even when
 * the reply to the dealer's tap (saying they were still to send) reaches the page after the push that said they were
 * sent. Found by hand: the badge stayed until the next action while `/api/view` said `pending: 0`, and a dealer may
 * key results again on seeing it.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startKeypad } from '../keypad/keypad';
import type { DealerAction } from '../keypad/protocol';
import { startKeypadServer } from '../keypad/server';
import { hashCode, Supervisors } from '../keypad/supervisors';
import { KEYPAD_UI as UI, keypadRig } from '../test/helpers/keypad-rig';
import { cleanupList, tempDir, until } from '../test/helpers/lifecycle';

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

describe.skipIf(missing)(`the keypad's outbox badge${missing ? ` (${missing})` : ''}`, () => {
  test('goes once the messages are acknowledged, though the reply to the tap arrives after', async () => {
    const kp = await startKeypad({
      broker: rig.broker().url,
      tableId: 'OB1',
      journalPath: join(tempDir('bb-kpo-'), 'keypad.journal'),
      keying: 'cards',
      supervisors: new Supervisors(new Map([['Lee', await hashCode('4821')]])),
      version: '0.1.0',
    });
    const server = await startKeypadServer({ keypad: kp, host: '127.0.0.1', port: 0, token: null, uiDir: UI });
    cleanups.push(
      () => kp.stop(),
      () => server.close(),
    );
    const actions: DealerAction[] = [
      { type: 'open-table' },
      { type: 'new-shoe', decks: 8 },
      { type: 'shuffle' },
      { type: 'burn', card: '7H', count: 7 },
    ];
    for (const action of actions) {
      const r = await kp.request({ action });
      if (!r.ok) throw new Error(r.error);
    }
    await kp.flushed();
    const page = await rig.browser().newPage({ viewport: { width: 1280, height: 800 } });
    cleanups.push(() => page.close());
    await page.goto(server.url);
    await page.locator('keypad-app main[data-screen]').waitFor();
    // The reply to the tap is held until the keypad has sent its messages and its push has said so.
    let replied = false;
    await page.route('**/api/action', async (route) => {
      const response = await route.fetch();
      await kp.flushed();
      await new Promise((r) => setTimeout(r, 300));
      await route.fulfill({ response });
      replied = true;
    });
    await page.locator('[data-bets-open]').click();
    await until(() => expect(replied).toBe(true), 5000);
    await page.locator('keypad-app [data-hand-no]').waitFor(); // the page is live
    await new Promise((r) => setTimeout(r, 300)); // the late reply has been read
    expect(kp.view().link.pending).toBe(0);
    expect(await page.locator('keypad-app [data-pending]').count()).toBe(0);
  });
});
