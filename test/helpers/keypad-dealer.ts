/**
 * A dealer at the keypad, for the end-to-end tests: what a dealer taps on the page (Playwright, real Chromium) for
 * each step of a simulated table, by cards or by outcome, with a mis-key taken back by the undo and the supervisor's
 * corrections and voids. Each intent ends in exactly one action the keypad takes, so the keypad's `revision` says
 * how many were taken, however often it was killed on the way.
 *
 * ```ts
 * const intents = dealerIntents([...simulateTable(options)], 'cards', { undoHand: 5 });
 * for (const intent of intents) await intent.run(ui); // one action each
 * ```
 */
import type { Page } from 'playwright';
import { makeCard } from '../../baccarat/cards';
import type { Coup } from '../../baccarat/table-of-play';
import type { Card } from '../../baccarat/types';
import type { KeyedResult, KeypadView, Keying } from '../../keypad/protocol';
import { completeCoup, dealingOrder, keyedOf } from '../../keypad/round-entry';
import { recordedEntry } from '../../keypad/ui/correction';
import { misKeyedResult } from '../../simulator/irregularities';
import { createRng } from '../../simulator/prng';
import type { Step } from '../../simulator/steps';

/** The keypad page's double-tap guard (keypad/ui/keypad-app.ts), in ms: at least as long. */
const SETTLE_MS = 300;
/** The page's bounce guard on a card key (keypad/ui/settle.ts's BOUNCE_MS), in ms: at least as long. */
const BOUNCE_MS = 200;

/** The supervisor of the tests, and their code. */
export const SUPERVISOR = { name: 'Lee', code: '4821' } as const;

/** What one intent does on the page: its clicks, ending in one action of the keypad. */
export interface Intent {
  readonly label: string;
  readonly run: (ui: KeypadUi) => Promise<void>;
}

/** The page, and the keypad's API beside it (to read its view). */
export class KeypadUi {
  constructor(
    readonly page: Page,
    readonly base: string, // http://127.0.0.1:PORT/
    readonly timeout = 4_000,
    /**
     * The page runs on Playwright's clock (`page.clock.install()` before it loaded): the dealer waits out the
     * page's `settling` on that clock, fast-forwarded, instead of for real (two screens a hand: ~40 s of a shoe).
     */
    readonly onPageClock = false,
  ) {}

  /** The last card key tapped on the main screen, and when (the page's bounce guard drops the same key again soon). */
  private lastKey: string | null = null;

  async view(): Promise<KeypadView> {
    const r = await fetch(`${this.base}api/view`);
    return (await r.json()) as KeypadView;
  }

  /**
   * Waits until the keypad has taken `revision` actions, and its page shows them (a dealer taps what the screen
   * shows); throws at once if it cannot be reached.
   */
  async untilRevision(revision: number): Promise<KeypadView> {
    const end = Date.now() + this.timeout;
    for (;;) {
      const v = await this.view();
      if (v.revision >= revision) {
        await this.page.waitForFunction(
          (n) => Number(document.querySelector('keypad-app')?.getAttribute('data-revision') ?? -1) >= n,
          revision,
          { timeout: Math.max(1, end - Date.now()), polling: 15 },
        );
        return v;
      }
      if (Date.now() > end) {
        const toast = await this.page
          .locator('.toast')
          .allTextContents()
          .catch(() => []);
        throw new Error(`revision ${v.revision}, not ${revision}${toast.length ? `: ${toast.join(' / ')}` : ''}`);
      }
      await new Promise((r) => setTimeout(r, 15));
    }
  }

  /**
   * Taps `selector` as a dealer would: not in the moment after the screen changed (the page's `settling`, when it
   * takes a tap for a double tap's second half and drops it), which a person never taps in but this dealer would.
   */
  async click(selector: string): Promise<void> {
    if (this.onPageClock && (await this.page.locator('keypad-app[settling]').count()) > 0)
      await this.page.clock.fastForward(SETTLE_MS);
    await this.page.locator('keypad-app:not([settling])').waitFor({ timeout: this.timeout });
    await this.page.locator(selector).click({ timeout: this.timeout });
  }

  /** Confirm in the confirmation dialog. */
  confirm = () => this.click('keypad-confirm [data-confirm]');
  /**
   * Taps a card key. The same key as the last one, at once, is a finger's bounce to the page (`isBounce`), which drops
   * it: a dealer keying two identical cards reads the second first, so this one waits that long too.
   */
  async card(card: string, scope = 'main'): Promise<void> {
    if (scope === 'main' && this.lastKey === card) {
      if (this.onPageClock) await this.page.clock.fastForward(BOUNCE_MS);
      else await this.page.waitForTimeout(BOUNCE_MS);
    }
    await this.click(`${scope} keypad-card-grid button[data-card="${card}"]`);
    if (scope === 'main') this.lastKey = card;
  }
  choose = (key: string) => this.click(`.choice button[data-choice="${key}"]`);

  /** Keys a result on the outcome pad (`scope`: the main one, or the supervisor's), and confirms it there. */
  async outcome(k: KeyedResult, scope = 'main'): Promise<void> {
    const pad = `${scope} keypad-outcome`;
    await this.click(`${pad} button[data-outcome="${k.outcome}"]`);
    await this.page
      .locator(`${pad} [data-points="player"] button`)
      .nth(k.playerPoints)
      .click({ timeout: this.timeout });
    await this.page
      .locator(`${pad} [data-points="banker"] button`)
      .nth(k.bankerPoints)
      .click({ timeout: this.timeout });
    for (const flag of ['natural', 'playerPair', 'bankerPair'] as const) {
      const b = this.page.locator(`${pad} button[data-flag="${flag}"]`);
      if (((await b.getAttribute('aria-pressed', { timeout: this.timeout })) === 'true') !== k[flag])
        await b.click({ timeout: this.timeout });
    }
    await this.click(`${pad} [data-confirm]`);
  }

  /**
   * In the supervisor's panel, corrects hand `no` to `cards` (dealing order) as a supervisor does: the panel starts
   * from the hand as recorded, so take back to the first wrong card, then key the right ones.
   */
  async correctCards(no: number, cards: readonly string[]): Promise<void> {
    const hand = (await this.view()).shoe?.hands.find((h) => h.no === no);
    const recorded = hand ? recordedEntry(hand) : [];
    let same = 0;
    while (same < recorded.length && recorded[same] === cards[same]) same++;
    await this.page.locator('keypad-supervisor keypad-round').waitFor({ timeout: this.timeout });
    for (let i = same; i < recorded.length; i++) await this.click('keypad-supervisor [data-take-back]');
    for (const c of cards.slice(same)) await this.card(c, 'keypad-supervisor');
  }

  /** The supervisor's panel: hand `no`, then what `act` does there, then the name and code, and send. */
  async supervisor(no: number, act: () => Promise<void>): Promise<void> {
    await this.click('[data-supervisor]');
    await this.click(`keypad-supervisor [data-pick-hand="${no}"]`);
    await act();
    await this.page.locator('keypad-supervisor [data-name]').fill(SUPERVISOR.name, { timeout: this.timeout });
    await this.page.locator('keypad-supervisor [data-code]').fill(SUPERVISOR.code, { timeout: this.timeout });
    await this.click('keypad-supervisor [data-send]');
  }
}

const text = (cards: readonly Card[]) => cards.map((c) => makeCard(c));
const sides = (coup: Coup) => ({ player: coup.player.cards, banker: coup.banker.cards });

/** The coup's cards as a dealer mis-keys them: the last one's rank wrong, the coup as long, another result. */
export function misKeyedCards(coup: Coup): string[] {
  const cards = dealingOrder(sides(coup));
  const last = cards.at(-1)!;
  for (const rank of ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const) {
    const wrong = [...cards.slice(0, -1), { rank, suit: last.suit }];
    const c = completeCoup(wrong);
    if (c && c.cardsUsed === cards.length && JSON.stringify(keyedOf(c)) !== JSON.stringify(keyedOf(coup)))
      return text(wrong);
  }
  return text([...cards.slice(0, 2).reverse(), ...cards.slice(2)]); // not reached for a real coup
}

export interface IntentOptions {
  /** The hand the dealer mis-keys and takes back by the undo (an ordinary hand). */
  readonly undoHand: number;
}

/** The intents of a dealer keying a simulated table's steps at the keypad. */
export function dealerIntents(steps: readonly Step[], keying: Keying, o: IntentOptions): Intent[] {
  const out: Intent[] = [];
  const add = (label: string, run: (ui: KeypadUi) => Promise<void>) => out.push({ label, run });
  const rng = createRng('keypad-dealer');
  let ended = false;
  const keyCards = (label: string, cards: readonly string[]) =>
    cards.forEach((c, i) => add(`${label} card ${i + 1} ${c}`, (ui) => ui.card(c)));
  const result = (label: string, coup: Coup, keyed?: KeyedResult) => {
    if (keying === 'outcome') return add(`${label} result`, (ui) => ui.outcome(keyed ?? keyedOf(coup)));
    keyCards(label, keyed ? misKeyedCards(coup) : text(dealingOrder(sides(coup))));
    return add(`${label} result`, (ui) => ui.click('[data-confirm-result]'));
  };
  for (const step of steps) {
    switch (step.type) {
      case 'table-open':
        add('open table', (ui) => ui.click('[data-open-table]'));
        break;
      case 'table-closed':
        add('close table', async (ui) => (await ui.click('[data-close-table]'), ui.confirm()));
        break;
      case 'shoe-start':
        ended = false;
        add(`new shoe of ${step.decks}`, async (ui) => {
          await ui.click(`[data-decks="${step.decks}"]`);
          await ui.click('[data-new-shoe]');
          await ui.confirm();
        });
        break;
      case 'shuffle':
        add('shuffle', (ui) => ui.click('[data-shuffle]'));
        break;
      case 'burn':
        add(`burn ${makeCard(step.card)}`, async (ui) => {
          await ui.click('[data-burn]');
          await ui.card(makeCard(step.card));
          await ui.click('[data-confirm-burn]');
          await ui.confirm();
        });
        break;
      case 'betting-open':
        add(`bets open ${step.handNo}`, (ui) => ui.click('[data-bets-open]'));
        break;
      case 'no-more-bets':
        add(`no more bets ${step.handNo}`, (ui) => ui.click('[data-no-more-bets]'));
        break;
      case 'void-hand':
        if (step.reason === 'no-bet-coup')
          add(`no-bet coup ${step.handNo}`, async (ui) => {
            const many = ((await ui.view()).shoe?.noBetCoups ?? 0) >= 3; // the pit boss's, confirmed
            await ui.click('[data-no-bet-coup]');
            if (many) await ui.confirm();
          });
        else
          add(`void hand ${step.handNo} ${step.reason}`, async (ui) => {
            await ui.click('[data-void-hand]');
            await ui.choose(`void-hand:${step.reason}`);
            await ui.confirm();
          });
        break;
      case 'cut-card':
        add(`cut card ${step.firstCardOfRound ? 'a' : 'b'} in ${step.handNo}`, async (ui) => {
          await ui.click('[data-cut-card]');
          await ui.choose(`cut-card:${step.firstCardOfRound ? 'a' : 'b'}`);
          await ui.confirm();
        });
        break;
      case 'last-coup':
        break;
      case 'hand': {
        const label = `hand ${step.handNo}`;
        if (step.keyed) {
          result(label, step.coup, step.keyed as KeyedResult); // mis-keyed; a supervisor corrects it later
        } else if (step.handNo === o.undoHand && !step.voidHand) {
          // Mis-keyed, then taken back at once and keyed again: a correction by the dealer.
          const wrong = keying === 'cards' ? undefined : (misKeyedResult(step.coup, rng) as KeyedResult);
          result(`${label} (wrong)`, step.coup, wrong ?? keyedOf(step.coup));
          add(`${label} undo`, (ui) => ui.click('[data-undo]'));
          if (keying === 'cards') {
            const right = text(dealingOrder(sides(step.coup)));
            add(`${label} take back`, (ui) => ui.click('[data-take-back]'));
            add(`${label} right card`, (ui) => ui.card(right.at(-1)!));
            add(`${label} result again`, (ui) => ui.click('[data-confirm-result]'));
          } else add(`${label} result again`, (ui) => ui.outcome(keyedOf(step.coup)));
        } else result(label, step.coup);
        break;
      }
      case 'correction':
        add(`supervisor corrects ${step.handNo}`, (ui) =>
          ui.supervisor(step.handNo, async () => {
            await ui.click('keypad-supervisor [data-mode="correct"]');
            if (keying === 'outcome') await ui.outcome(keyedOf(step.coup), 'keypad-supervisor');
            else await ui.correctCards(step.handNo, text(dealingOrder(sides(step.coup))));
          }),
        );
        break;
      case 'hand-void':
        add(`supervisor voids ${step.handNo}`, (ui) =>
          ui.supervisor(step.handNo, async () => {
            await ui.click('keypad-supervisor [data-mode="void"]');
            await ui.click(`keypad-supervisor [data-reason="${step.reason}"]`);
          }),
        );
        break;
      case 'round-void':
        ended ||= step.reason === 'insufficient-cards';
        add(`round void ${step.handNo} ${step.reason}`, async (ui) => {
          await ui.click('[data-round-void]');
          await ui.choose(`round-void:${step.reason}`);
          await ui.confirm();
        });
        break;
      case 'shoe-end':
        if (ended) break; // rule 12.5 ended it with the void round
        add('end shoe', async (ui) => {
          const complete = (await ui.view()).shoe?.complete ?? false;
          await ui.click(complete ? '[data-end-shoe]' : '[data-end-shoe-early]');
          await ui.confirm();
        });
        break;
    }
  }
  return out;
}
