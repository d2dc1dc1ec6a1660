/**
 * The tablet's own link to the keypad, lost (the keypad killed, restarting, or the table's Wi-Fi gone): the page still
 * shows the last view it received, and said "Online" in green over it while every tap was refused behind a status
 * toast (the error hidden under it). Now its header says it is reconnecting to the keypad, and nothing on the screen
 * takes a tap.
 */
import { describe, expect, test } from 'vitest';
import type { DealerAction } from '../keypad/protocol';
import { act, keypadRig, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList } from '../test/helpers/lifecycle';

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

const SHOE: DealerAction[] = [
  { type: 'open-table' },
  { type: 'new-shoe', decks: 8 },
  { type: 'bets-open' },
  { type: 'no-more-bets' },
];

describe.skipIf(missing)(`the keypad without its broker${missing ? ` (${missing})` : ''}`, () => {
  // Found in review: the broker's English error stood under "正在连接牌台…" whatever the tablet's language.
  test("says so under 'Connecting to the table…' in the page's language, the keypad's English detail after", async () => {
    const { server } = await servedKeypad(rig, cleanups, 'PL2', { broker: 'mqtt://127.0.0.1:1' });
    for (const [language, starting, words] of [
      ['en', 'Connecting to the table…', "The keypad cannot connect to the table's server"],
      ['zh-Hans', '正在连接牌台…', '键盘无法连接牌台的服务器'],
      ['zh-Hant', '正在連線牌桌…', '鍵盤無法連線牌桌的伺服器'],
    ] as const) {
      const page = await rig.browser().newPage({ viewport: { width: 1280, height: 800 } });
      cleanups.push(() => page.close());
      await page.addInitScript((l) => localStorage.setItem('keypad.language', l), language);
      await page.goto(server.url);
      const error = page.locator('keypad-app main [data-link-error]');
      await error.waitFor();
      expect(await page.locator('keypad-app main .status').textContent()).toBe(starting);
      const text = (await error.textContent()) ?? '';
      expect(text.startsWith(words), `${language}: ${text}`).toBe(true);
      expect(text).toMatch(/(connect ECONNREFUSED 127\.0\.0\.1:1|Couldn't connect to server)[)）]$/);
      await page.close();
    }
  }, 60_000);
});

describe.skipIf(missing)(`the page without its keypad${missing ? ` (${missing})` : ''}`, () => {
  test('says so in its header, and takes no tap until it is back', async () => {
    const { kp, server } = await servedKeypad(rig, cleanups, 'PL1');
    await act(kp, ...SHOE);
    const page = await rig.browser().newPage({ viewport: { width: 1280, height: 800 }, hasTouch: true });
    cleanups.push(() => page.close());
    await page.goto(server.url);
    await page.locator('keypad-app main[data-screen="round"]').waitFor();
    expect(await page.locator('keypad-app [data-link="online"]').count()).toBe(1);
    expect(await page.locator('keypad-app main').getAttribute('inert')).toBeNull();

    await server.close(); // the page's WebSocket closes: the page keeps its last view
    await page.locator('keypad-app [data-link="page"]').waitFor();
    expect(await page.locator('keypad-app [data-link="online"]').count()).toBe(0);
    // It is the keypad the page lost, not the table: said so, not the start-up's "Connecting to the table…".
    expect(await page.locator('keypad-app [data-link="page"]').textContent()).toBe('Reconnecting to the keypad…');
    expect(await page.locator('keypad-app .toast.live').textContent()).toBe('Reconnecting to the keypad…');
    expect(await page.locator('keypad-app main').getAttribute('inert')).not.toBeNull();
    expect(await page.locator('keypad-app footer').getAttribute('inert')).not.toBeNull();
    // A card's key lies under the finger, but the tap reaches nothing: the round has no card.
    const key = (await page.locator('keypad-app main keypad-card-grid button').first().boundingBox())!;
    await page.touchscreen.tap(key.x + key.width / 2, key.y + key.height / 2);
    await page.waitForTimeout(300);
    expect(kp.view().round?.cards).toHaveLength(0);
  }, 60_000);
});
