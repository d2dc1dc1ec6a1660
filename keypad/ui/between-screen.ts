/**
 * `<keypad-between>`: between rounds and the shoe's life: the last result, large; the one thing to do next (a new
 * shoe, its shuffle, its burn, bets open, no more bets, the end of the shoe: `next-step.ts`), large and gold; the
 * undo while it is offered; the shuffle, the burn (the card, then rule 7.9's count, proposed), no-bet coups, "No bets
 * this hand", the table. Everything goes up as actions.
 *
 * @event keypad-act - an action, with its confirmation
 * @event keypad-choose - a choice to offer ("No bets this hand"'s reason)
 * @packageDocumentation
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { parseCard } from '../../baccarat/cards';
import { burnCount } from '../../baccarat/shoe-lifecycle';
import { ANNOUNCED_REASONS, type DealerAction, type KeypadView } from '../protocol';
import { actEvent, chooseEvent, type Choice, type Confirmation } from './events';
import { cardLabel, isRed } from './format';
import { lastRound } from './last-round';
import type { Strings } from './locales';
import { nextStep, statusKey, statusText, type NextStep } from './next-step';
import { endShoeEarly, handsTally, noBetCoupAsk } from './shoe-rounds';
import { pitClosedHere, pitClosedWarning } from './pit-closed';
import { shoeStartNotice } from './shoe-start';
import { betweenStyles } from './between-screen.styles';
import { screenStyles } from './screen.styles';
import { sharedStyles } from './shared.styles';
import './card-grid';

@customElement('keypad-between')
export class KeypadBetween extends LitElement {
  static override styles = [sharedStyles, screenStyles, betweenStyles];

  @state() private burnCard: string | null = null;
  @state() private burnPicking = false;
  @state() private burnCountValue = 0;
  /** The deck count the dealer picked for the next shoe; null: the view's (the last shoe's, else the configured). */
  @state() private decks: number | null = null;
  private shoeId: string | null = null; // the shoe the pick was made under: a new shoe drops it

  @property({ attribute: false }) t!: Strings;
  @property({ attribute: false }) view!: KeypadView;
  /** The server's time now, in ms (for the undo's countdown). */
  @property({ type: Number }) now = 0;

  override willUpdate(): void {
    if (!this.view.can.burn) this.burnPicking = false; // burned (or too late to): the picker goes
    const id = this.view.shoe?.id ?? null;
    if (id !== this.shoeId) {
      this.shoeId = id;
      this.decks = null;
    }
  }

  /** The deck count offered for a new shoe: the dealer's pick, else the view's (last shoe's, configured, 8). */
  private get deckCount(): number {
    return this.decks ?? this.view.newShoeDecks;
  }

  private act(action: DealerAction, confirm?: Confirmation): void {
    this.dispatchEvent(actEvent({ request: { action }, ...(confirm && { confirm }) }));
  }

  private choose(choice: Choice): void {
    this.dispatchEvent(chooseEvent(choice));
  }

  private voidHand(): void {
    const t = this.t;
    const s = this.view.shoe;
    // With bets open, the confirmation says the wagers on the layout are not settled on it, as a no-bet coup's does.
    const betsOpen = s?.phase === 'betting' ? { body: t.wagersNotSettled(s.nextHandNo), warn: true } : {};
    this.choose({
      title: t.voidHand,
      options: ANNOUNCED_REASONS.map((reason) => ({
        label: t.announced[reason],
        action: { type: 'void-hand', reason },
        confirm: { title: t.voidHandNow(t.announced[reason]), label: t.confirm, ...betsOpen },
      })),
    });
  }

  private burn(v: KeypadView): TemplateResult {
    const t = this.t;
    const card = this.burnCard;
    if (!card)
      return html`<div class="burn reach">
        <div class="status">${t.burnPick}</div>
        <keypad-card-grid
          .t=${t}
          .exhausted=${v.shoe?.exhausted ?? []}
          @keypad-card=${(e: CustomEvent<string>) => {
            const c = parseCard(e.detail);
            this.burnCard = e.detail;
            this.burnCountValue = c.ok ? burnCount(c.value) : 1;
          }}
        ></keypad-card-grid>
        <button @click=${() => (this.burnPicking = false)}>${t.back}</button>
      </div>`;
    const parsed = parseCard(card);
    const rule = parsed.ok ? burnCount(parsed.value) : 1;
    const n = this.burnCountValue;
    return html`<div class="burn reach">
      <div class="card-face ${isRed(card) ? 'red' : ''}" data-burn-card=${card}>${cardLabel(card)}</div>
      <div class="status">${t.burnCount(cardLabel(card), n)}</div>
      ${
        n === rule
          ? html`<div class="muted" data-burn-rule>${t.burnRule(rule)}</div>`
          : html`<div class="banner differs" role="alert" data-burn-differs>${t.burnDiffers(n, rule)}</div>`
      }
      <div class="stepper">
        <button data-burn-less ?disabled=${n <= 1} @click=${() => (this.burnCountValue = n - 1)}>−</button>
        <span data-burn-count class=${n === rule ? '' : 'differs'}>${n}</span>
        <button data-burn-more ?disabled=${n >= 10} @click=${() => (this.burnCountValue = n + 1)}>+</button>
      </div>
      <div class="grid2">
        <button class="big" @click=${() => (this.burnCard = null)}>${t.back}</button>
        <button
          class="primary big"
          data-confirm-burn
          @click=${() => {
            this.act(
              { type: 'burn', card, count: n },
              {
                title: t.burnConfirm(cardLabel(card), n),
                ...(n !== rule && { body: t.burnDiffers(n, rule), warn: true }),
                label: t.confirm,
              },
            );
          }}
        >
          ${t.burnConfirm(cardLabel(card), n)}
        </button>
      </div>
    </div>`;
  }

  /** Between rounds, and the shoe's life: the one thing to do next, large, and the rest below. */
  private between(v: KeypadView): TemplateResult {
    const t = this.t;
    const s = v.shoe;
    if (this.burnPicking && v.can.burn) return this.burn(v);
    const undoLeft = v.undo ? Math.ceil((Date.parse(v.undo.until) - this.now) / 1000) : 0;
    const undo =
      v.undo && undoLeft > 0 && v.can.undo
        ? html`<button class="big undo" data-undo @click=${() => this.act({ type: 'undo' })}>
            ${t.undo(v.undo.handNo, undoLeft)}
          </button>`
        : nothing;
    const noBetCoups = s?.noBetCoups ?? 0;
    // The pit closed the table (its boards show TABLE CLOSED) while it is open here: a round now would be recorded
    // under TABLE CLOSED, so it asks first, and says why.
    const pitClosed = pitClosedHere(v);
    const pitAsk = (title: string, label: string): Confirmation => ({ title, body: t.pitClosed, label, danger: true });
    const step = nextStep(v);
    const tally = s && handsTally(s);
    const endShoeDone = tally ? t.endShoeDone(tally.played, tally.void) : '';
    const decks = this.deckCount;
    const newShoe = html`<div class="grid2">
      <div class="decks" role="group" aria-labelledby="decks-label">
        <div class="label" id="decks-label" data-decks-label>${t.decks}</div>
        <div class="row">
          ${[4, 5, 6, 7, 8].map(
            (d) =>
              html`<button
                data-decks=${d}
                aria-label=${t.deckCount(d)}
                aria-pressed=${decks === d}
                @click=${() => (this.decks = d)}
              >
                ${d}
              </button>`,
          )}
        </div>
      </div>
      <button
        class="primary big"
        data-new-shoe
        ?disabled=${!v.can['new-shoe']}
        @click=${() => this.act({ type: 'new-shoe', decks }, { title: t.startShoe(decks), label: t.confirm })}
      >
        ${t.startShoe(decks)}
      </button>
    </div>`;
    const betsOpen = (gold: boolean) =>
      html`<button
        class=${gold ? 'primary big' : ''}
        data-bets-open
        ?disabled=${!v.can['bets-open']}
        @click=${() => this.act({ type: 'bets-open' }, pitClosed ? pitAsk(t.betsOpenPitClosed, t.betsOpen) : undefined)}
      >
        ${t.betsOpen}
      </button>`;
    // The shuffle and the burn of a new shoe, the one due in gold (rule 12.7: play goes on without a burn, so bets
    // open stays at hand, plain, below them).
    const gold = (which: NextStep) => (step === which ? 'primary big' : '');
    const shoeStart =
      s && (v.can.shuffle || v.can.burn)
        ? html`<div class="grid2">
            <button
              class=${gold('shuffle')}
              data-shuffle
              ?disabled=${!v.can.shuffle}
              @click=${() => this.act({ type: 'shuffle' })}
            >
              ${s.shuffled ? t.shuffled : t.shuffle}
            </button>
            <button
              class=${gold('burn')}
              data-burn
              ?disabled=${!v.can.burn}
              @click=${() => ((this.burnPicking = true), (this.burnCard = null))}
            >
              ${t.burn}
            </button>
          </div>`
        : nothing;
    const table = v.tableOpen
      ? html`<button
          data-close-table
          ?disabled=${!v.can['close-table']}
          @click=${() => this.act({ type: 'close-table' }, { title: t.closeTable, label: t.closeTable })}
        >
          ${t.closeTable}
        </button>`
      : html`<button
          class=${step === 'open-table' ? 'primary big' : ''}
          data-open-table
          ?disabled=${!v.can['open-table']}
          @click=${() => this.act({ type: 'open-table' })}
        >
          ${t.openTable}
        </button>`;
    const primary =
      step === 'new-shoe' || !s
        ? newShoe
        : step === 'no-more-bets'
          ? html`<button class="primary big" data-no-more-bets @click=${() => this.act({ type: 'no-more-bets' })}>
              ${t.noMoreBets}
            </button>`
          : step === 'end-shoe'
            ? html`<button
                class="primary big"
                data-end-shoe
                ?disabled=${!v.can['end-shoe']}
                @click=${() => this.act({ type: 'end-shoe' }, { title: endShoeDone, label: t.endShoe })}
              >
                ${endShoeDone}
              </button>`
            : step === 'bets-open'
              ? betsOpen(true)
              : step === 'open-table'
                ? html`${table} ${betsOpen(false)}`
                : html`${shoeStart} ${betsOpen(false)}`;
    const afterPrimary = step === 'shuffle' || step === 'burn' ? nothing : shoeStart;
    // Closing the table goes in the row of the other rare actions: one row less, so that with the undo on offer
    // nothing is pushed under the hands in landscape (four across; two by two in portrait).
    const tableInRow = v.tableOpen && s !== null && s.phase !== 'ended';
    const secondary =
      s && s.phase !== 'ended'
        ? html`<div class="more ${tableInRow ? 'four' : ''}">
            <button
              data-no-bet-coup
              ?disabled=${!v.can['no-bet-coup']}
              @click=${() => this.act({ type: 'no-bet-coup' }, noBetCoupAsk(t, s, pitClosed))}
            >
              ${noBetCoups > 0 ? t.counted(t.noBetCoup, noBetCoups) : t.noBetCoup}
            </button>
            <button data-void-hand ?disabled=${!v.can['void-hand']} @click=${() => this.voidHand()}>
              ${t.voidHand}
            </button>
            <button
              class="danger"
              data-end-shoe-early
              ?disabled=${!v.can['end-shoe'] || s.complete}
              @click=${() => this.act({ type: 'end-shoe' }, endShoeEarly(t, s))}
            >
              ${t.endShoe}
            </button>
            ${tableInRow ? table : nothing}
          </div>`
        : nothing;
    // What is said, most pressing first: the last coup before the last result, which gives way first.
    return html`<div class="said">
        ${pitClosedWarning(t, v)} ${shoeStartNotice(t, v)}
        <div class="status" data-status=${statusKey(v)}>${statusText(t, v)}</div>
        ${s?.lastCoup?.isLastRound ? html`<div class="banner last">${t.lastCoupNext(s.lastCoup.lastRound)}</div>` : nothing}
        ${lastRound(t, v)}
        ${s?.burn ? html`<div class="muted">${t.burned(cardLabel(s.burn.card), s.burn.count)}${noBetCoups ? ` · ${t.noBetCoups(noBetCoups)}` : ''}</div>` : nothing}
      </div>
      <div class="reach">
        ${undo} ${primary} ${afterPrimary} ${secondary} ${tableInRow || step === 'open-table' ? nothing : table}
      </div>`;
  }

  override render() {
    return this.between(this.view);
  }
}
