import { afterEach, describe, expect, it } from 'vitest';
import { DEALER_UNDO_BY } from '../../contract/correction-by';
import { NOTICE_KINDS, type ConnectionView, type Notice } from '../../contract/kiosk';
import { useLanguage, type Language } from '../localization';
import { $$, cleanup, mount, textOf } from '../test-support/fixtures';
import './connection-status';
import './identify-overlay';
import './notice-board';

afterEach(cleanup);
const since = '2024-11-22T14:00:00.000Z';

const EXPECTED: Record<(typeof NOTICE_KINDS)[number], { notice: Omit<Notice, 'since'>; text: string[] }> = {
  lastCoup: {
    notice: { kind: 'lastCoup', lastCoupCase: 'b', hand: 71 },
    text: ['Last hand · Last coup', 'Hand 71 is the last hand'],
  },
  cutCardWithdrawn: {
    notice: { kind: 'cutCardWithdrawn', hand: 40 },
    text: ['Cut card withdrawn', 'Not the last coup: the shoe goes on'],
  },
  noBetsThisHand: {
    notice: { kind: 'noBetsThisHand', hand: 16, reason: 'first-card-face-up' },
    text: ['No bets this hand', 'Hand 16 is a void hand · The first card was face up'],
  },
  noBetCoup: { notice: { kind: 'noBetCoup', hand: 2 }, text: ['No-bet coup', 'Hand 2 is dealt without wagers'] },
  roundVoid: { notice: { kind: 'roundVoid', hand: 9 }, text: ['Round void', 'Hand 9 is void'] },
  shuffle: { notice: { kind: 'shuffle' }, text: ['Shuffling'] },
  newShoe: { notice: { kind: 'newShoe' }, text: ['New shoe'] },
  burn: {
    notice: { kind: 'burn', burn: { card: 'KD', count: 10 } },
    text: ['Burn', '1 face up + 10 face down'],
  },
  tableClosed: { notice: { kind: 'tableClosed' }, text: ['Table closed'] },
  corrected: {
    notice: { kind: 'corrected', hand: 12, by: 'Inspector Lam' },
    text: ['Corrected result', 'Hand 12 corrected by Inspector Lam'],
  },
  shoeEnd: { notice: { kind: 'shoeEnd' }, text: ['Shoe end'] },
};

describe('<kiosk-notices>', () => {
  it.each(NOTICE_KINDS)('shows %s with its own look, icon and text', async (kind) => {
    const { notice, text } = EXPECTED[kind];
    const el = document.createElement('kiosk-notices');
    el.notices = [{ ...notice, since }];
    el.cover = kind === 'tableClosed';
    el.language = 'en';
    await mount(el, 1200, 400);
    const shown = $$(el, `.notice[data-kind=${kind}]`);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.getAttribute('role')).toBe('alert');
    expect($$(el, '.notice svg.icon')).toHaveLength(1);
    for (const t of text) expect(textOf(el)).toContain(t);
  });

  it('tells rule 11.2 case (a) from case (b)', async () => {
    const el = document.createElement('kiosk-notices');
    el.language = 'en';
    el.notices = [{ kind: 'lastCoup', lastCoupCase: 'a', hand: 40, since }];
    await mount(el, 1200, 300);
    // Not "this hand is the last · Hand 40 is the last hand": said once.
    expect(textOf(el)).toContain('Cut card came out first · Hand 40 is the last hand');
    el.notices = [{ kind: 'lastCoup', lastCoupCase: 'a', since }];
    await el.updateComplete;
    expect(textOf(el)).toContain('Cut card came out first — this hand is the last');
    el.notices = [{ kind: 'lastCoup', lastCoupCase: 'b', hand: 40, since }];
    await el.updateComplete;
    expect(textOf(el)).toContain('Cut card out — one more hand, then the shoe ends · Hand 40 is the last hand');
  });

  it.each([
    [
      'en+zh-Hans',
      'Cut card out — one more hand, then the shoe ends · Hand 73 is the last hand',
      '切牌卡已出 — 再发一局后本靴结束 · 第 73 局为最后一局',
    ],
    [
      'en+zh-Hant',
      'Cut card out — one more hand, then the shoe ends · Hand 73 is the last hand',
      '切牌卡已出 — 再發一局後本靴結束 · 第 73 局為最後一局',
    ],
  ] as const)(
    'says the last coup in %s one language through, then the other (as a void hand)',
    async (language, en, zh) => {
      await useLanguage(language);
      const el = document.createElement('kiosk-notices');
      el.language = language;
      el.notices = [{ kind: 'lastCoup', lastCoupCase: 'b', hand: 73, since }];
      await mount(el, 1200, 300);
      expect(textOf(el)).toContain(`${en}${zh}`);
      // Unbreakable where a line must not break: before a "·" (no line starts with one), around a hand's number.
      const raw = el.shadowRoot!.querySelector('.detail')!.textContent!;
      expect(raw).toContain('ends\u00a0· Hand');
      expect(raw).toContain('结束\u00a0· 第\u00a073\u00a0局'.replace('结束', zh.includes('結束') ? '結束' : '结束'));
      await useLanguage('en');
    },
  );

  it.each([
    ['en', 'a', 'Last coup dealt — no further hands, the shoe is ending · Hand 40 was the last hand'],
    ['en', 'b', 'Last coup dealt — no further hands, the shoe is ending · Hand 40 was the last hand'],
    ['zh-Hans', 'b', '最后一局已发完 — 不再发牌，本靴即将结束 · 第 40 局为最后一局'],
    ['zh-Hant', 'a', '最後一局已發完 — 不再發牌，本靴即將結束 · 第 40 局為最後一局'],
    [
      'en+zh-Hant',
      'b',
      'Last coup dealt — no further hands, the shoe is ending · Hand 40 was the last hand最後一局已發完',
    ],
  ] as const)('once the last coup is dealt (case %s, %s), promises no further hand', async (language, c, line) => {
    await useLanguage(language as Language);
    const el = document.createElement('kiosk-notices');
    el.language = language as Language;
    el.notices = [{ kind: 'lastCoup', lastCoupCase: c, hand: 40, dealt: true, since }];
    await mount(el, 1200, 300);
    expect(textOf(el)).toContain(line);
    expect(textOf(el)).not.toMatch(/one more hand|this hand is the last|再发一局|再發一局|本局为|本局為/);
    await useLanguage('en');
  });

  it.each([
    ['en', DEALER_UNDO_BY, 'Hand 12 corrected by the dealer (undo)'],
    ['zh-Hans', DEALER_UNDO_BY, '第 12 局已由荷官更正（撤销）'],
    ['zh-Hant', DEALER_UNDO_BY, '第 12 局已由荷官更正（撤銷）'],
    ['en+zh-Hant', DEALER_UNDO_BY, 'Hand 12 corrected by the dealer (undo)第 12 局已由荷官更正（撤銷）'],
    // A supervisor's name is shown as it was given, in every language.
    ['zh-Hans', 'Inspector Lam', '第 12 局已由 Inspector Lam 更正'],
    ['zh-Hant', '林主任', '第 12 局已由 林主任 更正'],
  ] as const)('says who corrected a hand in %s: %s → "%s"', async (language, by, line) => {
    await useLanguage(language as Language);
    const el = document.createElement('kiosk-notices');
    el.language = language as Language;
    el.notices = [{ kind: 'corrected', hand: 12, by, since }];
    await mount(el, 1200, 300);
    expect(textOf(el)).toContain(line);
    if (language.includes('zh'))
      expect(textOf(el).replace(/Hand 12 corrected by the dealer \(undo\)/, '')).not.toMatch(/dealer|undo/);
    await useLanguage('en');
  });

  // A tester: "7 cards burnt" beside the face-up 7♦, though 8 cards went to the discard rack (rule 7.7 a–c).
  it.each([
    ['en', '1 face up + 7 face down'],
    ['zh-Hans', '1 张正面 + 7 张背面'],
    ['zh-Hant', '1 張正面 + 7 張背面'],
    ['en+zh-Hant', '1 face up + 7 face down1 張正面 + 7 張背面'],
  ] as const)('says the burn in %s with the card face up and the count face down: "%s"', async (language, line) => {
    await useLanguage(language as Language);
    const el = document.createElement('kiosk-notices');
    el.language = language as Language;
    el.notices = [{ kind: 'burn', burn: { card: '7D', count: 7 }, since }];
    await mount(el, 1200, 300);
    expect(textOf(el)).toContain(line);
    expect($$(el, '.burn-card .card.red[data-card="7D"]')).toHaveLength(1);
    await useLanguage('en');
  });

  it('draws the burn card as a card', async () => {
    const el = document.createElement('kiosk-notices');
    el.language = 'en';
    el.notices = [{ kind: 'burn', burn: { card: 'KD', count: 10 }, since }];
    await mount(el, 1200, 300);
    expect($$(el, '.burn-card .card.red[data-card=KD]')).toHaveLength(1);
  });

  it('keeps the table-closed veil apart from the band of notices', async () => {
    const notices: Notice[] = [
      { kind: 'tableClosed', since },
      { kind: 'shuffle', since },
    ];
    const band = document.createElement('kiosk-notices');
    band.notices = notices;
    const veil = document.createElement('kiosk-notices');
    veil.notices = notices;
    veil.cover = true;
    await mount(band, 1200, 300);
    await mount(veil, 1200, 300);
    expect($$(band, '.notice').map((n) => n.getAttribute('data-kind'))).toEqual(['shuffle']);
    expect($$(veil, '.notice').map((n) => n.getAttribute('data-kind'))).toEqual(['tableClosed']);
  });

  it('says the results remain shown only when the board shows a shoe (a new keypad closes a table with none)', async () => {
    const veil = document.createElement('kiosk-notices');
    veil.notices = [{ kind: 'tableClosed', since }];
    veil.cover = true;
    veil.language = 'en';
    await mount(veil, 1200, 400);
    expect(textOf(veil)).toContain('Results of this shoe remain shown');
    veil.results = false;
    await veil.updateComplete;
    expect(textOf(veil)).toContain('Table closed');
    expect(textOf(veil)).not.toContain('remain shown');
  });
});

const conn = (state: ConnectionView['state'], minutesAgo: number, now: number): ConnectionView => ({
  state,
  since: new Date(now - minutesAgo * 60_000).toISOString(),
  lastMessageAt: new Date(now - minutesAgo * 60_000).toISOString(),
  broker: null,
});

describe('<kiosk-connection>', () => {
  const now = new Date(2024, 10, 22, 14, 17, 30).getTime();

  it('is a discreet dot while connected, and the banner shows nothing', async () => {
    const dot = document.createElement('kiosk-connection');
    dot.connection = conn('connected', 0, now);
    dot.language = 'en';
    const banner = document.createElement('kiosk-connection');
    banner.banner = true;
    banner.connection = conn('connected', 0, now);
    await mount(dot, 100, 100);
    await mount(banner, 1200, 100);
    expect($$(dot, '.dot.connected')[0]!.getAttribute('aria-label')).toBe('Connected');
    expect($$(banner, '.banner')).toHaveLength(0);
  });

  it('says what it shows and since when once the connection is lost', async () => {
    const el = document.createElement('kiosk-connection');
    el.banner = true;
    el.clock = now;
    el.language = 'en';
    el.connection = conn('reconnecting', 12, now);
    await mount(el, 1400, 100);
    expect(textOf(el)).toBe('Connection lost — showing results up to 14:05 (12 min ago)');
    expect($$(el, '.banner')[0]!.getAttribute('role')).toBe('alert');
    el.clock = now + 3 * 60_000;
    await el.updateComplete;
    expect(textOf(el)).toContain('(15 min ago)');
  });

  it.each([
    ['en', 'Connection lost — showing results up to 14:17 (just now)'],
    ['zh-Hans', '连接中断 — 显示截至 14:17 的结果（刚刚）'],
    ['zh-Hant', '連線中斷 — 顯示截至 14:17 的結果（剛剛）'],
    ['en+zh-Hant', 'Connection lost — showing results up to 14:17 (just now)連線中斷 — 顯示截至 14:17 的結果（剛剛）'],
  ] as const)('says "just now", not "0 min ago", in the first minute (%s)', async (language, text) => {
    await useLanguage(language);
    const el = document.createElement('kiosk-connection');
    el.banner = true;
    el.clock = now;
    el.language = language;
    el.connection = { ...conn('reconnecting', 0, now), lastMessageAt: new Date(now - 20_000).toISOString() };
    await mount(el, 1400, 100);
    expect(textOf(el)).toBe(text);
    el.clock = now + 39_000; // 59 s
    await el.updateComplete;
    expect(textOf(el)).toBe(text);
    el.clock = now + 40_000;
    await el.updateComplete;
    expect(textOf(el)).toMatch(/\(1 min ago\)$|（1 分[钟鐘]前）$/);
    await useLanguage('en');
  });
});

describe('<kiosk-identify>', () => {
  it('shows the display and table ids large while open', async () => {
    const el = document.createElement('kiosk-identify');
    el.displayId = 'D-07A';
    el.tableId = 'T7';
    el.language = 'en';
    await mount(el, 800, 600);
    expect($$(el, '.display')).toHaveLength(0);
    el.open = true;
    await el.updateComplete;
    expect($$(el, '[data-id=display]')[0]!.textContent).toBe('D-07A');
    expect($$(el, '[data-id=table]')[0]!.textContent).toBe('T7');
  });
});

describe('more notices than the band has places', () => {
  const four: Notice[] = [
    { kind: 'burn', burn: { card: 'KD', count: 10 }, since },
    { kind: 'corrected', hand: 60, by: DEALER_UNDO_BY, since },
    { kind: 'lastCoup', lastCoupCase: 'b', hand: 65, since },
    { kind: 'noBetsThisHand', hand: 64, reason: 'first-card-face-up', since },
  ];
  const kinds = (el: HTMLElement) => $$(el, '.notice').map((n) => n.getAttribute('data-kind'));

  // Four side by side at a 1080p board's foot were each a third of it wide, their words cut to "Hand 65 is the".
  it('shows two: the most pressing stays, the others take the second place in turn', async () => {
    const el = document.createElement('kiosk-notices');
    el.notices = four;
    el.language = 'en';
    el.turnMs = 150;
    await mount(el, 1200, 200);
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 3; i++) {
      await el.updateComplete;
      const [first, second] = kinds(el);
      expect(kinds(el)).toHaveLength(2);
      expect(first).toBe('lastCoup');
      seen.add(second!);
      await new Promise((r) => setTimeout(r, 60));
    }
    expect([...seen].sort()).toEqual(['burn', 'corrected', 'noBetsThisHand']);
  });

  it('two or fewer: all of them, as given, and nothing turns', async () => {
    const el = document.createElement('kiosk-notices');
    el.notices = four.slice(0, 2);
    el.language = 'en';
    el.turnMs = 50;
    await mount(el, 1200, 200);
    await new Promise((r) => setTimeout(r, 200));
    await el.updateComplete;
    expect(kinds(el)).toEqual(['burn', 'corrected']);
  });
});
