/**
 * A signing keypad that refused a forged take-over (an unsigned `online` on its table's status topic) tells the
 * dealer in its header, in each language, at both tablet sizes, without pushing the header off the screen; it keeps
 * serving the table.
 */
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { topics } from '../contract/topics';
import { generateSigningKey } from '../mqtt-bridge/signing';
import { KEYPAD_SCREENS, act, keypadRig, openKeypadPage, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList, until } from '../test/helpers/lifecycle';

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();
const SIZES = [
  [1280, 800],
  [800, 1280],
] as const;
const WORDS = {
  en: 'Unauthorized take-over refused',
  'zh-Hans': '已拒绝未经授权的接管',
  'zh-Hant': '已拒絕未經授權的接管',
};

describe.skipIf(missing)(`a forged take-over refused${missing ? ` (${missing})` : ''}`, () => {
  test('the header says so in the dealer’s language, and the keypad still serves', async () => {
    const { kp, server } = await servedKeypad(rig, cleanups, 'TO1', { signingKey: generateSigningKey() });
    await until(() => expect(kp.view().link.state).toBe('online'), 8000);
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 });
    await new Promise((r) => setTimeout(r, 300)); // its own online has come back to its watch
    const forger = await mqtt.connectAsync(rig.broker().url, { reconnectPeriod: 0 });
    const forged = {
      v: 1,
      state: 'online',
      controllerId: 'ctl-TO1',
      version: 'x',
      timestamp: new Date().toISOString(),
    };
    await forger.publishAsync(topics('baccarat').controllerStatus('TO1'), JSON.stringify(forged), { retain: true });
    await forger.endAsync();
    await until(() => expect(kp.view().link.takeOverRefused?.reason).toBe('unsigned'), 8000);
    for (const size of SIZES)
      for (const [language, words] of Object.entries(WORDS)) {
        const page = await openKeypadPage(rig, cleanups, server.url, size, language);
        const chip = page.locator('keypad-app header [data-take-over-refused]');
        await chip.waitFor();
        expect(await chip.textContent()).toContain(words);
        expect(await chip.getAttribute('title')).toBe('ctl-TO1: unsigned');
        expect(await page.locator('keypad-app header [data-link="online"]').count()).toBe(1);
        const fits = await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
        expect(fits, `${size.join('×')} ${language}: the page's width`).toBe(true);
        const box = await page.locator('keypad-app header [data-supervisor]').boundingBox();
        expect(box && box.x + box.width, `${size.join('×')} ${language}: the header's last button`).toBeLessThanOrEqual(
          size[0],
        );
        await page.screenshot({ path: join(KEYPAD_SCREENS, `take-over-refused-${size.join('x')}-${language}.png`) });
        await page.close();
      }
    expect(kp.view().link.state).toBe('online');
  }, 60_000);
});
