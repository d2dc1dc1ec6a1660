/**
 * What the dealer reads on a spare keypad brought in mid-shoe (a real Mosquitto, the built page in Chromium): the
 * table's keypad dealt two rounds and went; the spare carried the shoe on from the broker's record, and its page
 * says so between rounds, in each language, until its first result. A spare that could not carry the shoe on (it
 * signs, and the record was not signed by a key it trusts) says that instead, as an alert, the reason in its title.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ShoeSnapshot } from '../contract/schemas/shoe';
import { topics } from '../contract/topics';
import { generateSigningKey, type SigningKey } from '../mqtt-bridge/signing';
import { act, cards, round, SHOE_START } from '../test/helpers/keypad-actions';
import { KEYPAD_SCREENS, keypadRig, openKeypadPage, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { editRetained } from '../test/helpers/peek-retained';

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

/** Table `tableId`'s keypad deals two rounds and stops (signed with `signingKey`, if given): its shoe stays on the broker. */
async function keypadGoes(tableId: string, signingKey?: SigningKey): Promise<void> {
  const { kp } = await servedKeypad(rig, cleanups, tableId, signingKey ? { signingKey } : {});
  await act(kp, ...SHOE_START, ...round('9H KD 7S 7C'), ...round('9S 8C 2D KD'));
  await kp.flushed();
  await kp.stop();
}

const WORDS = {
  en: /^Shoe 1 carried on from the table's record \(2 hands, \d\d:\d\d:\d\d\): check its last hand with the boards$/,
  'zh-Hans': /^已从本台记录接续第 1 靴（2 局，\d\d:\d\d:\d\d）：请与显示屏核对最后一局$/,
  'zh-Hant': /^已從本枱紀錄接續第 1 靴（2 局，\d\d:\d\d:\d\d）：請與顯示屏核對最後一局$/,
} as const;

describe.skipIf(missing)(`a spare keypad brought in mid-shoe${missing ? ` (${missing})` : ''}`, () => {
  test.for(['en', 'zh-Hans', 'zh-Hant'] as const)(
    '%s: says it carried the shoe on, until its first result',
    async (language) => {
      const table = `C${language.replace('-', '')}`;
      await keypadGoes(table);
      const { kp, server } = await servedKeypad(rig, cleanups, table);
      const page = await openKeypadPage(rig, cleanups, server.url, [1024, 768], language);
      const line = page.locator('keypad-app [data-carried-on]');
      await line.waitFor();
      expect((await line.textContent())!.trim()).toMatch(WORDS[language]);
      expect(await page.locator('keypad-app [data-hand-no]').textContent()).toMatch(/3/);
      await page.screenshot({ path: join(KEYPAD_SCREENS, `carried-on-1024x768-${language}.png`) });
      await act(kp, ...round('8C 2D KH 3S'));
      await page.locator('keypad-app [data-hand-no]').filter({ hasText: /4/ }).waitFor();
      expect(await line.count()).toBe(0);
    },
  );

  test('taken over mid-round: the round screen says to key the round again from its first card', async () => {
    const { kp: first } = await servedKeypad(rig, cleanups, 'CMID');
    await act(first, ...SHOE_START, ...round('9H KD 7S 7C'), { type: 'bets-open' }, { type: 'no-more-bets' });
    await act(first, ...cards('QS QD'));
    await first.flushed();
    await first.stop();
    const { kp, server } = await servedKeypad(rig, cleanups, 'CMID');
    const page = await openKeypadPage(rig, cleanups, server.url, [1024, 768]);
    const line = page.locator('keypad-app [data-carried-on-round="2"]');
    await line.waitFor();
    expect((await line.textContent())!.trim()).toBe(
      "Carried on from the table's record: key hand 2 again from its first card",
    );
    expect(kp.view().round).toMatchObject({ handNo: 2, cards: [] });
    await page.screenshot({ path: join(KEYPAD_SCREENS, 'carried-on-mid-round-1024x768-en.png') });
    await act(kp, ...cards('QS'));
    await until(async () => expect(await line.count()).toBe(0));
  });

  test('a record edited on the broker after it was signed: not carried on; an alert, and why for the pit', async () => {
    const key = generateSigningKey();
    await keypadGoes('CSIGN', key);
    await editRetained<ShoeSnapshot>(rig.broker().url, topics('baccarat').tableShoe('CSIGN'), (s) => ({
      ...s,
      decks: 6,
    }));
    const { server } = await servedKeypad(rig, cleanups, 'CSIGN', { signingKey: key });
    const page = await openKeypadPage(rig, cleanups, server.url, [1024, 768]);
    const alert = page.locator('keypad-app [data-not-carried-on]');
    await alert.waitFor();
    expect((await alert.locator('.said').textContent())!.trim()).toBe(
      "The table's shoe in progress was not carried on: the table is closed here. Tell the pit",
    );
    // Why, for the pit, in English, on the tablet (a title shows on no touch screen).
    const why = /^shoe 1 was not signed by a key this keypad trusts \(.+\)$/;
    expect((await alert.locator('[data-reason]').textContent())!.trim()).toMatch(why);
    expect(await alert.getAttribute('title')).toMatch(why);
    expect(await alert.getAttribute('role')).toBe('alert');
    await page.screenshot({ path: join(KEYPAD_SCREENS, 'not-carried-on-1024x768-en.png') });
  });

  test.for(['en', 'zh-Hans', 'zh-Hant'] as const)(
    '%s: refused while the table was held, "Check again" finds a shoe it may not carry on: the screen says why',
    async (language) => {
      const table = `CREF${language.replace('-', '')}`;
      const { kp: first } = await servedKeypad(rig, cleanups, table);
      await act(first, ...SHOE_START, ...round('9H KD 7S 7C'));
      await first.flushed();
      const { server } = await servedKeypad(rig, cleanups, table, { keying: 'outcome' });
      const page = await openKeypadPage(rig, cleanups, server.url, [1024, 768], language);
      await page.locator('keypad-app [data-refused="another-keypad"]').waitFor();
      await first.stop();
      await page.locator('keypad-app [data-check-again]').click();
      const screen = page.locator('keypad-app [data-refused="shoe"]');
      await screen.waitFor();
      expect((await screen.locator('[data-shoe-refused]').textContent())!.trim()).toMatch(
        /^the table's shoe 1 in progress is keyed by its cards: to carry it on, start this keypad with --keying cards; or, to start the table afresh, end that shoe/,
      );
      expect(await screen.getAttribute('role')).toBe('alert');
      expect(await screen.locator('[data-check-again]').isVisible()).toBe(true);
      await page.screenshot({ path: join(KEYPAD_SCREENS, `shoe-refused-1024x768-${language}.png`) });
    },
  );
});
