/**
 * What a dealer found the keypad did not say, in real Chromium at 1280×800, in English, 简体 and 繁體: a round voided
 * without a result (rule 12.6) in the hand strip (dashed, as void hands are) and in the last line, with why; the
 * "No bets this hand…" reasons in plain words first, the rule named; the deck-count buttons labelled; and the end
 * of the shoe counting hands as the board does ("3 hands + 2 void"). Saves PNGs to test/output/keypad/.
 */
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import type { DealerAction } from '../keypad/protocol';
import { LANGUAGES } from '../keypad/ui/locales';
import { act, KEYPAD_SCREENS as SCREENS, keypadRig, openKeypadPage, servedKeypad } from '../test/helpers/keypad-rig';
import { cleanupList } from '../test/helpers/lifecycle';

const rig = keypadRig();
const cleanups = cleanupList();

const keypadOn = (table: string) => servedKeypad(rig, cleanups, table);

const COUP: DealerAction[] = ['9H', 'KD', '7S', '7C'].map((card) => ({ type: 'card', card }));
const DEAL: DealerAction[] = [{ type: 'bets-open' }, { type: 'no-more-bets' }];
const HAND: DealerAction[] = [...DEAL, ...COUP, { type: 'result' }];

const open = (url: string, language: string) => openKeypadPage(rig, cleanups, url, [1280, 800], language);
const shot = (page: Page, name: string, language: string) =>
  page.screenshot({ path: join(SCREENS, `${name}${language === 'en' ? '' : `-${language}`}-1280x800.png`) });

const said = {
  en: {
    last: ['Last round: round 3', 'Round void: no result', 'Cannot be reconstructed — rule 12.6', 'hand 3 again'],
    strip: 'Void',
    reasons: [
      'First card face up — rule 12.3',
      'Third card exposed — rule 12.1 b',
      'Excess card exposed — rule 12.2 b',
      'Card dealt out of turn — house rule 4.3',
    ],
    decks: 'Decks in the new shoe',
    end: 'The last coup is dealt: end the shoe (3 hands + 2 void)',
    voidHand: 'Void hand (no bets): Banker 7 – 6',
  },
  'zh-Hans': {
    last: ['上一局：第 3 局', '此局作废：无结果', '发牌出错，无法还原（规则 12.6）', '下一局仍为第 3 局'],
    strip: '作废',
    reasons: ['首张牌面朝上（规则 12.3）', '第三张牌外露（规则 12.1 b）'],
    decks: '新牌靴的副数',
    end: '（3 局 + 2 局无效）',
    voidHand: '无效牌局（此局不设投注）：庄 7 – 6',
  },
  'zh-Hant': {
    last: ['上一局：第 3 局', '此局作廢：無結果', '發牌出錯，無法還原（規則 12.6）', '下一局仍為第 3 局'],
    strip: '作廢',
    reasons: ['首張牌正面朝上（規則 12.3）', '誤發第三張牌（規則 12.1 b）'],
    decks: '新牌靴的副數',
    end: '（3 局 + 2 局無效）',
    voidHand: '無效牌局（此局不設投注）：莊 7 – 6',
  },
} as const;

describe.skipIf(rig.missing)(`the keypad's words for a dealer${rig.missing ? ` (${rig.missing})` : ''}`, () => {
  test('the deck count is labelled; a voided round shows; reasons read; the end counts as the board', async () => {
    const { kp, server } = await keypadOn('W1');
    await act(kp, { type: 'open-table' });
    for (const language of LANGUAGES) {
      const page = await open(server.url, language);
      const label = page.locator('keypad-between [data-decks-label]');
      expect((await label.textContent())?.trim()).toBe(said[language].decks);
      expect(await label.isVisible()).toBe(true);
      // The buttons say what their numbers are to a screen reader too, and are grouped under the label.
      expect(await page.locator('keypad-between [data-decks="6"]').getAttribute('aria-label')).toMatch(/6/);
      expect(await page.getByRole('group', { name: said[language].decks }).count()).toBe(1);
      await shot(page, 'new-shoe', language);
      await page.close();
    }

    // Two hands, then round 3 voided without a result: the boards show ROUND VOID.
    await act(kp, { type: 'new-shoe', decks: 8 }, { type: 'burn', card: '7H', count: 7 }, ...HAND, ...HAND);
    await act(kp, ...DEAL, { type: 'card', card: '9H' }, { type: 'round-void', reason: 'cannot-reconstruct' });
    for (const language of LANGUAGES) {
      const page = await open(server.url, language);
      const last = page.locator('keypad-between [data-last-round-void="3"]');
      const text = (await last.textContent()) ?? '';
      for (const words of said[language].last) expect(text).toContain(words);
      expect(await page.locator('keypad-between [data-last-result]').count()).toBe(0);
      const entry = page.locator('keypad-hands [data-voided-round="3"]');
      expect(await entry.textContent()).toContain(said[language].strip);
      // Dashed, as the strip's void hands and no-bet coups are; the newest, first.
      expect(await entry.evaluate((e) => getComputedStyle(e).borderStyle)).toBe('dashed');
      expect(await page.locator('keypad-hands > *').first().getAttribute('data-voided-round')).toBe('3');
      expect(await last.evaluate((e) => getComputedStyle(e).borderStyle)).toBe('dashed');
      await shot(page, 'round-void', language);

      // "No bets this hand…": plain words first, the rule named.
      await page.locator('keypad-between [data-void-hand]').click();
      const options = page.locator('keypad-app .choice [data-choice]');
      const labels = (await options.allTextContents()).map((s) => s.trim());
      for (const reason of said[language].reasons) expect(labels).toContain(reason);
      await shot(page, 'no-bets-reasons', language);
      await page.close();
    }

    // A no-bet coup and a "No bets this hand" (2 void), a hand, then the cut card as the round's first card: that
    // round is the last coup. The shoe has 5 numbered hands: 3 on the roads, 2 void.
    await act(kp, { type: 'no-bet-coup' }, ...COUP, { type: 'result' });
    await act(kp, { type: 'void-hand', reason: 'first-card-face-up' }, ...COUP, { type: 'result' });
    // The void hand's last result says it had no bets, large, before its points, in no winner's colour: it read
    // "Banker wins 7 – 6" large, "void" small beside it, and a dealer glancing to pay could read a win.
    for (const language of LANGUAGES) {
      const page = await open(server.url, language);
      const last = page.locator('keypad-between [data-last-result="4"]');
      expect((await last.locator('.last-wins').textContent())?.trim()).toBe(said[language].voidHand);
      expect(await last.evaluate((e) => getComputedStyle(e).borderStyle)).toBe('dashed');
      await shot(page, 'void-hand-last', language);
      await page.close();
    }
    await act(kp, ...DEAL, { type: 'cut-card', firstCardOfRound: true }, ...COUP, { type: 'result' });
    const shoe = kp.view().shoe!;
    expect([shoe.hands.length, shoe.onRoads, shoe.complete]).toEqual([5, 3, true]);
    for (const language of LANGUAGES) {
      const page = await open(server.url, language);
      const end = page.locator('keypad-between [data-end-shoe]');
      expect((await end.textContent())?.trim()).toContain(said[language].end);
      await shot(page, 'end-shoe', language);
      await page.close();
    }
  }, 120_000);
});

/**
 * A card key greyed out because the shoe's every copy of it is dealt said nothing (a tester: a seventh A♠ in 6 decks):
 * the key now says why (its title and name), and a line under the grid names the way out for such a card on the
 * table, a card not of the set, in each language; the line pushes no key off the screen, either way up.
 */
describe.skipIf(rig.missing)(`a used-up card key says why${rig.missing ? ` (${rig.missing})` : ''}`, () => {
  const note = {
    en: 'A♠: all dealt from this shoe. A card not of the set? Round void… → A card not of the set',
    'zh-Hans': 'A♠：本牌靴已全部发出。非本副牌？按“本局作废…”→“出现非本副牌”',
    'zh-Hant': 'A♠：本牌靴已全部發出。不屬於本牌靴的牌？按「此局作廢…」→「發現不屬於本牌靴的牌」',
  } as const;

  test('four A♠ in a 4-deck shoe: the A♠ key’s title, and the way out under the grid', async () => {
    const { kp, server } = await keypadOn('W2');
    // A hand first: the hands' strip then takes its place at the foot, as it does but in a shoe's first round.
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 4 }, ...HAND, ...DEAL);
    await act(kp, ...['AS', 'AS', 'AS', 'AS'].map((card): DealerAction => ({ type: 'card', card })));
    expect(kp.view().shoe?.exhausted).toEqual(['AS']);
    for (const language of LANGUAGES)
      for (const size of [
        [1280, 800],
        [800, 1280],
      ] as const) {
        const page = await openKeypadPage(rig, cleanups, server.url, size, language);
        const grid = page.locator('keypad-round-screen keypad-card-grid');
        const key = grid.locator('button[data-card="AS"]');
        expect(await key.isDisabled()).toBe(true);
        expect(await key.getAttribute('title')).toBe(note[language].split(/[.。]/)[0]);
        expect(await key.getAttribute('aria-label')).toBe(await key.getAttribute('title'));
        expect(await grid.locator('button[data-card="KS"]').getAttribute('title')).toBeNull();
        const line = grid.locator('[data-used-up-note]');
        await page.screenshot({ path: join(SCREENS, `used-up-${language}-${size[0]}x${size[1]}.png`) });
        expect((await line.textContent())?.trim()).toBe(note[language]);
        // One line, above the hands' strip, with the last row of keys above it.
        const [l, k] = [(await line.boundingBox())!, (await grid.locator('button[data-card="KC"]').boundingBox())!];
        const foot = (await page.locator('keypad-app footer').boundingBox())!;
        const lines = await line.evaluate((e) => {
          const r = document.createRange();
          r.selectNodeContents(e);
          return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
        });
        // In landscape, where height is short, one line; in portrait it may take two.
        expect(lines, 'the line under the grid wraps').toBeLessThanOrEqual(size[0] > size[1] ? 1 : 2);
        expect(l.y + l.height).toBeLessThanOrEqual(foot.y);
        expect(foot.y + foot.height).toBeLessThanOrEqual(size[1]);
        expect(k.y + k.height).toBeLessThanOrEqual(l.y);
        await page.close();
      }
  }, 120_000);
});

/** A keypad whose hand 1 is recorded and bets open for hand 2, and its page in English. */
async function betsOpenFor(table: string) {
  const { kp, server } = await keypadOn(table);
  await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, ...HAND, { type: 'bets-open' });
  return { kp, page: await open(server.url, 'en') };
}

/**
 * "End shoe" with bets open (rule 7.10 lets the pit replace the cards after any round): the boards went from "Bets
 * open" straight to SHOE END, and the confirmation said nothing of the bets. It now says, as a warning, that they are
 * open, that their hand is not dealt in this shoe, and what becomes of the wagers.
 */
describe.skipIf(rig.missing)(`"End shoe" with bets open${rig.missing ? ` (${rig.missing})` : ''}`, () => {
  test('the confirmation warns of the open bets; confirmed, the shoe ends', async () => {
    const { kp, page } = await betsOpenFor('W3');
    await page.locator('keypad-between [data-end-shoe-early]').click();
    const warning = page.locator('keypad-confirm [data-warning]');
    expect(await warning.textContent()).toContain('Bets are open for hand 2: it will not be dealt in this shoe.');
    await shot(page, 'end-shoe-bets-open', 'en');
    await page.locator('keypad-confirm [data-confirm]').click();
    await expect.poll(() => kp.view().shoe?.phase).toBe('ended');
  }, 60_000);
});

/**
 * "No-bet coup" with bets open (found by a dealer): it went out at once, beside "No more bets", and every board said the
 * hand was dealt without wagers while they lay on the layout. It now asks first, warning that the wagers are not settled
 * on it; Back sends nothing.
 */
describe.skipIf(rig.missing)(`"No-bet coup" with bets open${rig.missing ? ` (${rig.missing})` : ''}`, () => {
  test('asks first, warning of the wagers; Back sends nothing, Confirm makes it a no-bet coup', async () => {
    const { kp, page } = await betsOpenFor('W4');
    await page.locator('keypad-between [data-no-bet-coup]').click();
    const warning = page.locator('keypad-confirm [data-warning]');
    expect(await warning.textContent()).toContain('Bets are open for hand 2: every board will say it is dealt');
    await shot(page, 'no-bet-coup-bets-open', 'en');
    await page.locator('keypad-confirm [data-back]').click();
    await page.waitForTimeout(300);
    expect(kp.view().shoe?.phase).toBe('betting'); // nothing was sent
    await page.locator('keypad-between [data-no-bet-coup]').click();
    await page.locator('keypad-confirm [data-confirm]').click();
    await expect.poll(() => kp.view().round?.voidHand).toBe('no-bet-coup');
  }, 60_000);
});
