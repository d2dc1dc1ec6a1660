/**
 * `<keypad-card-grid>`: the 52 cards, one tap each: a row per suit, a column per rank. A card the shoe no longer
 * holds (keyed as often as it has decks) is disabled, and says why: its key's title and name, and, with `wayOut`, a
 * line under the grid naming the way out for a card on the table that the shoe cannot hold (a card not of the set:
 * "Round void…"). A key greyed out without a word left the dealer with a card in hand and nothing to tap.
 *
 * @event keypad-card - a card was tapped; `detail` is its text (`10H`)
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = [
  ['S', '♠'],
  ['H', '♥'],
  ['D', '♦'],
  ['C', '♣'],
] as const;

declare global {
  interface GlobalEventHandlersEventMap {
    'keypad-card': CustomEvent<string>;
  }
}

@customElement('keypad-card-grid')
export class KeypadCardGrid extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(13, minmax(var(--k-target), 1fr));
        gap: var(--k-gap);
      }
      .pad {
        display: none;
      }
      /* Narrower than 13 keys a row (a portrait tablet under 790 px: an iPad mini's 744, a small one's 600): each
         suit on two rows, A to 7 and 8 to K, every key still a full target. Thirteen a row laid the page out 790 px
         wide whatever the screen, and the kings, "Round void" and "Confirm result" ran off it (found by a dealer).
         A 9.7" tablet held upright (768×1024, its targets 50 px: keypad.css) keeps thirteen a row, 698 px with their
         gaps: four rows, not eight, leave its round screen room for what it says over the cards (found in a trial). */
      @media (max-width: 729px), (max-width: 789px) and (min-height: 1101px) {
        .grid {
          grid-template-columns: repeat(7, minmax(0, 1fr));
        }
        .pad {
          display: block;
        }
      }
      button {
        padding: 0;
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        line-height: 1;
        font-size: 1.35em;
        background: var(--k-card);
        color: var(--k-card-ink);
        border-color: var(--k-card);
      }
      button .suit {
        font-size: 0.8em;
        margin-top: 2px;
      }
      button.red {
        color: var(--k-card-red);
      }
      .used-up {
        margin-top: 6px;
        color: var(--k-muted);
        font-weight: 700;
      }
    `,
  ];

  /** Cards that cannot be keyed (the shoe holds no more of them). */
  @property({ attribute: false }) exhausted: readonly string[] = [];
  /** Every card disabled. */
  @property({ type: Boolean }) disabled = false;
  /** The words: a used-up key's reason (none without them). */
  @property({ attribute: false }) t: Strings | null = null;
  /** Under the grid, the used-up cards and the way out for one on the table ("Round void…"): a round being keyed. */
  @property({ type: Boolean }) wayOut = false;

  private tap(card: string): void {
    this.dispatchEvent(new CustomEvent('keypad-card', { detail: card, bubbles: true, composed: true }));
  }

  override render() {
    const t = this.t;
    const usedUp = SUITS.flatMap(([s, symbol]) =>
      RANKS.filter((r) => this.exhausted.includes(`${r}${s}`)).map((r) => `${r}${symbol}`),
    );
    return html`<div class="grid" role="group" aria-label="cards">
        ${SUITS.map(([s, symbol]) =>
          RANKS.map((r) => {
            const card = `${r}${s}`;
            const red = s === 'H' || s === 'D';
            const gone = this.exhausted.includes(card) && t ? t.usedUp(`${r}${symbol}`) : null;
            return html`<button
                class=${red ? 'red' : ''}
                data-card=${card}
                aria-label=${gone ?? `${r}${symbol}`}
                title=${gone ?? nothing}
                ?data-used-up=${gone !== null}
                ?disabled=${this.disabled || this.exhausted.includes(card)}
                @click=${() => this.tap(card)}
              >
                <span>${r}</span><span class="suit">${symbol}</span></button
              >${r === 'K' ? html`<span class="pad" aria-hidden="true"></span>` : nothing}`;
          }),
        )}
      </div>
      ${
        t && this.wayOut && usedUp.length > 0 && !this.disabled
          ? html`<div class="used-up" role="note" data-used-up-note>${t.usedUpWayOut(usedUp.join(' '))}</div>`
          : nothing
      }`;
  }
}
