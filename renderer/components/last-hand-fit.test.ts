import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { Card } from '../../baccarat/types';
import type { ShoeHand } from '../../baccarat/shoe';
import type { TableView } from '../../contract/kiosk';
import { FIXTURES } from '../../test/fixtures/views';
import { DemoKiosk } from '../demo-kiosk';
import { board, settleAll } from '../test-support/board';
import { cleanup } from '../test-support/fixtures';
import '../test-support/product-fonts'; // measured in the board's fonts

afterEach(async () => {
  cleanup();
  await page.viewport(414, 896); // vitest's default, for whatever runs next
});

const card = (c: string) => ({ rank: c.slice(0, -1), suit: c.slice(-1) }) as unknown as Card;

/** A fixture (pair-kinds: Perfect Pairs offered, bilingual) with its last hand replaced by `last`. */
function withLast(
  last: { hand: ShoeHand['hand']; player: readonly string[]; banker: readonly string[] },
  fixture = 'pair-kinds',
): TableView {
  const view = FIXTURES[fixture]!(Date.now());
  const rounds = view.shoe!.rounds;
  const cards = { player: last.player.map(card), banker: last.banker.map(card) };
  return {
    ...view,
    shoe: { ...view.shoe!, rounds: [...rounds.slice(0, -1), { ...rounds.at(-1)!, hand: last.hand, cards }] },
  };
}

/** The text boxes of the last hand cut by its panel's foot or right side. */
function cut(app: HTMLElement): string[] {
  const root = app.shadowRoot!;
  const panel = root.querySelector<HTMLElement>('.panel.last-hand')!;
  const box = panel.getBoundingClientRect();
  const foot = box.bottom - parseFloat(getComputedStyle(panel).borderBottomWidth);
  const range = document.createRange();
  const part = panel.querySelector('kiosk-last-hand')!.shadowRoot!;
  const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
  const out: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent?.trim()) continue;
    range.selectNodeContents(n);
    for (const r of range.getClientRects())
      if (r.bottom - foot > r.height / 4 || r.right > box.right + 1)
        out.push(`"${n.textContent.trim()}" past the panel`);
  }
  return out;
}

/**
 * A bilingual board names a pair's kind in both languages ("Perfect 完美": 完美 alone left its English readers a word
 * they could not read), and its fullest last hands still fit: a pair and a natural on both sides (4-4 against 9-9),
 * their badges under their cards, the cards a little smaller.
 */
describe('the last hand: pair kinds in both languages, within the panel', () => {
  const tie = {
    hand: { outcome: 'tie', playerPair: true, bankerPair: true, natural: true, playerPoints: 8, bankerPoints: 8 },
    player: ['4H', '4H'],
    banker: ['9C', '9S'],
  } as const;
  const win = {
    hand: { outcome: 'player', playerPair: true, bankerPair: false, natural: true, playerPoints: 8, bankerPoints: 5 },
    player: ['9H', '9H'],
    banker: ['2C', '3D'],
  } as const;
  it.for([
    [1920, 1080, 'tie'],
    [1920, 1080, 'win'],
    [1080, 1920, 'tie'],
    [3840, 2160, 'tie'],
  ] as const)('%i×%i, %s: every badge whole, each kind in both languages', async ([w, h, which]) => {
    await page.viewport(w, h);
    const app = await board(new DemoKiosk(withLast(which === 'tie' ? tie : win)), w, h);
    await document.fonts.ready;
    for (let i = 0; i < 2; i++) await settleAll(app);
    const part = app.shadowRoot!.querySelector('kiosk-last-hand')!.shadowRoot!;
    const kinds = [...part.querySelectorAll('.badge.pair')].map((b) => b.textContent!.replace(/\s+/g, ''));
    expect(kinds).toEqual(which === 'tie' ? ['Perfect完美', 'Coloured同色'] : ['Perfect完美']);
    expect(cut(app)).toEqual([]);
  });
});

/** The sides whose cards cover their name or points: a side's head must end before its first card. */
function covered(app: HTMLElement): string[] {
  const part = app.shadowRoot!.querySelector('kiosk-last-hand')!.shadowRoot!;
  return [...part.querySelectorAll<HTMLElement>('.side')].flatMap((side) => {
    const cards = side.querySelector('.cards')!.getBoundingClientRect();
    return [...side.querySelectorAll<HTMLElement>('.side-head > .name, .side-head > .verdict, .side-head > .points')]
      .filter((e) => e.getBoundingClientRect().right > cards.left + 1)
      .map((e) => `${side.className}: "${e.textContent!.trim()}" under the cards`);
  });
}

/**
 * Three cards a side, on a board with every side bet (bilingual): a 4K portrait board gave its last hand's cards the
 * big road's spare height, and they grew wide enough to hide the Banker's points behind its first card.
 */
describe("the last hand's cards never cover a side's name and points", () => {
  const three = {
    hand: { outcome: 'tie', playerPair: false, bankerPair: false, natural: false, playerPoints: 1, bankerPoints: 1 },
    player: ['AD', '4H', '6C'],
    banker: ['8S', '3H', '10C'],
  } as const;
  // Two cards, and the verdict beside the name: "Banker 庄 Win 胜 8" is the widest head (the shoe-record screenshot at
  // 2160×3840 had the 8 under the Banker's first card).
  const twoAndWin = {
    hand: { outcome: 'banker', playerPair: false, bankerPair: false, natural: true, playerPoints: 4, bankerPoints: 8 },
    player: ['QD', '4C'],
    banker: ['6C', '2S'],
  } as const;
  it.for([
    [1920, 1080, 'three cards'],
    [1080, 1920, 'three cards'],
    [3840, 2160, 'three cards'],
    [2160, 3840, 'three cards'],
    [1920, 1080, 'two cards and Win'],
    [1080, 1920, 'two cards and Win'],
    [3840, 2160, 'two cards and Win'],
    [2160, 3840, 'two cards and Win'],
  ] as const)('%i×%i, %s', async ([w, h, which]) => {
    const last = which === 'three cards' ? three : twoAndWin;
    await page.viewport(w, h);
    const app = await board(new DemoKiosk(withLast(last, 'full-side-bets')), w, h);
    await document.fonts.ready;
    for (let i = 0; i < 2; i++) await settleAll(app);
    expect(covered(app)).toEqual([]);
    expect(cut(app)).toEqual([]);
  });
});

// Found by a reviewer: on a Chinese board a winner with three cards had 胜 under 闲, touching it, the rows out of line,
// with room to spare beside it.
describe('a Chinese board: the verdict beside the name with three cards too', () => {
  const threeWin = {
    hand: { outcome: 'player', playerPair: false, bankerPair: false, natural: false, playerPoints: 8, bankerPoints: 0 },
    player: ['10H', '5D', '3D'],
    banker: ['3S', '7D', 'JH'],
  } as const;
  it.for([
    [1920, 1080, 'zh-hans'],
    [1080, 1920, 'zh-hans'],
    [2160, 3840, 'zh-hant'],
    [1920, 1080, 'shoe-full-en'], // English: beside "Player Win 8" three cards have no room, under it as before
  ] as const)('%i×%i, %s', async ([w, h, fixture]) => {
    await page.viewport(w, h);
    const app = await board(new DemoKiosk(withLast(threeWin, fixture)), w, h);
    await document.fonts.ready;
    for (let i = 0; i < 2; i++) await settleAll(app);
    const part = app.shadowRoot!.querySelector('kiosk-last-hand')!.shadowRoot!;
    const chinese = fixture !== 'shoe-full-en';
    expect(part.querySelector('.side.player .side-head > .verdict') !== null).toBe(chinese);
    expect(part.querySelector('.side.player .badges > .verdict') !== null).toBe(!chinese);
    expect(covered(app)).toEqual([]);
    expect(cut(app)).toEqual([]);
  });
});

// Found by a reviewer: a void hand's reason over the middle of its dimmed rows left slivers of both (a name's top, a
// total, card corners) above and below it, as if the panel were broken.
describe("a void hand's reason covers its cards' rows whole", () => {
  it.for([
    [1920, 1080],
    [1080, 1920],
    [3840, 2160],
  ] as const)('%i×%i', async ([w, h]) => {
    await page.viewport(w, h);
    const app = await board(new DemoKiosk(FIXTURES['void-hand-after']!(Date.now())), w, h);
    await document.fonts.ready;
    for (let i = 0; i < 2; i++) await settleAll(app);
    const part = app.shadowRoot!.querySelector('kiosk-last-hand')!.shadowRoot!;
    const chip = part.querySelector('.why.over .chip')!.getBoundingClientRect();
    const sides = part.querySelector('.void-hand-area > .sides')!.getBoundingClientRect();
    expect(chip.top).toBeLessThanOrEqual(sides.top + 1);
    expect(chip.bottom).toBeGreaterThanOrEqual(sides.bottom - 1);
    expect(chip.left).toBeLessThanOrEqual(sides.left + 1);
    expect(chip.right).toBeGreaterThanOrEqual(sides.right - 1);
    expect(part.querySelector('.why.over')!.textContent).toContain('A third card dealt in error');
  });
});
