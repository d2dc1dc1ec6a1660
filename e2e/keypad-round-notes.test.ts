/**
 * The round screen with the most said over the cards (a real Mosquitto, the built page in Chromium): a spare keypad
 * took the table over mid-round (key the round again), the cut card came out in that round, and the pit closed the
 * table meanwhile. On every tablet size the keypad is used on, every card key and button stays in view: said above
 * the cards, the three pushed the clubs' keys under the hands' strip at 1024×768 (found by a pit supervisor).
 */
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { act, cards, round, SHOE_START } from '../test/helpers/keypad-actions';
import { KEYPAD_SCREENS, keypadRig, openKeypadPage, outOfView, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { signage } from '../test/helpers/table-messages';

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

/** The tablet sizes, and how many of the notes each must show with every key in view: all three, at every size. */
const SIZES = [
  [[1024, 768], 3],
  [[1280, 800], 3],
  [[800, 1280], 3],
  [[768, 1024], 3],
] as const;
const NOTES = ['[data-cut-card-out]', '[data-pit-closed]', '[data-carried-on-round="2"]'];

/** Publishes the pit's sign for the table, retained, as the console does. */
async function pitSign(url: string, revision: number, tableOpen: boolean, table = 'CNOTE'): Promise<void> {
  const pit = await mqtt.connectAsync(url);
  await pit.publishAsync(topics().tableSignage(table), makeTableSignage(signage(revision, { tableOpen })), {
    qos: 1,
    retain: true,
  });
  await pit.endAsync();
}

describe.skipIf(missing)(`the round screen with the most said${missing ? ` (${missing})` : ''}`, () => {
  test('every key in view at every tablet size, in every language', async () => {
    const { kp: first } = await servedKeypad(rig, cleanups, 'CNOTE');
    await act(first, ...SHOE_START, ...round('9H KD 7S 7C'), { type: 'bets-open' }, { type: 'no-more-bets' });
    await act(first, ...cards('QS'), { type: 'cut-card', firstCardOfRound: false }, ...cards('QD'));
    await first.flushed();
    await first.stop();
    const { kp, server } = await servedKeypad(rig, cleanups, 'CNOTE');
    await pitSign(rig.broker().url, 1, false);
    const check = async (notes: number, name: string) => {
      for (const [[width, height], room] of SIZES) {
        if (notes > room) continue;
        for (const language of ['en', 'zh-Hans', 'zh-Hant']) {
          const page = await openKeypadPage(rig, cleanups, server.url, [width, height], language);
          for (const what of NOTES.slice(0, notes)) await page.locator(`keypad-round-screen ${what}`).waitFor();
          for (const what of NOTES.slice(notes))
            expect(await page.locator(`keypad-round-screen ${what}`).count()).toBe(0);
          await page.screenshot({ path: join(KEYPAD_SCREENS, `round-${name}-${width}x${height}-${language}.png`) });
          expect(await outOfView(page), `${notes} notes, ${width}×${height} ${language}`).toEqual([]);
          await page.close();
        }
      }
    };
    expect(kp.view().round).toMatchObject({ handNo: 2, cards: [] });
    await check(3, 'three-notes');
    // The round keyed again from its first card, and the pit opened the table again: the cut card's note alone.
    await act(kp, ...cards('QS'));
    await pitSign(rig.broker().url, 2, true);
    await until(() => expect(kp.view().pit?.open).toBe(true));
    await check(1, 'cut-card-out');
  }, 120_000);

  test('between rounds with the most said: every button in view at every tablet size, in every language', async () => {
    const { kp: first } = await servedKeypad(rig, cleanups, 'CBETW');
    await act(first, ...SHOE_START, ...round('9H KD 7S 7C'), { type: 'bets-open' }, { type: 'no-more-bets' });
    await act(first, ...cards('QS'), { type: 'cut-card', firstCardOfRound: false }, ...cards('QD 9S 8C'));
    await act(first, { type: 'result' }); // LAST COUP: round 3 is the last
    await first.flushed();
    await first.stop();
    const { server } = await servedKeypad(rig, cleanups, 'CBETW');
    await pitSign(rig.broker().url, 1, false, 'CBETW');
    for (const [[width, height]] of SIZES)
      for (const language of ['en', 'zh-Hans', 'zh-Hant']) {
        const page = await openKeypadPage(rig, cleanups, server.url, [width, height], language);
        for (const what of ['[data-pit-closed]', '[data-carried-on]', '.banner.last'])
          await page.locator(`keypad-between ${what}`).waitFor();
        await page.screenshot({ path: join(KEYPAD_SCREENS, `between-most-said-${width}x${height}-${language}.png`) });
        expect(await outOfView(page), `${width}×${height} ${language}`).toEqual([]);
        await page.close();
      }
  }, 120_000);

  test('keyed by outcome, the cut card out and the pit closed: every button of the pad in view', async () => {
    const { kp, server } = await servedKeypad(rig, cleanups, 'COUT', { keying: 'outcome' });
    await act(kp, ...SHOE_START, { type: 'bets-open' }, { type: 'no-more-bets' });
    await act(kp, { type: 'cut-card', firstCardOfRound: false });
    await pitSign(rig.broker().url, 1, false, 'COUT');
    for (const [[width, height]] of SIZES)
      for (const language of ['en', 'zh-Hant']) {
        const page = await openKeypadPage(rig, cleanups, server.url, [width, height], language);
        for (const what of ['[data-pit-closed]', '[data-cut-card-out]'])
          await page.locator(`keypad-round-screen ${what}`).waitFor();
        await page.screenshot({ path: join(KEYPAD_SCREENS, `outcome-notes-${width}x${height}-${language}.png`) });
        expect(await outOfView(page), `${width}×${height} ${language}`).toEqual([]);
        await page.close();
      }
  }, 120_000);
});
