/**
 * `<keypad-hands>`: the shoe's hands as the boards have them, newest first: number, winner and points, pairs and
 * natural, and whether it was a void hand or no-bet coup, corrected, or voided afterwards; and the rounds voided
 * without a result (dashed, as void hands are: "Void, no result"), which the boards show as ROUND VOID. The dealer
 * sees at a glance what was published. The whole shoe's hands, in a strip that scrolls sideways within itself (never
 * widening the page); it goes back to the newest whenever a round is added.
 * @packageDocumentation
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { score } from './format';
import type { Strings } from './locales';
import { roundKey, roundVoidReason, voidHandMark, type ShoeRound } from './shoe-rounds';
import { sharedStyles } from './shared.styles';

@customElement('keypad-hands')
export class KeypadHands extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: flex;
        gap: 8px;
        overflow-x: auto;
        overflow-y: hidden;
        overscroll-behavior-x: contain;
        scrollbar-width: thin;
        touch-action: pan-x;
      }
      .hand {
        flex: none;
        border: 3px solid var(--side);
        border-radius: 10px;
        padding: 4px 10px;
        min-width: 86px;
        text-align: center;
        background: color-mix(in srgb, var(--side) 18%, var(--k-panel));
      }
      .no {
        font-size: 0.8em;
        color: var(--k-muted);
      }
      .res {
        font-weight: 800;
        font-size: 1.15em;
      }
      .marks {
        font-size: 0.75em;
        min-height: 1.2em;
      }
      .voided {
        opacity: 0.55;
        text-decoration: line-through;
      }
      .void-hand {
        border-style: dashed;
      }
      .round-void {
        --side: var(--k-line-strong);
      }
    `,
  ];

  @property({ attribute: false }) t!: Strings;
  /** The shoe's rounds, oldest first (`shoeRounds`). */
  @property({ attribute: false }) rounds: readonly ShoeRound[] = [];

  /** A new round brings the strip back to its start, where the newest is, however far back the dealer scrolled. */
  protected override updated(changed: PropertyValues<this>): void {
    const before = changed.get('rounds') as readonly ShoeRound[] | undefined;
    const newest = (rounds: readonly ShoeRound[]) => {
      const last = rounds.at(-1);
      return last ? roundKey(last) : '';
    };
    if (before && (before.length !== this.rounds.length || newest(before) !== newest(this.rounds))) this.scrollLeft = 0;
  }

  override render() {
    const t = this.t;
    return [...this.rounds].reverse().map((round) => {
      if (round.kind === 'round-void')
        return html`<div
          class="hand round-void void-hand"
          data-voided-round=${round.no}
          title=${roundVoidReason(t, round.reason)}
        >
          <div class="no">${round.no}</div>
          <div class="res">${t.roundVoidShort}</div>
          <div class="marks">${t.roundVoidMark}</div>
        </div>`;
      const h = round.hand;
      const r = h.result;
      const marks = [
        r.playerPair ? t.playerPair : null,
        r.bankerPair ? t.bankerPair : null,
        r.natural ? t.natural : null,
        voidHandMark(t, h),
        h.corrected ? t.correctedShort : null,
        h.voided ? t.voidedMark : null,
      ].filter(Boolean);
      return html`<div
        class="hand ${r.outcome} ${h.voided ? 'voided' : ''} ${h.voidHand ? 'void-hand' : ''}"
        data-hand=${h.no}
        title=${h.corrected ? t.correctedMark(h.corrected.by) : ''}
      >
        <div class="no">${h.no}</div>
        <div class="res">${t.short[r.outcome]} ${score(r)}</div>
        <div class="marks">${marks.length ? marks.join(' · ') : nothing}</div>
      </div>`;
    });
  }
}
