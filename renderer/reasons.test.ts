import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseCards } from '../baccarat/cards';
import type { ShoeHand } from '../baccarat/shoe';
import { ROUND_VOID_REASONS } from '../contract/schemas/event';
import { VOID_HAND_REASONS } from '../contract/schemas/hand';
import type { Language } from '../contract/schemas/signage';
import { useLanguage } from './localization';
import { reasonMessage } from './reasons';
import { $$, cleanup, mount, textOf } from './test-support/fixtures';
import './components/last-hand';
import './components/notice-board';

afterEach(cleanup);
afterAll(() => useLanguage('en'));

// The contract's own lists: a code added there without a translation here fails.
const VOID_HANDS = VOID_HAND_REASONS.map((code) => ['void hand', code] as const);
const VOID_ROUNDS = ROUND_VOID_REASONS.map((code) => ['void round', code] as const);
const CODES = [...VOID_HANDS, ...VOID_ROUNDS];
const LANGUAGES: readonly Language[] = ['en', 'zh-Hans', 'zh-Hant', 'en+zh-Hans', 'en+zh-Hant'];
const HAN = /\p{Script=Han}/u;

const flat = (el: HTMLElement) => textOf(el);

function lastHand(over: Partial<ShoeHand>): ShoeHand {
  const p = parseCards('9H 6S KC');
  const b = parseCards('7D 7C');
  if (!p.ok || !b.ok) throw new Error('bad cards');
  return {
    no: 16,
    hand: { outcome: 'banker', playerPair: false, bankerPair: true, natural: false, playerPoints: 5, bankerPoints: 7 },
    cards: { player: p.value, banker: b.value },
    ...over,
  };
}

describe('reason codes, in the words of every language the board shows', () => {
  it('knows no code outside the contract, and no code of the contract is left out', () => {
    expect(CODES.length).toBe(VOID_HAND_REASONS.length + ROUND_VOID_REASONS.length);
    expect(reasonMessage('en', 'not-a-code')).toBeNull();
    expect(reasonMessage('en', undefined)).toBeNull();
  });

  describe.each(LANGUAGES)('%s', (lang) => {
    it.each(CODES)('%s: %s', async (kind, code) => {
      await useLanguage(lang);
      const m = reasonMessage(lang, code);
      expect(m, `${code} has no message`).not.toBeNull();
      expect(m!.en).not.toBe(code);
      expect(m!.en).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
      if (lang !== 'en') {
        expect(m!.zh, `${code} is not translated into ${lang}`).not.toBe(m!.en);
        expect(m!.zh).toMatch(HAN);
      }
      const expected = [...(lang === 'en' || lang.startsWith('en+') ? [m!.en] : []), ...(m!.zh ? [m!.zh] : [])];

      // The notice, as the header shows it.
      const notice = document.createElement('kiosk-notices');
      notice.language = lang;
      notice.notices = [
        {
          kind: kind === 'void hand' ? 'noBetsThisHand' : 'roundVoid',
          hand: 16,
          reason: code,
          since: '2024-11-22T14:00:00Z',
        },
      ];
      await mount(notice, 1400, 300);
      for (const t of expected) expect(flat(notice)).toContain(t);
      expect(flat(notice)).not.toContain(code);
      expect($$(notice, `[data-reason="${code}"]`)).toHaveLength(1);

      // The last-hand panel, once the notice has ended.
      const panel = document.createElement('kiosk-last-hand');
      panel.language = lang;
      panel.hand = lastHand(
        kind === 'void hand'
          ? { voidHand: { kind: code === 'no-bet-coup' ? 'noBetCoup' : 'noBetsThisHand', reason: code } }
          : { voided: { reason: code } },
      );
      await mount(panel, 560, 400);
      expect(flat(panel)).not.toContain(code);
      // A no-bet coup's badge says it all; every other reason is written out.
      if (code !== 'no-bet-coup') for (const t of expected) expect(flat(panel)).toContain(t);
    });
  });

  it('shows nothing for a code it does not know, rather than the code', async () => {
    const notice = document.createElement('kiosk-notices');
    notice.language = 'en';
    notice.notices = [{ kind: 'roundVoid', hand: 9, reason: 'some-future-code', since: '2024-11-22T14:00:00Z' }];
    await mount(notice, 1400, 300);
    expect(flat(notice)).toContain('Hand 9 is void');
    expect(flat(notice)).not.toContain('some-future-code');
  });
});
