/**
 * Two tablets on one table, racing, in real Chromium against a real Mosquitto: what the first took, the second's
 * tap meets refused, and the second tablet says why in its own language (it said "bets are open" in English to a
 * Chinese keypad). And a tablet whose address the keypad refuses (401: the keypad started again with another token)
 * says so and what to do, in its language, instead of "Reconnecting to the keypad…" for ever.
 */
import { describe, expect, test } from 'vitest';
import type { ActionResponse } from '../keypad/protocol';
import { startKeypadServer } from '../keypad/server';
import { strings } from '../keypad/ui/locales';
import { act, KEYPAD_UI, keypadRig, openKeypadPage, servedKeypad } from '../test/helpers/keypad-rig';
import { cards, SHOE_START } from '../test/helpers/keypad-actions';
import { cleanupList } from '../test/helpers/lifecycle';

const rig = keypadRig();
const cleanups = cleanupList();
let tables = 0;

const TOKEN = 'the-keypad-token-of-today';

describe.skipIf(rig.missing)(`two tablets on one table, racing${rig.missing ? ` (${rig.missing})` : ''}`, () => {
  test('two clients send "No more bets" at once: one takes it, the other is refused with its code', async () => {
    const { kp, server } = await servedKeypad(rig, cleanups, `RC${++tables}`);
    await act(kp, ...SHOE_START, { type: 'bets-open' });
    const base = new URL(server.url).origin;
    const send = async (body: unknown): Promise<[number, ActionResponse]> => {
      const res = await fetch(`${base}/api/action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return [res.status, (await res.json()) as ActionResponse];
    };
    const both = await Promise.all([
      send({ action: { type: 'no-more-bets' } }),
      send({ action: { type: 'no-more-bets' } }),
    ]);
    const [won, lost] = both[0][1].ok ? both : [both[1], both[0]];
    expect(won).toMatchObject([200, { ok: true }]);
    expect(lost).toEqual([400, { ok: false, error: 'a round is being dealt', code: 'round-dealt' }]); // English kept
    expect(kp.view().shoe?.phase).toBe('dealing');

    // The same for the last card of a coup: the second is refused as the coup complete.
    await act(kp, ...cards('9S KC KD'));
    const last = await Promise.all([
      send({ action: { type: 'card', card: '4S' } }),
      send({ action: { type: 'card', card: '5S' } }),
    ]);
    expect(last.map(([status]) => status).sort()).toEqual([200, 400]);
    expect(last.map(([, r]) => (r.ok ? null : r.code))).toContain('coup-complete');
    expect(kp.view().round?.cards).toHaveLength(4);
  }, 60_000);

  test('Close table confirmed on one tablet after the other opened bets: said in its language, with why', async () => {
    const { kp, server } = await servedKeypad(rig, cleanups, `RC${++tables}`);
    await act(kp, ...SHOE_START);
    const first = await openKeypadPage(rig, cleanups, server.url, [1280, 800], 'en');
    const second = await openKeypadPage(rig, cleanups, server.url, [1280, 800], 'zh-Hant');
    // The second tablet's dealer asks to close the table: its confirmation is on the screen...
    await second.locator('keypad-between [data-close-table]').click();
    await second.locator('keypad-confirm [data-confirm]').waitFor();
    // ...when the first tablet opens bets.
    await first.locator('keypad-between [data-bets-open]').click();
    await expect.poll(() => kp.view().shoe?.phase).toBe('betting');
    await second.locator('keypad-confirm [data-confirm]').click();
    const toast = second.locator('keypad-app .toast[role="alert"]');
    await toast.waitFor();
    const said = await toast.textContent();
    expect(said).toContain(strings('zh-Hant').refusals['bets-open-round']); // 下注中：請先按「停止下注」，並完成本局
    expect(said).not.toMatch(/[A-Za-z]{4,}/); // no English left
    expect(kp.view().tableOpen).toBe(true);
  }, 60_000);

  test.each(['en', 'zh-Hans', 'zh-Hant'] as const)(
    '%s: a page whose token the keypad refuses (401) says what to do, not "Reconnecting…"',
    async (language) => {
      const { kp } = await servedKeypad(rig, cleanups, `RC${++tables}`);
      await act(kp, ...SHOE_START);
      const server = await startKeypadServer({
        keypad: kp,
        host: '127.0.0.1',
        port: 0,
        token: TOKEN,
        uiDir: KEYPAD_UI,
      });
      cleanups.push(() => server.close());
      const t = strings(language);
      // Yesterday's address: the keypad was started again with today's token.
      const page = await rig.browser().newPage({ viewport: { width: 1280, height: 800 } });
      cleanups.push(() => (page.isClosed() ? undefined : page.close()));
      await page.addInitScript((l) => localStorage.setItem('keypad.language', l), language);
      await page.goto(server.url.replace(/#token=.*/, '#token=the-keypad-token-of-yesterday'));
      const said = page.locator('keypad-app [data-unauthorized]');
      await said.waitFor();
      expect(await said.textContent()).toBe(t.unauthorized);
      if (language !== 'en') expect(await said.textContent()).not.toMatch(/[A-Za-z]{4,}/);

      // With the right address it works; a 401 on a tap (the token refused meanwhile) is said the same way.
      const right = await openKeypadPage(rig, cleanups, server.url, [1280, 800], language);
      await right.route('**/api/action', (route) =>
        route.fulfill({ status: 401, contentType: 'text/plain', body: 'a valid token is required\n' }),
      );
      await right.locator('keypad-between [data-bets-open]').click();
      const toast = right.locator('keypad-app .toast[role="alert"]');
      await toast.waitFor();
      expect(await toast.textContent()).toBe(t.unauthorized);
      expect(kp.view().shoe?.phase).not.toBe('betting');
    },
    60_000,
  );
});
