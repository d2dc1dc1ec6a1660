/**
 * What a tester found the keypad did not tell the dealer (its LOW findings 5 to 9 and 13), in real Chromium at both
 * orientations: the cut card out mid-round said at once; a burn count other than rule 7.9's flagged on the burn and
 * in its confirmation; the deck picker at the last shoe's count; one gold button with the table closed; the
 * supervisors' lock-out counted down with Send off; the outcome pad saying what to do. Saves PNGs to
 * test/output/keypad/ (gitignored) to look at.
 */
import { join } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import type { DealerAction, Keying } from '../keypad/protocol';
import { hashCode, MAX_WRONG, Supervisors } from '../keypad/supervisors';
import { act, KEYPAD_SCREENS, keypadRig, openKeypadPage, servedKeypad } from '../test/helpers/keypad-rig';
import { cards, SHOE_START } from '../test/helpers/keypad-actions';
import { cleanupList } from '../test/helpers/lifecycle';

const SIZES = [
  [1280, 800],
  [800, 1280],
] as const;

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

let tables = 0;
const keypadOn = async (keying: Keying = 'cards') =>
  servedKeypad(rig, cleanups, `DC${++tables}`, {
    keying,
    supervisors: new Supervisors(new Map([['Lee', await hashCode('4821')]])),
  });

const START = SHOE_START;
const HAND: DealerAction[] = [
  { type: 'bets-open' },
  { type: 'no-more-bets' },
  ...cards('9S KC KD 4S'),
  { type: 'result' },
];

const shot = (page: Page, name: string) => {
  const { width, height } = page.viewportSize()!;
  return page.screenshot({ path: join(KEYPAD_SCREENS, `${name}-${width}x${height}.png`) });
};

/** The gold buttons in view on the screen (the page's `primary` ones, disabled too: gold is gold). */
const golds = (page: Page) =>
  page
    .locator('keypad-app main button.primary')
    .evaluateAll((els) =>
      els
        .filter((e) => e.getBoundingClientRect().width > 0)
        .map((e) => e.getAttributeNames().find((n) => n.startsWith('data-'))),
    );

describe.skipIf(missing)(`what the keypad tells the dealer${missing ? ` (${missing})` : ''}`, () => {
  test.each(SIZES)(
    'the cut card out mid-round (11.2 b) is said on the round screen at once (%i×%i)',
    async (w, h) => {
      const { kp, server } = await keypadOn();
      await act(kp, ...START, ...HAND, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9C AD'));
      await act(kp, { type: 'cut-card', firstCardOfRound: false });
      const page = await openKeypadPage(rig, cleanups, server.url, [w, h]);
      const out = page.locator('keypad-round-screen [data-cut-card-out]');
      await out.waitFor();
      expect(await out.textContent()).toContain('Cut card out');
      expect(await out.textContent()).toContain('round 3'); // hand 2 is dealt, hand 3 is the last coup
      await shot(page, 'cue-cut-card-out');
      // Its result recorded, the banner becomes "Last coup: round 3" on the next round.
      await act(kp, ...cards('KH 5S'), { type: 'result' }, { type: 'bets-open' }, { type: 'no-more-bets' });
      await page.locator('keypad-round-screen [data-last-coup]').waitFor();
      expect(await out.count()).toBe(0);
    },
    60_000,
  );

  test.each(SIZES)(
    'a burn count other than rule 7.9 is flagged, and in its confirmation (%i×%i)',
    async (w, h) => {
      const { kp, server } = await keypadOn();
      await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 6 }, { type: 'shuffle' });
      const page = await openKeypadPage(rig, cleanups, server.url, [w, h]);
      await page.locator('keypad-app [data-burn]').click();
      await page.locator('main keypad-card-grid button[data-card="AH"]').click();
      await page.locator('keypad-app [data-burn-rule]').waitFor();
      expect(await page.locator('keypad-app [data-burn-differs]').count()).toBe(0);
      await page.locator('keypad-app [data-burn-more]').click();
      await page.locator('keypad-app [data-burn-more]').click();
      const differs = page.locator('keypad-app [data-burn-differs]');
      await differs.waitFor();
      expect(await differs.textContent()).toMatch(/rule 7\.9.*says 1.*is 3/);
      await shot(page, 'cue-burn-differs');
      await page.locator('keypad-app [data-confirm-burn]').click();
      const warning = page.locator('keypad-confirm [data-warning]');
      await warning.waitFor();
      expect(await warning.textContent()).toContain('rule 12.7');
      await shot(page, 'cue-burn-differs-confirm');
      await page.locator('keypad-confirm [data-confirm]').click();
      // The page leaves the burn screen as it sends the burn; the keypad takes it a moment later (a busy CI read null).
      await expect.poll(() => kp.view().shoe?.burn ?? null).toMatchObject({ count: 3, expected: 1 });
    },
    60_000,
  );

  test.each(SIZES)(
    'after a 6-deck shoe, a closed table offers 6 decks, one gold button (%i×%i)',
    async (w, h) => {
      const { kp, server } = await keypadOn();
      await act(
        kp,
        { type: 'open-table' },
        { type: 'new-shoe', decks: 6 },
        { type: 'shuffle' },
        { type: 'burn', card: '7H', count: 7 },
      );
      await act(kp, ...HAND, { type: 'end-shoe' }, { type: 'close-table' });
      const page = await openKeypadPage(rig, cleanups, server.url, [w, h]);
      expect(await page.locator('keypad-app [data-decks="6"]').getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('keypad-app [data-decks="8"]').getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator('keypad-app [data-new-shoe]').textContent()).toContain('6 decks');
      // Closed, the shoe ended: the new shoe is next (prepared while closed), "Open table" is plain.
      expect(await golds(page)).toEqual(['data-new-shoe']);
      await shot(page, 'cue-closed-ended');
      // The dealer's own pick stands until that shoe starts; the next new shoe offers that one's count.
      await page.locator('keypad-app [data-decks="8"]').click();
      expect(await page.locator('keypad-app [data-new-shoe]').textContent()).toContain('8 decks');
      await act(kp, { type: 'new-shoe', decks: 5 }, { type: 'shuffle' }, { type: 'burn', card: '7H', count: 7 });
      // Closed, the shoe ready: bets cannot open on a closed table, so opening it is the one gold step.
      await page.locator('keypad-app [data-open-table].primary').waitFor();
      expect(await golds(page)).toEqual(['data-open-table']);
      await shot(page, 'cue-closed-ready');
      await act(kp, { type: 'end-shoe' });
      await page.locator('keypad-app [data-new-shoe]').waitFor();
      expect(await page.locator('keypad-app [data-new-shoe]').textContent()).toContain('5 decks');
    },
    60_000,
  );

  test('a new keypad configured for 6 decks (--decks 6) offers 6 for its first shoe, then the last shoe’s', async () => {
    const { kp, server } = await servedKeypad(rig, cleanups, `DC${++tables}`, { decks: 6 });
    const page = await openKeypadPage(rig, cleanups, server.url);
    expect(await page.locator('keypad-app [data-decks="6"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('keypad-app [data-new-shoe]').textContent()).toContain('6 decks');
    // A short shoe of 4, ended: the next offers 4, the table's last shoe (the pit's call, which the dealer carries).
    await act(kp, { type: 'new-shoe', decks: 4 }, { type: 'end-shoe' });
    await expect.poll(() => page.locator('keypad-app [data-new-shoe]').textContent()).toContain('4 decks');
  }, 60_000);

  test.each(SIZES)(
    'undo by cards: one wrong card replaced where it lies (%i×%i)',
    async (w, h) => {
      const { kp, server } = await keypadOn();
      await act(kp, ...START, ...HAND, { type: 'undo' }); // P 9♠ K♦, B K♣ 4♠: the Player's 9♠ was an 8♥
      const page = await openKeypadPage(rig, cleanups, server.url, [w, h]);
      await page.locator('keypad-round-screen keypad-round [data-at="player-1"]').click();
      const replacing = page.locator('keypad-round-screen [data-replacing]');
      expect(await replacing.textContent()).toContain('9♠');
      await shot(page, 'cue-undo-replacing');
      await page.locator('main keypad-card-grid button[data-card="8H"]').click();
      await replacing.waitFor({ state: 'detached' });
      expect(kp.view().round?.cards).toEqual(['8H', 'KC', 'KD', '4S']);
      await page.locator('keypad-app [data-confirm-result]').click();
      await page.locator('keypad-app main[data-screen="between"]').waitFor();
      expect(kp.view().shoe?.hands[0]).toMatchObject({
        result: { outcome: 'player', playerPoints: 8, bankerPoints: 4 },
      });
    },
    60_000,
  );

  test('the supervisors’ lock-out counts down, and Send stays off until it ends', async () => {
    const { kp, server } = await keypadOn();
    await act(kp, ...START, ...HAND);
    const page = await rig.browser().newPage({ viewport: { width: 1280, height: 800 } });
    cleanups.push(() => page.close());
    await page.clock.install();
    await page.goto(server.url);
    await page.locator('keypad-app main[data-screen]').waitFor();
    await page.locator('[data-supervisor]').click();
    const sv = (what: string) => page.locator(`keypad-supervisor ${what}`);
    await sv('[data-pick-hand="1"]').click();
    await sv('[data-mode="void"]').click();
    await sv('[data-reason="cannot-reconstruct"]').click();
    await sv('[data-name]').fill('Lee');
    for (let i = 0; i < MAX_WRONG; i++) {
      await sv('[data-code]').fill('0000');
      await Promise.all([page.waitForResponse((r) => r.url().includes('/api/')), sv('[data-send]').click()]);
    }
    const locked = sv('[data-locked]');
    await locked.waitFor();
    expect(await locked.textContent()).toMatch(/try again in (59|60) s/);
    await sv('[data-code]').fill('4821');
    expect(await sv('[data-send]').isDisabled()).toBe(true);
    await shot(page, 'cue-locked');
    await page.clock.runFor(30_000);
    expect(await locked.textContent()).toMatch(/try again in (29|30) s/);
    expect(await sv('[data-send]').isDisabled()).toBe(true);
    await page.clock.runFor(31_000);
    await locked.waitFor({ state: 'detached' });
    expect(await sv('[data-send]').isEnabled()).toBe(true);
    expect(kp.view().shoe?.hands[0]?.voided).toBeUndefined(); // nothing was sent while locked
  }, 90_000);

  test.each(SIZES)(
    'the outcome pad says what to do, and fills the screen (%i×%i)',
    async (w, h) => {
      const { kp, server } = await keypadOn('outcome');
      await act(kp, ...START.slice(0, 3), { type: 'bets-open' }, { type: 'no-more-bets' });
      const page = await openKeypadPage(rig, cleanups, server.url, [w, h]);
      const line = page.locator('keypad-round-screen [data-status="key-result"]');
      expect(await line.textContent()).toContain('No more bets — key the result of hand 1');
      await shot(page, 'cue-outcome');
      // In portrait the pad takes the height it has: no dark void above it (it was over half the screen).
      if (h > w) {
        const main = (await page.locator('keypad-app main').boundingBox())!;
        const lineBox = (await line.boundingBox())!;
        const pad = (await page.locator('keypad-round-screen keypad-outcome').boundingBox())!;
        expect(pad.height + lineBox.height).toBeGreaterThan(main.height * 0.6);
        const winner = (await page.locator('keypad-outcome [data-outcome="banker"]').boundingBox())!;
        expect(winner.height).toBeGreaterThanOrEqual(120);
      }
    },
    60_000,
  );
});
