/**
 * A cut card keyed by mistake, withdrawn at the keypad's page (a real Mosquitto, the built page in Chromium): the
 * supervisor's panel offers it while the cut card is out, named by its round, in each language; sent with the
 * supervisor's name and code, the last coup goes from the header and the round screen, and the panel offers it no
 * more.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { hashCode, Supervisors } from '../keypad/supervisors';
import { act, cards, SHOE_START } from '../test/helpers/keypad-actions';
import { KEYPAD_SCREENS, keypadRig, openKeypadPage, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList, until } from '../test/helpers/lifecycle';

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

const WORDS = {
  en: 'Withdraw the cut card keyed in round 2 (none came out): LAST COUP ends',
  'zh-Hans': '撤回第 2 局误按的切牌卡（未出切牌卡）：取消“最后一局”',
  'zh-Hant': '撤回第 2 局誤按的切牌卡（未出切牌卡）：取消「最後一局」',
} as const;
/** The panel's title, with the cut card on offer, and without. */
const TITLES = {
  en: ['Supervisor: correct or void a hand, or withdraw the cut card', 'Supervisor: correct or void a hand'],
  'zh-Hans': ['主管：更正或作废一局，或撤回切牌卡', '主管：更正或作废一局'],
  'zh-Hant': ['主任：更正或作廢一局，或撤回切牌卡', '主任：更正或作廢一局'],
} as const;

describe.skipIf(missing)(`a cut card keyed by mistake${missing ? ` (${missing})` : ''}`, () => {
  test.for(['en', 'zh-Hans', 'zh-Hant'] as const)(
    '%s: the supervisor withdraws it from the panel, and the round goes on',
    async (language) => {
      const supervisors = new Supervisors(new Map([['Lee', await hashCode('4821')]]));
      const { kp, server } = await servedKeypad(rig, cleanups, `WD${language.replace('-', '')}`, { supervisors });
      await act(kp, ...SHOE_START, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9H KD 7S 7C'));
      await act(kp, { type: 'result' }, { type: 'bets-open' }, { type: 'no-more-bets' });
      await act(kp, { type: 'cut-card', firstCardOfRound: true });
      const page = await openKeypadPage(rig, cleanups, server.url, [1280, 800], language);
      await page.locator('keypad-app [data-last-coup]').first().waitFor(); // the header's chip, the round's banner
      await page.locator('keypad-app [data-supervisor]').click();
      const offer = page.locator('keypad-supervisor [data-mode="cut-card"]');
      const title = page.locator('keypad-supervisor #sv-title');
      expect((await title.textContent())!.trim()).toBe(TITLES[language][0]);
      expect((await offer.textContent())!.trim()).toBe(WORDS[language]);
      await offer.click();
      expect(await page.locator('keypad-supervisor [data-send]').isDisabled()).toBe(true);
      await page.locator('keypad-supervisor [data-name]').fill('Lee');
      await page.locator('keypad-supervisor [data-code]').fill('4821');
      await page.screenshot({ path: join(KEYPAD_SCREENS, `withdraw-cut-card-1280x800-${language}.png`) });
      await page.locator('keypad-supervisor [data-send]').click();
      await until(() => expect(kp.view().shoe?.lastCoup).toBeNull());
      await until(async () => expect(await page.locator('keypad-app [data-last-coup]').count()).toBe(0));
      expect(await page.locator('keypad-supervisor').count()).toBe(0); // closed once done
      await page.locator('keypad-app [data-supervisor]').click();
      expect(await page.locator('keypad-supervisor [data-mode="cut-card"]').count()).toBe(0);
      expect((await title.textContent())!.trim()).toBe(TITLES[language][1]);
    },
  );
});
