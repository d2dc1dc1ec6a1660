/**
 * What the keypad said in English to a dealer whose keypad is in Chinese, and what a page reloaded forgot, in real
 * Chromium against a real Mosquitto: a card refused as the replacement of a card of the round (it would change the
 * third cards) is said in the keypad's language, in a toast that takes no tap from the card keys under it; a page
 * opened during the supervisors' lock-out counts the lock-out down, with Send off, as the page that was locked out did;
 * an undo the server finds too late (its clock) is refused in the keypad's language.
 */
import { describe, expect, test } from 'vitest';
import { hashCode, MAX_WRONG, Supervisors } from '../keypad/supervisors';
import { strings } from '../keypad/ui/locales';
import { act, keypadRig, openKeypadPage, servedKeypad } from '../test/helpers/keypad-rig';
import { cards, SHOE_START } from '../test/helpers/keypad-actions';
import { cleanupList } from '../test/helpers/lifecycle';

const rig = keypadRig();
const cleanups = cleanupList();
let tables = 0;

const START = SHOE_START;

describe.skipIf(rig.missing)(
  `the keypad's refusals, in the dealer's words${rig.missing ? ` (${rig.missing})` : ''}`,
  () => {
    test.each(['zh-Hans', 'zh-Hant', 'en'] as const)(
      '%s: a replacement card that would change the third cards is refused in the keypad’s language',
      async (language) => {
        const { kp, server } = await servedKeypad(rig, cleanups, `RF${++tables}`);
        // P 2♠ 3♦ (5: draws 4♥), B K♣ K♦: the Player's 3♦ made a 5 would make it 7, which stands: its third card goes.
        await act(kp, ...START, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('2S KC 3D KD 4H'));
        const page = await openKeypadPage(rig, cleanups, server.url, [1280, 800], language);
        await page.locator('keypad-round-screen keypad-round [data-at="player-2"]').click();
        await page.locator('keypad-round-screen [data-replacing]').waitFor();
        await page.locator('main keypad-card-grid button[data-card="5D"]').click();
        const toast = page.locator('keypad-app .toast[role="alert"]');
        await toast.waitFor();
        expect(await toast.textContent()).toContain(strings(language).recardThirdCards('5♦'));
        if (language !== 'en') expect(await toast.textContent()).not.toMatch(/[A-Za-z]{4,}/); // no English left
        expect(kp.view().round?.cards).toEqual(['2S', 'KC', '3D', 'KD', '4H']);
        // The toast lies over the card keys for 5 s: it takes no tap, the key beneath it does.
        const onToast = await page.evaluate(() => {
          const root = document.querySelector('keypad-app')!.shadowRoot!;
          const r = root.querySelector('.toast[role="alert"]')!.getBoundingClientRect();
          return root.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.classList.contains('toast') ?? true;
        });
        expect(onToast).toBe(false);
        // And it hides no card key: the dealer's next tap is another one (found by a dealer: it hid seven for 5 s).
        for (const size of [
          [1280, 800],
          [800, 1280],
        ] as const) {
          await page.setViewportSize({ width: size[0], height: size[1] });
          const hidden = await page.evaluate(() => {
            const root = document.querySelector('keypad-app')!.shadowRoot!;
            const t = root.querySelector('.toast[role="alert"]')!.getBoundingClientRect();
            const keys: DOMRect[] = []; // every card key, shadow roots included
            const walk = (r: ShadowRoot | Element, inGrid: boolean) => {
              for (const el of r.querySelectorAll('*')) {
                const grid = inGrid || el.localName === 'keypad-card-grid';
                if (grid && el.localName === 'button' && el.hasAttribute('data-card'))
                  keys.push(el.getBoundingClientRect());
                if (el.shadowRoot) walk(el.shadowRoot, grid);
                else if (el.localName === 'keypad-card-grid') walk(el, true);
              }
            };
            walk(root, false);
            if (keys.length < 52) return -1; // the grid not found: nothing checked
            return keys.filter((k) => k.x < t.right && t.x < k.right && k.y < t.bottom && t.y < k.bottom).length;
          });
          expect(hidden, `${size.join('×')}: card keys under the toast`).toBe(0);
        }
      },
      60_000,
    );

    test('a page opened during the supervisors’ lock-out counts it down, and Send stays off', async () => {
      const { kp, server } = await servedKeypad(rig, cleanups, `RF${++tables}`, {
        supervisors: new Supervisors(new Map([['Lee', await hashCode('4821')]])),
      });
      await act(kp, ...START, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9S KC KD 4S'), {
        type: 'result',
      });
      const wrong = { action: { type: 'void-recorded', handNo: 1, reason: 'cannot-reconstruct' }, supervisor: 'Lee' };
      for (let i = 0; i < MAX_WRONG; i++) await kp.request({ ...wrong, code: '0000' });
      expect(await kp.request({ ...wrong, code: '4821' })).toMatchObject({ ok: false, code: 'locked' });
      expect(kp.view().supervisorLock).not.toBeNull();
      // The page that was locked out is gone (reloaded, or another tablet): this one knows only what the server says.
      const page = await openKeypadPage(rig, cleanups, server.url);
      await page.locator('[data-supervisor]').click();
      const sv = (what: string) => page.locator(`keypad-supervisor ${what}`);
      // Said as soon as the panel opens, before any hand is picked: not only once there is something to send.
      await sv('[data-locked]').waitFor();
      expect(await sv('[data-locked]').textContent()).toMatch(/try again in [1-6]?\d s/);
      await sv('[data-pick-hand="1"]').click();
      expect(await sv('[data-locked]').count()).toBe(1);
      await sv('[data-mode="void"]').click();
      await sv('[data-reason="cannot-reconstruct"]').click();
      await sv('[data-name]').fill('Lee');
      await sv('[data-code]').fill('4821');
      const locked = sv('[data-locked]');
      await locked.waitFor();
      expect(await locked.textContent()).toMatch(/try again in [1-6]?\d s/);
      expect(await sv('[data-send]').isDisabled()).toBe(true);
      expect(kp.view().shoe?.hands[0]?.voided).toBeUndefined();
    }, 60_000);

    test('an undo the server finds too late is refused in the keypad’s language, not in English', async () => {
      let ahead = 0; // the keypad's clock runs ahead of the page's once the page shows Undo
      const { kp, server } = await servedKeypad(rig, cleanups, `RF${++tables}`, {
        now: () => new Date(Date.now() + ahead),
      });
      await act(kp, ...START, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9S KC KD 4S'), {
        type: 'result',
      });
      const page = await openKeypadPage(rig, cleanups, server.url, [1280, 800], 'zh-Hant');
      const undo = page.locator('keypad-between [data-undo]');
      await undo.waitFor();
      ahead = kp.undoMs + 1_000; // the window passed by the server's clock: the page's view still offers Undo
      await undo.click();
      const toast = page.locator('keypad-app .toast[role="alert"]');
      await toast.waitFor();
      expect(await toast.textContent()).toContain(strings('zh-Hant').undoExpired);
      expect(await toast.textContent()).not.toMatch(/[A-Za-z]{4,}/); // no English left
      expect(kp.view().shoe?.hands).toHaveLength(1);
      expect(kp.view().redo).toBeNull(); // not keyed again
    }, 60_000);
  },
);
