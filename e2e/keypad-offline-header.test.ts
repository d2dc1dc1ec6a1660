/**
 * The keypad's header while its broker is down, on the smallest screen it is used on (1024 × 768, a tablet held
 * landscape): found by a dealer, "Offline: results are kept and sent when back" beside the table, shoe, hand, the
 * results to send, the language and the supervisor took the header to a second row, and the last result's box under
 * it gave way. In every language, the header stays one row and the words say what the dealer must know.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { act, SHOE_START } from '../test/helpers/keypad-actions';
import { KEYPAD_SCREENS, keypadRig, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList, until } from '../test/helpers/lifecycle';

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

describe.skipIf(missing)(`the keypad's header, offline${missing ? ` (${missing})` : ''}`, () => {
  test.for(['en', 'zh-Hans', 'zh-Hant'] as const)(
    '%s, 1024×768: one row, with "offline" and the results kept',
    async (language) => {
      const broker = rig.broker();
      // A table each: a keypad on a new journal would carry on the shoe the last one left on the broker.
      const { kp, server } = await servedKeypad(rig, cleanups, `T12${language.replace('-', '')}`);
      await act(kp, ...SHOE_START);
      await kp.flushed();
      const page = await rig.browser().newPage({ viewport: { width: 1024, height: 768 } });
      cleanups.push(() => page.close());
      await page.addInitScript((l) => localStorage.setItem('keypad.language', l), language);
      await page.goto(server.url);
      await page.locator('keypad-app main[data-screen]').waitFor();
      await broker.stop();
      cleanups.push(() => broker.restart());
      await until(() => expect(kp.view().link.state).toBe('offline'), 15_000);
      await act(kp, { type: 'bets-open' });
      await until(() => expect(kp.view().link.pending).toBeGreaterThan(0), 5000);
      await page.locator('keypad-app [data-link=offline]').waitFor();
      await page.locator('keypad-app [data-pending]').waitFor();
      await page.screenshot({ path: join(KEYPAD_SCREENS, `offline-header-1024x768-${language}.png`) });
      // Rows: each item starts a new one when it lies wholly under the row before.
      const header = await page.evaluate(() => {
        const el = document.querySelector('keypad-app')!.shadowRoot!.querySelector('header')!;
        const boxes = [...el.children]
          .map((c) => c.getBoundingClientRect())
          .filter((r) => r.width > 0)
          .sort((a, b) => a.top - b.top);
        let rows = 0;
        let bottom = -Infinity;
        for (const r of boxes) {
          if (r.top >= bottom - 1) rows++;
          bottom = r.top >= bottom - 1 ? r.bottom : Math.max(bottom, r.bottom);
        }
        const chip = el.querySelector('[data-link=offline]')!;
        return { rows, chip: chip.textContent!.trim(), overflow: el.scrollWidth - el.clientWidth };
      });
      expect(header.rows, 'rows').toBe(1);
      expect(header.overflow, 'nothing past its edge').toBeLessThanOrEqual(0);
      expect(header.chip).toMatch(/^(Offline · \d+ to send|离线 · 待发送 \d+|離線 · \d+ 項待發送)$/);
      // One chip says it: no "1 to send" beside it.
      expect(await page.locator('keypad-app [data-pending]').count()).toBe(1);
    },
  );
});
