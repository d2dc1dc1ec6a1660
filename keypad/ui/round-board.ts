/**
 * `<keypad-round>`: the round being keyed, as on the layout: the Player's and the Banker's cards with their points,
 * and the slot the next card goes to, which the Table of Play decides (rule 8.4, then 9.2–9.5).
 * @packageDocumentation
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { parseCards, points as pointsOf } from '../../baccarat/cards';
import { playerDraws } from '../../baccarat/table-of-play';
import type { Point } from '../../baccarat/types';
import type { Slot } from '../protocol';
import { cardLabel, isRed } from './format';
import type { Strings } from './locales';
import { sharedStyles } from './shared.styles';

/** The round's cards by hand: P1 B1 P2 B2 (rule 8.4), then the Player's third if it draws (9.3), then the Banker's. */
function sides(cards: readonly string[]): { player: string[]; banker: string[] } {
  const player = [cards[0], cards[2]].filter((c): c is string => c !== undefined);
  const banker = [cards[1], cards[3]].filter((c): c is string => c !== undefined);
  const [fifth, sixth] = cards.slice(4);
  if (fifth === undefined) return { player, banker };
  if (playerDraws(points(player), points(banker))) player.push(fifth);
  else banker.push(fifth);
  if (sixth !== undefined) banker.push(sixth);
  return { player, banker };
}

/** The point count of cards in text (rule 4.2). */
const points = (cards: readonly string[]): Point => {
  const parsed = parseCards([...cards]);
  return parsed.ok ? pointsOf(parsed.value) : 0;
};

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
        width: 56px;
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
      }
      .card.red {
        color: var(--k-card-red);
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
  /** The round's cards in dealing order. */
  @property({ attribute: false }) cards: readonly string[] = [];
  /** Where the next card goes, or null when the coup is complete. */
  @property({ attribute: false }) next: Slot | null = null;

  private hand(side: 'player' | 'banker', cards: readonly string[]) {
    const slots = [1, 2, 3].map((i) => {
      const card = cards[i - 1];
      if (card !== undefined)
        return html`<div class="card ${isRed(card) ? 'red' : ''}" data-card=${card}>${cardLabel(card)}</div>`;
      const isNext = this.next?.side === side && this.next.index === i;
      return isNext || i < 3
        ? html`<div class="slot ${isNext ? 'next' : ''}" data-slot=${`${side}-${i}`}></div>`
        : nothing;
    });
    return html`<div class="hand ${side}" data-side=${side}>
      <div class="head">
        <span>${this.t.outcome[side]}</span><span class="points">${cards.length > 0 ? points(cards) : ''}</span>
      </div>
      <div class="cards">${slots}</div>
    </div>`;
  }

  override render() {
    const { player, banker } = sides(this.cards);
    return html`${this.hand('player', player)}${this.hand('banker', banker)}`;
  }
}
