/**
 * `<keypad-card-grid>`: the 52 cards, one tap each: a row per suit, a column per rank. A card the shoe no longer
 * holds (keyed as often as it has decks) is disabled.
 *
 * @event keypad-card - a card was tapped; `detail` is its text (`10H`)
 * @packageDocumentation
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
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
    `,
  ];

  /** Cards that cannot be keyed (the shoe holds no more of them). */
  @property({ attribute: false }) exhausted: readonly string[] = [];
  /** Every card disabled. */
  @property({ type: Boolean }) disabled = false;

  private tap(card: string): void {
    this.dispatchEvent(new CustomEvent('keypad-card', { detail: card, bubbles: true, composed: true }));
  }

  override render() {
    return html`<div class="grid" role="group" aria-label="cards">
      ${SUITS.map(([s, symbol]) =>
        RANKS.map((r) => {
          const card = `${r}${s}`;
          const red = s === 'H' || s === 'D';
          return html`<button
            class=${red ? 'red' : ''}
            data-card=${card}
            aria-label=${`${r}${symbol}`}
            ?disabled=${this.disabled || this.exhausted.includes(card)}
            @click=${() => this.tap(card)}
          >
            <span>${r}</span><span class="suit">${symbol}</span>
          </button>`;
        }),
      )}
    </div>`;
  }
}
