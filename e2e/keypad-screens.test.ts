/**
 * The keypad's screens in real Chromium at the tablet's two orientations (1280×800, 800×1280), in English,
 * Simplified and Traditional Chinese (every screen in Traditional, at both sizes: Macau and Hong Kong tables): between
 * rounds with the undo on offer, the round keyed by cards, by outcome, the burn, a confirmation, the supervisor's
 * panel, and the second keypad for a table, refused. Checks what a dealer relies on (every target at least 9 mm,
 * nothing cut off, the refusal said in words, every character drawn in a bundled font, never a system one) and saves
 * PNGs to test/output/keypad/ (gitignored) to look at.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright';
import { describe, expect, test } from 'vitest';
import type { DealerAction, Keying } from '../keypad/protocol';
import { hashCode, Supervisors } from '../keypad/supervisors';
import {
  act,
  KEYPAD_SCREENS as SCREENS,
  keypadRig,
  openKeypadPage,
  outOfView,
  servedKeypad,
} from '../test/helpers/keypad-rig';
import { cards } from '../test/helpers/keypad-actions';
import { cleanupList, until } from '../test/helpers/lifecycle';

/**
 * 9 mm in CSS px on the tablet of the page's size: 53 at a 10.1" 1280×800 tablet's 149 px to the inch; 47 at a 9.7"
 * 1024×768 one's 132 (keypad.css gives its targets 50 px there, to keep every card key in view).
 */
const nineMm = (width: number, height: number): number => (Math.max(width, height) === 1024 ? 47 : 53);
const SIZES = [
  [1280, 800],
  [800, 1280],
] as const;

/** Both sizes in each language, size by size. */
const everywhere = <L extends string>(languages: readonly L[]) =>
  SIZES.flatMap((size) => languages.map((language) => [size, language] as const));
/** A screen's file name: English's as before, the other languages' with theirs. */
const named = (screen: string, language: string) => (language === 'en' ? screen : `${screen}-${language}`);

const rig = keypadRig();
const { missing } = rig;
const cleanups = cleanupList();

const keypadOn = async (table: string, keying: Keying) =>
  servedKeypad(rig, cleanups, table, {
    keying,
    supervisors: new Supervisors(new Map([['Lee', await hashCode('4821')]])),
  });

const round = (c: string): DealerAction[] => [
  { type: 'bets-open' },
  { type: 'no-more-bets' },
  ...cards(c),
  { type: 'result' },
];

/** The page at a size and language, once it shows the keypad. */
const open = (url: string, size: readonly [number, number], language = 'en') =>
  openKeypadPage(rig, cleanups, url, size, language);

/** Every visible, enabled button: at least 9 mm each way, and inside the screen. */
async function targetsOk(page: Page): Promise<void> {
  const boxes = await page.evaluate(() => {
    const out: { text: string; w: number; h: number; right: number; bottom: number }[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (el.tagName !== 'BUTTON' || (el as HTMLButtonElement).disabled) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        out.push({ text: el.textContent?.trim() ?? '', w: r.width, h: r.height, right: r.right, bottom: r.bottom });
      }
    };
    walk(document);
    return out;
  });
  const { width, height } = page.viewportSize()!;
  for (const b of boxes) {
    expect(Math.min(b.w, b.h), `${b.text}: ${Math.round(b.w)}×${Math.round(b.h)}`).toBeGreaterThanOrEqual(
      nineMm(width, height),
    );
    expect(b.right, `${b.text} off the screen`).toBeLessThanOrEqual(width + 0.5);
    expect(b.bottom, `${b.text} off the screen`).toBeLessThanOrEqual(height + 0.5);
  }
}

/** Whether the element is wholly visible: in the screen and not scrolled out of a scrolling box (IntersectionObserver). */
const wholly = (el: Locator): Promise<boolean> =>
  el.evaluate(
    (e) =>
      new Promise<boolean>((resolve) => {
        const io = new IntersectionObserver(([entry]) => {
          io.disconnect();
          resolve(entry!.intersectionRatio > 0.99);
        });
        io.observe(e);
      }),
  );

interface FontNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  children?: FontNode[];
  shadowRoots?: FontNode[];
}

/**
 * Every font Chromium drew the page's text with (shadow roots too), by the DevTools protocol's
 * CSS.getPlatformFontsForNode: a system font there is a character no bundled face draws.
 */
async function systemFonts(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: FontNode };
  const elements: number[] = [];
  const walk = (n: FontNode) => {
    if (n.nodeType === 1 && !['HEAD', 'STYLE', 'SCRIPT'].includes(n.nodeName)) elements.push(n.nodeId);
    for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) walk(c);
  };
  walk(root);
  const system = new Set<string>();
  // Asked all at once: the protocol answers each in turn, without a round trip per element between them.
  const answers = await Promise.all(elements.map((nodeId) => cdp.send('CSS.getPlatformFontsForNode', { nodeId })));
  for (const { fonts } of answers)
    for (const f of fonts) if (!f.isCustomFont) system.add(`${f.familyName} (${f.glyphCount} glyphs)`);
  await cdp.detach();
  return [...system];
}

/**
 * Checks that no text is in a system font, saves the screen and, unless `keep`, closes the page (a page left open
 * keeps its WebSocket and work). English keeps its names; the Chinese screens carry the language.
 */
const shot = async (page: Page, name: string, keep = false) => {
  const { width, height } = page.viewportSize()!;
  expect(await systemFonts(page), `${name}: text in a system font`).toEqual([]);
  await page.screenshot({ path: join(SCREENS, `${name}-${width}x${height}.png`) });
  if (!keep) await page.close();
};

describe.skipIf(missing)(`the keypad's screens${missing ? ` (${missing})` : ''}`, () => {
  test('by cards: between rounds (undo on offer), the round, the burn, a confirmation, the supervisor', async () => {
    const { kp, server } = await keypadOn('S1', 'cards');
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, { type: 'shuffle' });
    for (const [size, language] of everywhere(['en', 'zh-Hant'])) {
      const page = await open(server.url, size, language);
      // Shuffled, not burned: the burn is the gold button, not "Bets open" (found by a dealer: it skipped the burn).
      expect(await page.locator('keypad-app [data-burn]').getAttribute('class')).toMatch(/primary/);
      expect(await page.locator('keypad-app [data-bets-open]').getAttribute('class')).not.toMatch(/primary/);
      expect(await page.locator('keypad-app [data-status]').getAttribute('data-status')).toBe('burnNext');
      await shot(page, named('burn-next', language), true);
      await page.locator('[data-burn]').click();
      await page.locator('main keypad-card-grid button[data-card="7H"]').click();
      await targetsOk(page);
      expect(await outOfView(page)).toEqual([]);
      await shot(page, named('burn', language), true);
      await page.locator('[data-confirm-burn]').click();
      await targetsOk(page);
      await shot(page, named('confirm', language));
    }
    await act(kp, { type: 'burn', card: '7H', count: 7 }, { type: 'no-bet-coup' }, ...cards('9H KD 7S 7C'));
    {
      // A coup with no bets is confirmed as one: "Confirm result: Banker wins 7 – 6" read as a win at the moment the
      // dealer announces it (found by a dealer).
      const page = await open(server.url, SIZES[0], 'en');
      expect(await page.locator('[data-confirm-result]').textContent()).toMatch(
        /^\s*Confirm · No-bet coup \(no bets\): Banker 7 – 6\s*$/,
      );
      await page.close();
    }
    await act(kp, { type: 'result' });
    await act(kp, ...round('AH 2D 2S 3C 4H 9C'), ...round('8C 8D 8H 8S'));
    for (const [size, language] of everywhere(['en', 'zh-Hant'])) {
      const page = await open(server.url, size, language);
      expect(await page.locator('[data-undo]').isVisible()).toBe(true);
      await targetsOk(page);
      expect(await outOfView(page)).toEqual([]);
      await shot(page, named('between', language));
    }
    // While a hand is keyed again (the undo), the header names that hand, not the next (found by hand: it read
    // "Hand 3" over "Keying hand 2 again (undo)").
    const next = kp.view().shoe!.nextHandNo;
    await act(kp, { type: 'undo' });
    const again = kp.view().redo!.handNo;
    expect(again).toBe(next - 1);
    {
      const page = await open(server.url, SIZES[0], 'en');
      expect(await page.locator('keypad-app [data-hand-no]').getAttribute('data-hand-no')).toBe(String(again));
      expect(await page.locator('keypad-app [data-hand-no]').textContent()).toBe(`Hand ${again}`);
    }
    await act(kp, { type: 'cancel-undo' });
    await act(kp, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('QH 5S 4D'));
    // Also portrait tablets under 800 px (an iPad's 768, an iPad mini's 744): every key and button on the screen, each
    // suit's cards on two rows (found by a dealer: at 768 the kings and Confirm ran off it).
    const narrow = [
      [[768, 1024], 'en'],
      [[744, 1133], 'zh-Hant'],
    ] as const;
    for (const [size, language] of [...everywhere(['en', 'zh-Hant']), [SIZES[0], 'zh-Hans'] as const, ...narrow]) {
      const page = await open(server.url, size, language);
      expect(await page.locator('keypad-round [data-slot="banker-2"]').getAttribute('class')).toMatch(/next/);
      await targetsOk(page);
      expect(await outOfView(page)).toEqual([]);
      await shot(page, `round-cards-${language}`);
    }
    for (const [size, language] of [...everywhere(['en', 'zh-Hant']), [[768, 1024], 'en'] as const]) {
      const page = await open(server.url, size, language);
      await page.locator('[data-supervisor]').click();
      // Hand 1 was a no-bet coup: the picker says so, as the hands' strip does (a supervisor could not tell).
      if (language === 'en')
        expect(await page.locator('keypad-supervisor [data-pick-hand="1"] [data-void-hand]').textContent()).toMatch(
          /·\s*no-bet coup/,
        );
      expect(await page.locator('keypad-supervisor [data-pick-hand="2"] [data-void-hand]').count()).toBe(0);
      await page.locator('keypad-supervisor [data-pick-hand="2"]').click();
      await page.locator('keypad-supervisor [data-mode="correct"]').click();
      await targetsOk(page);
      // The hand's cards as recorded (P: A♥ 2♠ 4♥, B: 2♦ 3♣ 9♣), to change only what was wrong; nothing to send yet.
      const keyed = page.locator('keypad-supervisor keypad-round [data-card]');
      expect(await keyed.evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))).toEqual([
        'AH',
        '2S',
        '4H',
        '2D',
        '3C',
        '9C',
      ]);
      expect(await page.locator('keypad-supervisor [data-as-recorded]').isVisible()).toBe(true);
      // Found at 1280×800: the name, code and Send were below the dialog's fold, with no hint. They stay in view.
      for (const what of ['[data-close]', '[data-name]', '[data-code]', '[data-note]', '[data-send]'])
        expect(await wholly(page.locator(`keypad-supervisor ${what}`)), `${what} at ${size.join('×')}`).toBe(true);
      expect(await page.locator('keypad-supervisor [data-send]').isDisabled()).toBe(true);
      await page.locator('keypad-supervisor [data-take-back]').click();
      await page.locator('keypad-supervisor keypad-card-grid button[data-card="8C"]').click();
      await page.locator('keypad-supervisor [data-name]').fill('Lee');
      await page.locator('keypad-supervisor [data-code]').fill('4821');
      expect(await page.locator('keypad-supervisor [data-as-recorded]').count()).toBe(0);
      expect(await page.locator('keypad-supervisor [data-send]').isEnabled()).toBe(true);
      await targetsOk(page);
      await shot(page, named('supervisor', language));
    }
  }, 180_000);

  /**
   * Between rounds with the most said above the buttons: the last coup announced (the cut card came out mid-round),
   * the last result, the burn, and the undo on offer. At 1280×800 "End shoe" and "Close table" lay under the hands'
   * strip; what is said gives way (scrolls within itself) and the last coup is said before the last result.
   */
  test('between rounds with the last coup announced and the undo on offer, every button in view', async () => {
    const { kp, server } = await keypadOn('S6', 'cards');
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, { type: 'shuffle' });
    await act(kp, { type: 'burn', card: '7D', count: 7 }, ...round('8H QS KD 3C'));
    await act(kp, { type: 'bets-open' }, { type: 'no-more-bets' }, ...cards('9C AD'));
    await act(kp, { type: 'cut-card', firstCardOfRound: false }, ...cards('KH 5S'), { type: 'result' });
    for (const [size, language] of everywhere(['en', 'zh-Hant'])) {
      const page = await open(server.url, size, language);
      expect(await page.locator('[data-undo]').isVisible()).toBe(true);
      await page.locator('keypad-between .banner.last').waitFor();
      expect(await outOfView(page), `${size.join('×')}, ${language}`).toEqual([]);
      expect(await wholly(page.locator('keypad-between .banner.last')), 'the last coup said').toBe(true);
      await targetsOk(page);
      await shot(page, named('between-last-coup', language));
    }
  }, 120_000);

  test('by outcome: only what the Table of Play allows can be keyed', async () => {
    const { kp, server } = await keypadOn('S2', 'outcome');
    // Hands in the shoe: their strip takes its place at the foot, and Cut card and Round void must stay in view.
    const keyed = {
      outcome: 'banker',
      playerPoints: 3,
      bankerPoints: 7,
      playerPair: true,
      bankerPair: false,
      natural: false,
    } as const;
    const hand: DealerAction[] = [{ type: 'bets-open' }, { type: 'no-more-bets' }, { type: 'result', keyed }];
    await act(
      kp,
      { type: 'open-table' },
      { type: 'new-shoe', decks: 6 },
      ...[1, 2, 3, 4, 5, 6].flatMap(() => hand),
      { type: 'bets-open' },
      { type: 'no-more-bets' },
    );
    for (const [size, language] of [...everywhere(['en', 'zh-Hant']), [SIZES[1], 'zh-Hans'] as const]) {
      const page = await open(server.url, size, language);
      const pad = page.locator('main keypad-outcome');
      await pad.locator('button[data-outcome="banker"]').click();
      await pad.locator('[data-points="player"] button').nth(4).click();
      // Banker wins over 4: only 5 to 9; no natural on 4–7 …
      for (const b of [0, 4]) expect(await pad.locator('[data-points="banker"] button').nth(b).isDisabled()).toBe(true);
      await pad.locator('[data-points="banker"] button').nth(7).click();
      expect(await pad.locator('button[data-flag="natural"]').isDisabled()).toBe(true);
      // … and with a natural 8 against 4, a banker pair's even count is fine, a player pair on 4 too.
      await pad.locator('[data-points="banker"] button').nth(8).click();
      await pad.locator('button[data-flag="natural"]').click();
      expect(await pad.locator('[data-confirm]').isEnabled()).toBe(true);
      await targetsOk(page);
      expect(await outOfView(page)).toEqual([]);
      await shot(page, `round-outcome-${language}`);
    }
  }, 90_000);

  test('a supervisor replaces one card where it lies, told what it does to the third cards', async () => {
    const { kp, server } = await keypadOn('S5', 'cards');
    await act(kp, { type: 'open-table' }, { type: 'new-shoe', decks: 8 }, { type: 'shuffle' });
    await act(kp, { type: 'burn', card: '7H', count: 7 }, ...round('AH 2D 2S 3C 4H 9C')); // P 7, B 4: both drew
    const sv = (what: string) => `keypad-supervisor ${what}`;
    for (const language of ['zh-Hant', 'en'] as const) {
      const page = await open(server.url, SIZES[0], language);
      await page.locator('[data-supervisor]').click();
      await page.locator(sv('[data-pick-hand="1"]')).click();
      await page.locator(sv('[data-mode="correct"]')).click();
      await page.locator(sv('[data-name]')).fill('Lee');
      await page.locator(sv('[data-code]')).fill('4821');
      const first = page.locator(sv('keypad-round [data-at="player-1"]'));
      // Tapped: picked and said; tapped again: left as it is.
      await first.click();
      expect(await first.getAttribute('aria-pressed')).toBe('true');
      await first.click();
      expect(await first.getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator(sv('[data-replacing]')).count()).toBe(0);
      await first.click();
      const replacing = await page.locator(sv('[data-replacing]')).textContent();
      if (language === 'en')
        expect(replacing?.trim()).toBe("Replacing Player's 1st card: tap the right card (tap A♥ again to keep it)");
      await targetsOk(page);
      expect(await wholly(page.locator(sv('[data-replacing]')))).toBe(true);
      await shot(page, named('supervisor-replacing', language), true);
      // 6♠ for the A♥: a natural 8, so neither third card is dealt: said, struck through, and Send off.
      await page.locator(sv('keypad-card-grid button[data-card="6S"]')).click();
      expect(await first.getAttribute('aria-pressed')).toBe('false');
      expect(
        await page.locator(sv('[data-draw-note]')).evaluateAll((els) => els.map((e) => e.dataset.drawNote)),
      ).toEqual(['player-take-back', 'banker-take-back']);
      if (language === 'en')
        expect(await page.locator(sv('[data-draw-note="banker-take-back"]')).textContent()).toContain(
          "No third cards after the Player's natural 8: take back the Banker's third card",
        );
      expect(await page.locator(sv('keypad-round .extra')).count()).toBe(2);
      expect(await page.locator(sv('keypad-round [data-points="player"]')).textContent()).toBe('8');
      expect(await page.locator(sv('[data-send]')).isDisabled()).toBe(true);
      await shot(page, named('supervisor-third-cards', language), true);
      // 2♥ instead: 4, the Player draws its 4♥ and the Banker its 9♣ as recorded: a legal coup, another result.
      await first.click();
      await page.locator(sv('keypad-card-grid button[data-card="2H"]')).click();
      expect(await page.locator(sv('[data-draw-note]')).count()).toBe(0);
      expect(await page.locator(sv('keypad-round [data-points="player"]')).textContent()).toBe('8');
      expect(await page.locator(sv('[data-send]')).textContent()).toContain(language === 'en' ? 'Player wins 8' : '閒');
      expect(await page.locator(sv('[data-send]')).isEnabled()).toBe(true);
      if (language === 'en') await page.locator(sv('[data-send]')).click();
      else await page.close();
    }
    await until(() => expect(kp.view().shoe?.hands[0]?.corrected?.by).toBe('Lee'));
    const hand = kp.view().shoe!.hands[0]!;
    expect(hand.cards).toEqual({ player: ['2H', '2S', '4H'], banker: ['2D', '3C', '9C'] });
    expect(hand.result).toMatchObject({ outcome: 'player', playerPoints: 8, bankerPoints: 4 });
  }, 90_000);

  test('a second keypad for the table is refused, and says so on its tablet', async () => {
    const first = await keypadOn('S3', 'cards');
    await act(first.kp, { type: 'open-table' });
    const second = await keypadOn('S3', 'cards');
    expect(second.kp.view().link.state).toBe('refused');
    const says = {
      en: 'Another keypad already serves table S3',
      'zh-Hans': 'S3 号台已有另一个键盘',
      'zh-Hant': 'S3 號枱已由另一部鍵盤負責',
    };
    for (const [size, language] of [
      [SIZES[0], 'en'] as const,
      [SIZES[1], 'zh-Hans'] as const,
      ...everywhere(['zh-Hant']),
    ]) {
      const page = await open(second.server.url, size, language);
      const refused = page.locator('[data-refused="another-keypad"]');
      await refused.waitFor();
      expect(await refused.textContent()).toContain(says[language]);
      expect(await page.locator('[data-bets-open]').count()).toBe(0);
      // Nor its own open, shoe or hand, which are not the table's (found by hand: "Closed · No shoe" for a table
      // open mid-shoe).
      expect(await page.locator('keypad-app [data-table-open], keypad-app [data-hand-no]').count()).toBe(0);
      expect(await page.locator('keypad-app header .shoe').count()).toBe(0);
      await targetsOk(page);
      await shot(page, `refused-${language}`);
    }
    expect(first.kp.view().link.state).toBe('online'); // never kicked off by the second
  }, 90_000);

  test('one button goes round English, 简体 and 繁體, named in its own script; Hong Kong tablets start in 繁體', async () => {
    const { kp, server } = await keypadOn('S4', 'cards');
    await act(kp, { type: 'open-table' });
    const page = await rig
      .browser()
      .newPage({ viewport: { width: SIZES[0][0], height: SIZES[0][1] }, locale: 'zh-HK' });
    cleanups.push(() => (page.isClosed() ? undefined : page.close()));
    await page.goto(server.url);
    const button = page.locator('[data-language]');
    const now = () =>
      page.evaluate(() => [document.documentElement.lang, localStorage.getItem('keypad.language') ?? '']);
    await page.locator('keypad-app main[data-screen]').waitFor();
    expect(await now()).toEqual(['zh-Hant', '']); // navigator.language zh-HK, nothing chosen yet
    expect(await page.locator('[data-open-table], [data-close-table]').first().textContent()).toContain('收枱');
    for (const [label, lang, title] of [
      ['EN', 'en', 'Table S4'],
      ['简体', 'zh-Hans', 'S4 号台'],
      ['繁體', 'zh-Hant', 'S4 號枱'],
    ] as const) {
      expect((await button.textContent())?.trim()).toBe(label);
      expect(await button.getAttribute('lang')).toBe(lang); // drawn in that language's fonts
      await button.click();
      expect(await now()).toEqual([lang, lang]);
      expect(await page.locator('header .title').textContent()).toBe(title);
    }
    await page.reload();
    await page.locator('keypad-app main[data-screen]').waitFor();
    expect(await now()).toEqual(['zh-Hant', 'zh-Hant']); // kept on the tablet
  }, 60_000);
});
