/**
 * `<keypad-round>`: the round being keyed, as on the layout: the Player's and the Banker's cards with their points,
 * and the slot the next card goes to, which the Table of Play decides (rule 8.4, then 9.2–9.5). In a supervisor's
 * correction its cards can be tapped, to replace one: the one tapped is marked, and a third card the Table of Play
 * no longer deals is struck through and left out of the points.
 *
 * @event keypad-pick-card - a card was tapped (only when `pickable`); `detail` is its slot
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { parseCards, points as pointsOf } from '../../baccarat/cards';
import type { Point } from '../../baccarat/types';
import type { Slot } from '../protocol';
import type { Side, SidedCards } from './correction-cards';
import { cardLabel, isRed } from './format';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';

declare global {
  interface GlobalEventHandlersEventMap {
    'keypad-pick-card': CustomEvent<Slot>;
  }
}

/** The point count of cards in text (rule 4.2). */
const points = (cards: readonly string[]): Point => {
  const parsed = parseCards([...cards]);
  return parsed.ok ? pointsOf(parsed.value) : 0;
};

const same = (a: Slot | null, side: Side, index: number): boolean => a?.side === side && a.index === index;

@customElement('keypad-round')
export class KeypadRound extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: var(--k-gap);
      }
      .hand {
        border: 3px solid var(--side);
        border-radius: 12px;
        padding: 8px 12px;
        background: color-mix(in srgb, var(--side) 14%, var(--k-panel));
      }
      .head {
        display: flex;
        justify-content: space-between;
        align-items: baseline;
        font-weight: 800;
        font-size: 1.1em;
      }
      .points {
        font-size: 1.6em;
      }
      .cards {
        display: flex;
        gap: 8px;
        margin-top: 6px;
        min-height: 74px;
      }
      .card,
      .slot {
        width: 60px;
        height: 74px;
        border-radius: 8px;
        display: grid;
        place-items: center;
        font-weight: 800;
        font-size: 1.3em;
      }
      .card {
        background: var(--k-card);
        color: var(--k-card-ink);
        border: 0;
        padding: 0;
      }
      .card.red {
        color: var(--k-card-red);
      }
      button.card {
        border: 3px solid var(--k-card);
      }
      button.card[aria-pressed='true'] {
        outline: 5px solid var(--k-accent);
        outline-offset: 3px;
        transform: translateY(-6px);
        animation: pulse 1.2s ease-in-out infinite;
      }
      .card.extra {
        opacity: 0.55;
        border: 3px dashed var(--k-danger);
        text-decoration: line-through 3px var(--k-danger);
      }
      .slot {
        border: 3px dashed var(--k-line-strong);
      }
      .slot.next {
        border: 4px solid var(--k-accent);
        animation: pulse 1.2s ease-in-out infinite;
      }
      @keyframes pulse {
        50% {
          box-shadow: 0 0 0 6px color-mix(in srgb, var(--k-accent) 35%, transparent);
        }
      }
    `,
  ];

  @property({ attribute: false }) t!: Strings;
  /** The round's cards by hand. */
  @property({ attribute: false }) hands: SidedCards = { player: [], banker: [] };
  /** Where the next card goes, or null when none is due. */
  @property({ attribute: false }) next: Slot | null = null;
  /** Third cards the Table of Play does not deal with these cards (struck through, not counted). */
  @property({ attribute: false }) extra: readonly Slot[] = [];
  /** The card picked to be replaced. */
  @property({ attribute: false }) picked: Slot | null = null;
  /** Cards can be tapped (a supervisor's correction). */
  @property({ type: Boolean }) pickable = false;

  private pick(at: Slot): void {
    this.dispatchEvent(new CustomEvent('keypad-pick-card', { detail: at, bubbles: true, composed: true }));
  }

  private card(side: Side, index: 1 | 2 | 3, card: string) {
    const extra = this.extra.some((x) => same(x, side, index));
    const cls = `card ${isRed(card) ? 'red' : ''} ${extra ? 'extra' : ''}`;
    if (!this.pickable) return html`<div class=${cls} data-card=${card}>${cardLabel(card)}</div>`;
    return html`<button
      class=${cls}
      data-card=${card}
      data-at=${`${side}-${index}`}
      aria-pressed=${same(this.picked, side, index)}
      aria-label=${this.t.cardAt({ side, index }, cardLabel(card))}
      @click=${() => this.pick({ side, index })}
    >
      ${cardLabel(card)}
    </button>`;
  }

  private hand(side: Side, cards: readonly string[]) {
    const slots = ([1, 2, 3] as const).map((i) => {
      const card = cards[i - 1];
      if (card !== undefined) return this.card(side, i, card);
      const isNext = same(this.next, side, i);
      return isNext || i < 3
        ? html`<div class="slot ${isNext ? 'next' : ''}" data-slot=${`${side}-${i}`}></div>`
        : nothing;
    });
    const counted = cards.filter((_, i) => !this.extra.some((x) => same(x, side, i + 1)));
    return html`<div class="hand ${side}" data-side=${side}>
      <div class="head">
        <span>${this.t.outcome[side]}</span
        ><span class="points" data-points=${side}>${counted.length > 0 ? points(counted) : ''}</span>
      </div>
      <div class="cards">${slots}</div>
    </div>`;
  }

  override render() {
    return html`${this.hand('player', this.hands.player)}${this.hand('banker', this.hands.banker)}`;
  }
}
