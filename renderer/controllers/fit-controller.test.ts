/**
 * The board's fit, as patrons see it and as its host is told it (`kiosk:fit`): a pit message whole wherever it can
 * be, else cut where the most of it shows, to whole lines with an ellipsis; the report saying so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { TableView } from '../../contract/kiosk';
import { SIDE_BETS } from '../../baccarat/pay-tables';
import { WIDEST_SIDE_BET_LIMITS } from '../../test/fixtures/views';
import { makeView } from '../../test/fixtures/views/build-view';
import { charsShown, linesShown } from '../../test/helpers/lines-shown';
import { board, FitHost, settleAll } from '../test-support/board';
import { cleanup } from '../test-support/fixtures';
import '../test-support/product-fonts'; // measured in the board's fonts: the fallback's lines are shorter

afterEach(cleanup);
const NOW = Date.now();
const view = (shoe: string, over: Partial<TableView> = {}, spec: Parameters<typeof makeView>[0] = { shoe }) => ({
  ...makeView({ ...spec, shoe }, NOW),
  ...over,
});

/** The longest pit message a sign may carry (280 characters), in both the board's languages. */
const LONGEST =
  'Welcome to the VIP room — free-flow refreshments are served at the bar all night. 欢迎光临贵宾厅，酒吧整晚免费供应饮品。'
    .repeat(3)
    .slice(0, 280);

/** A bilingual pit message as a floor writes one, English then its Chinese (112 and 42 characters). */
const TONIGHT =
  'Tonight only: the minimum bet at this table rises to HK$1,000 after 22:00, and Perfect Pairs closes at midnight. ' +
  '今晚起，本桌22:00后最低投注提高至港币1,000元，完美对子于午夜停止接受投注。';
const BILINGUAL = { shoe: 'BPBBPT', language: 'en+zh-Hans' } as const;

/** Its characters, not its spaces (what {@link charsShown} counts). */
const visible = (text: string) => text.replace(/\s/g, '').length;

describe('<kiosk-app> tells its host its fit (kiosk:fit)', () => {
  afterEach(() => page.viewport(414, 896)); // vitest's default, for whatever runs next

  it.for([
    [1920, 1080],
    [1080, 1920],
  ] as const)('a 280-character message is cut, and says so; a short one is not (%i×%i)', async ([w, h]) => {
    expect(LONGEST).toHaveLength(280);
    await page.viewport(w, h); // the board fills the page (kiosk-app.styles.ts), whatever box it is mounted in
    // Pairs, and Perfect Pairs with its pay scale (as e2e/board-steady.test.ts): little room left at the column's foot.
    const sideBets = ['playerPair', 'bankerPair', 'perfectPairs'] as const;
    const spec = { shoe: 'BPBBPT', language: 'en+zh-Hans' as const, sideBets };
    const host = new FitHost(view('BPBBPT', { seq: 1 }, { ...spec, message: LONGEST }));
    const app = await board(host, w, h);
    await expect.poll(() => host.fits.at(-1)?.messageCut).toBe(true);
    await settleAll(app);
    const cut = host.fits.at(-1)!;
    expect(cut.streaksHidden).toBe(false);
    // As many lines as the board shows: the message clamped at the sign column's foot, with an ellipsis.
    const shown = app.shadowRoot!.querySelector<HTMLElement>('.panel.signs > .message.clamped');
    expect(shown).not.toBeNull();
    expect(cut.messageLines).toBe(Number(shown!.style.getPropertyValue('--lines')));
    expect(cut.messageLines).toBeGreaterThanOrEqual(1);
    // And the board shows those lines, the last with its ellipsis: the column does not squeeze the message into fewer
    // (it did: told 9 lines, it showed under 1, cut off mid-line).
    const { whole, partial } = linesShown(shown!);
    expect({ whole, partial }).toEqual({ whole: cut.messageLines, partial: 0 });
    const column = shown!.parentElement!;
    expect(column.scrollHeight).toBeLessThanOrEqual(column.clientHeight + 1);

    host.push(view('BPBBPT', { seq: 2 }, { ...spec, message: 'Welcome' }));
    await expect.poll(() => host.fits.at(-1)).toEqual({ messageCut: false, streaksHidden: false });
    expect(app.shadowRoot!.querySelector('.message.clamped')).toBeNull();
    // Sent only when it changed: never the same fit twice in a row.
    const sent = host.fits.map((f) => JSON.stringify(f));
    expect(sent.filter((f, i) => f === sent[i - 1])).toEqual([]);

    // A hand measures nothing and sends nothing; a host come back is told the fit again.
    const before = host.fits.length;
    host.push(view('BPBBPTB', { seq: 3, change: { kind: 'hand', hand: 7 } }, { ...spec, message: 'Welcome' }));
    for (let i = 0; i < 3; i++) await settleAll(app);
    expect(host.fits).toHaveLength(before);
    app.resync();
    await expect.poll(() => host.fits.length).toBe(before + 1);
    expect(host.fits.at(-1)).toEqual({ messageCut: false, streaksHidden: false });
  });

  // Found by a floor manager's trial: 200 characters with no space (a long address) ran past the column's edge,
  // clipped sideways, and the board never said it was cut (it measured lines only).
  it.for([
    [1920, 1080],
    [1080, 1920],
  ] as const)(
    'a message of one long word wraps within its place: whole, or cut and said so (%i×%i)',
    async ([w, h]) => {
      await page.viewport(w, h);
      const word = 'https://casino.example/promotions/' + 'y'.repeat(246); // 280, the longest a sign may carry
      const pairs = ['playerPair', 'bankerPair'] as const;
      const roomy = { shoe: 'BPBBPT', language: 'en+zh-Hans' as const, sideBets: pairs };
      // Modified odds and Perfect Pairs beside the pairs: little room left at the column's foot.
      const crowded = { ...roomy, variant: 'modified-odds' as const, sideBets: [...pairs, 'perfectPairs'] as const };
      const host = new FitHost(view('BPBBPT', { seq: 1 }, { ...roomy, message: word }));
      const app = await board(host, w, h);
      for (const [seq, spec, cut] of [
        [2, roomy, false],
        [3, crowded, true],
      ] as const) {
        host.push(view('BPBBPT', { seq }, { ...spec, message: word }));
        await expect.poll(() => host.fits.at(-1)?.messageCut ?? false).toBe(cut);
        await settleAll(app);
        const shown = app.shadowRoot!.querySelector<HTMLElement>('.message')!;
        expect(shown.scrollWidth).toBeLessThanOrEqual(shown.clientWidth + 1); // never wider than its place
        // What patrons see agrees with what the host is told: whole, or cut to whole lines.
        expect(linesShown(shown).partial).toBe(0);
        expect(charsShown(shown) === word.length).toBe(!cut);
      }
    },
  );

  it('a message the sign column has no room for, cut in the footer, is reported with the footer’s line (1080×1920)', async () => {
    await page.viewport(1080, 1920);
    // Every side bet with its limits: a portrait sign column with no room for even a short message.
    const spec = {
      shoe: 'BPBBPT',
      language: 'en+zh-Hans' as const,
      tiePays: 9 as const,
      perfectPairsScale: 'two' as const,
      sideBets: SIDE_BETS,
      limits: WIDEST_SIDE_BET_LIMITS,
    };
    // The statistics keep their streak line (issue 13): the derived roads' names beside them, not in a row over them,
    // leave the room the footer's line takes (before, the signs took the streak line for it).
    const host = new FitHost(view('BPBBPT', { seq: 1 }, { ...spec, message: LONGEST }));
    const app = await board(host, 1080, 1920);
    await expect.poll(() => host.fits.at(-1)).toEqual({ messageCut: true, messageLines: 1, streaksHidden: false });
    const shown = app.shadowRoot!.querySelector<HTMLElement>('.footer .message')!;
    expect(shown.scrollHeight).toBeGreaterThan(2 * shown.clientHeight); // one line of several
    host.push(view('BPBBPT', { seq: 2 }, { ...spec, message: 'Minimum raised to HK$1,000 after 22:00' }));
    await expect.poll(() => host.fits.at(-1)).toEqual({ messageCut: false, streaksHidden: false });
    expect(app.shadowRoot!.querySelector('.footer .message')).not.toBeNull(); // whole, in the footer
    const stats = app.shadowRoot!.querySelector('kiosk-stats')!;
    expect(stats.shadowRoot!.querySelector('[data-kind=longestStreak]')).not.toBeNull();
  });

  // Found by a screen review: a no-commission table with every side bet and their limits, and a pit message, on a
  // portrait board: even at the floor (tight) the column cut UR Way's pays off (558 px of signs in 525). Compact
  // puts Player and Banker on one line (they pay the same; the six sign says the exception) and the six sign's
  // English on one; the streak line gives way, and its Super 6 count goes up beside the hand and the shoe.
  it.for([
    ['en+zh-Hans', 1080, 1920],
    ['en+zh-Hant', 1080, 1920],
    ['zh-Hant', 1080, 1920],
    ['en', 1080, 1920],
    ['en+zh-Hans', 2160, 3840],
  ] as const)(
    'portrait: the fullest sign column holds every pay and limit whole (%s, %i×%i)',
    async ([language, w, h]) => {
      await page.viewport(w, h);
      const spec = {
        shoe: 'BPBBPT',
        language,
        variant: 'modified-odds' as const,
        sideBets: SIDE_BETS,
        limits: WIDEST_SIDE_BET_LIMITS,
        message: TONIGHT,
      };
      const host = new FitHost(view('BPBBPT', { seq: 1 }, spec));
      const app = await board(host, w, h);
      await expect.poll(() => host.fits.length).toBeGreaterThan(0);
      await settleAll(app);
      const root = app.shadowRoot!;
      for (const sel of ['.panel.signs', '.panel.stats', '.panel.last-hand']) {
        const panel = root.querySelector<HTMLElement>(sel)!;
        expect(panel.scrollHeight, sel).toBeLessThanOrEqual(panel.clientHeight + 1);
      }
      // Every pay of UR Way, the last one included, and the differential under them, inside the column.
      const column = root.querySelector<HTMLElement>('.panel.signs')!.getBoundingClientRect();
      const pays = root.querySelector('kiosk-pay-table')!;
      const last = pays.shadowRoot!.querySelector('[data-score="9"]')!.getBoundingClientRect();
      expect(last.bottom).toBeLessThanOrEqual(column.bottom);
      expect(root.querySelector('kiosk-limits.details')!.getBoundingClientRect().bottom).toBeLessThanOrEqual(
        column.bottom,
      );
      // The Super 6 count is still on the board, wherever the streaks went.
      const stats = root.querySelector('kiosk-stats')!.shadowRoot!;
      expect(stats.querySelector('[data-kind=bankerSix]')?.textContent).toMatch(/\d/);
      const fit = host.fits.at(-1)!;
      if (fit.streaksHidden) expect(stats.querySelector('.head [data-kind=bankerSix]')).not.toBeNull();
      if (language === 'en+zh-Hans' && w === 1080) {
        expect(pays.hasAttribute('compact')).toBe(true);
        expect(pays.shadowRoot!.querySelector('[data-bet="player banker"]')).not.toBeNull();
      }
    },
  );

  it('compact only where the signs need it: the same table on a landscape board keeps Player and Banker apart', async () => {
    await page.viewport(1920, 1080);
    const spec = { ...BILINGUAL, variant: 'modified-odds' as const, sideBets: SIDE_BETS, message: TONIGHT };
    const host = new FitHost(view('BPBBPT', { seq: 1 }, spec));
    const app = await board(host, 1920, 1080);
    await expect.poll(() => host.fits.length).toBeGreaterThan(0);
    await settleAll(app);
    const pays = app.shadowRoot!.querySelector('kiosk-pay-table')!;
    expect(pays.hasAttribute('compact')).toBe(false);
    expect(pays.shadowRoot!.querySelector('[data-bet=banker]')).not.toBeNull();
    expect(pays.shadowRoot!.querySelector('[data-bet="player banker"]')).toBeNull();
  });

  // Two readers took "$100 – 5,000" for US dollars: the ranges say "HK$" wherever the column has room for it, and
  // the narrow symbol only as a step of the fit, before any text gets smaller.
  it.for([
    [1920, 1080, 'roomy', 'HK$100 – 5,000', false],
    [1920, 1080, 'full', '$100 – 5,000', true],
    [1080, 1920, 'roomy', '$100 – 5,000', true],
  ] as const)('%i×%i, a %s sign column: the side bets’ ranges say %s', async ([w, h, column, said, narrow]) => {
    await page.viewport(w, h);
    const full = column === 'full';
    const spec = {
      ...BILINGUAL,
      sideBets: SIDE_BETS,
      limits: WIDEST_SIDE_BET_LIMITS,
      ...(full ? { variant: 'modified-odds' as const, message: TONIGHT } : {}),
    };
    const host = new FitHost(view('BPBBPT', { seq: 1 }, spec));
    const app = await board(host, w, h);
    await expect.poll(() => host.fits.length).toBeGreaterThan(0);
    await settleAll(app);
    const pays = app.shadowRoot!.querySelector('kiosk-pay-table')!;
    expect(pays.hasAttribute('narrow')).toBe(narrow);
    if (pays.hasAttribute('tight')) expect(narrow).toBe(true); // the narrow symbol before smaller text
    const range = pays.shadowRoot!.querySelector('[data-limits=perfectPairs]')!.textContent!.trim();
    expect(range).toBe(said);
  });

  // Found by hand (1080×1920, a no-commission table with Perfect Pairs): this message cut to its first line
  // ('Tonight only: the minimum bet a…') with three quarters of a line empty above it, its Chinese never seen. Its
  // lines were 1.36 em ('normal' in Noto Sans; a line with Chinese 1.47), where the board's other text runs at 1.12.
  it('portrait: a message cut at the column’s foot takes the lines the column has (no line of it left empty)', async () => {
    await page.viewport(1080, 1920);
    const sideBets = ['playerPair', 'bankerPair', 'perfectPairs'] as const;
    const spec = { ...BILINGUAL, variant: 'modified-odds' as const, sideBets, message: TONIGHT };
    const host = new FitHost(view('BPBBPT', { seq: 1 }, spec));
    const app = await board(host, 1080, 1920);
    await expect.poll(() => host.fits.at(-1)).toEqual({ messageCut: true, messageLines: 3, streaksHidden: false });
    await settleAll(app);
    const shown = app.shadowRoot!.querySelector<HTMLElement>('.panel.signs > .message.clamped')!;
    expect(linesShown(shown)).toEqual({ whole: 3, partial: 0 });
    const column = shown.parentElement!;
    expect(column.scrollHeight).toBeLessThanOrEqual(column.clientHeight + 1);
    // Less than one of its lines is left: a fourth would not fit.
    shown.style.setProperty('--lines', '4');
    expect(column.scrollHeight).toBeGreaterThan(column.clientHeight + 1);
  });

  it('portrait: a bilingual message the column has room for shows whole, its Chinese to the last character', async () => {
    await page.viewport(1080, 1920);
    // A change of variant signed ahead ("No commission", then the six sign's words), no side bets: room at the
    // column's foot for the whole message in lines of 1.12 em (in lines of 1.36 em its last would be cut with an
    // ellipsis, the Chinese with it). With the pairs too, the announcement's line leaves it five lines: cut, and said.
    const scheduled = { variant: 'modified-odds' as const, fromHand: null };
    const spec = { ...BILINGUAL, scheduled, sideBets: [] as const, message: TONIGHT };
    const host = new FitHost(view('BPBBPT', { seq: 1 }, spec));
    const app = await board(host, 1080, 1920);
    await expect.poll(() => host.fits.at(-1)).toEqual({ messageCut: false, streaksHidden: false });
    await settleAll(app);
    const shown = app.shadowRoot!.querySelector<HTMLElement>('.panel.signs > .message')!;
    expect(shown.classList.contains('clamped')).toBe(false);
    expect(linesShown(shown).partial).toBe(0);
    expect(charsShown(shown)).toBe(visible(TONIGHT));
    const column = shown.parentElement!;
    expect(column.scrollHeight).toBeLessThanOrEqual(column.clientHeight + 1);
  });

  it('portrait: a message no place holds whole is cut where the most of it shows (the footer’s line)', async () => {
    await page.viewport(1080, 1920);
    // No commission, Perfect Pairs and 3 Gives 8 with their limits: the column's foot has room for one line of it
    // ('Tonight only: the minimum bet a…'); the footer's line is as wide as the board.
    const sideBets = ['playerPair', 'bankerPair', 'perfectPairs', 'threeGivesEight'] as const;
    const limits = {
      sideBetLimits: {
        perfectPairs: { minimum: 100, maximum: 5_000 },
        threeGivesEight: { minimum: 50, maximum: 1_000 },
      },
    };
    const spec = { ...BILINGUAL, variant: 'modified-odds' as const, sideBets, limits, message: TONIGHT };
    const host = new FitHost(view('BPBBPT', { seq: 1 }, spec));
    const app = await board(host, 1080, 1920);
    await expect.poll(() => host.fits.at(-1)).toEqual({ messageCut: true, messageLines: 1, streaksHidden: false });
    await settleAll(app);
    const root = app.shadowRoot!;
    expect(root.querySelector('.panel.signs > .message')).toBeNull();
    const shown = root.querySelector<HTMLElement>('.footer .message')!;
    expect(linesShown(shown)).toEqual({ whole: 1, partial: 0 });
    expect(charsShown(shown)).toBeGreaterThan(40);
    // And nothing else cut for it.
    for (const sel of ['.panel.signs', '.panel.stats', '.panel.last-hand']) {
      const panel = root.querySelector<HTMLElement>(sel)!;
      expect(panel.scrollHeight, sel).toBeLessThanOrEqual(panel.clientHeight + 1);
    }
  });
});

/** The characters on each line of `el`'s text, as laid out (a Range over each character: its line's top). */
function linesOf(el: HTMLElement): string[] {
  const lines: string[] = [];
  const range = document.createRange();
  let top: number | null = null;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (let i = 0; i < node.length; i++) {
      const char = node.data.charAt(i);
      if (!char.trim()) continue;
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const at = Math.round(range.getBoundingClientRect().top);
      if (at !== top) lines.push(char);
      else lines.push(`${lines.pop() ?? ''}${char}`);
      top = at;
    }
  }
  return lines;
}

// Found by a patron's eye: a message of one word a little longer than its line broke where the line ended, a letter
// left alone on the next ("https://casino.example/promotion" over "s", on a portrait board). One word is whole on a
// line (set a little smaller, never below the patrons' floor) or, longer still, broken into lines of even length.
describe('a pit message of one word', () => {
  afterEach(() => page.viewport(414, 896));

  it.for([
    [1080, 1920],
    [1920, 1080],
  ] as const)('is whole on a line or evenly broken, never an orphan letter (%i×%i)', async ([w, h]) => {
    await page.viewport(w, h);
    const spec = { shoe: 'BPBBPT', language: 'en' as const };
    const host = new FitHost(view('BPBBPT', { seq: 1 }, { ...spec, message: 'Welcome' }));
    const app = await board(host, w, h);
    const words = ['https://casino.example/promotions', 'https://casino.example/promotions/tonight-at-the-bar/vip'];
    for (const [i, word] of words.entries()) {
      host.push(view('BPBBPT', { seq: i + 2 }, { ...spec, message: word }));
      const message = () => app.shadowRoot!.querySelector<HTMLElement>('.message');
      await expect.poll(async () => (await settleAll(app), message()?.textContent?.trim())).toBe(word);
      await settleAll(app);
      const lines = linesOf(message()!);
      expect(lines.join('')).toBe(word);
      const [shortest, longest] = [Math.min(...lines.map((l) => l.length)), Math.max(...lines.map((l) => l.length))];
      expect({ lines, even: shortest >= longest / 2 }).toEqual({ lines, even: true });
      const size = parseFloat(getComputedStyle(message()!).fontSize);
      expect(size).toBeGreaterThanOrEqual(Math.min(w, h) * 0.026 - 0.01); // the patrons' floor (2.6cqmin)
    }
  });
});
