/**
 * The lines above the card keys while a supervisor corrects a hand by cards: the card picked to be replaced, and
 * what the Table of Play now says of the third cards (`drawNotes`). Rendered by `<keypad-supervisor>` in its own
 * shadow root (its styles).
 *
 * ```ts
 * html`${correctionLines(t, recorded, cards, picked)}`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { HandView, Slot } from '../protocol';
import { drawNotes, type SidedCards } from './correction-cards';
import { cardLabel } from './format';
import type { Strings } from './locales';

/** What the supervisor is doing, and what the Table of Play now says of the third cards. */
export function correctionLines(
  t: Strings,
  h: HandView,
  cards: SidedCards,
  picked: Slot | null,
): TemplateResult | typeof nothing {
  const card = picked && cards[picked.side][picked.index - 1];
  const notes = drawNotes(h, cards);
  if (!card && notes.length === 0) return nothing;
  return html`<div class="lines" role="status">
    ${picked && card ? html`<div class="replacing" data-replacing>${t.replacing(picked, cardLabel(card))}</div>` : nothing}
    ${notes.map(
      (n) =>
        html`<div class="draw-note ${n.act ? 'act' : ''}" data-draw-note=${`${n.side}-${n.act ?? 'changed'}`}>
          ${t.drawNote(n)}
        </div>`,
    )}
  </div>`;
}
