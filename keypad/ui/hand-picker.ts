/**
 * The supervisor's choice of the hand to correct or void: the shoe's hands, newest first, each with its result;
 * hands voided already cannot be chosen, and a void hand or no-bet coup says so, as the hands' strip does (a
 * supervisor correcting "hand 3" could not tell it was a coup with no bets). Rendered by `<keypad-supervisor>` in its
 * own shadow root (its styles).
 *
 * ```ts
 * html`${handPicker(t, hands, chosen, (no) => choose(no))}`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { HandView } from '../protocol';
import { score } from './format';
import type { Strings } from './locales';
import { voidHandMark } from './shoe-rounds';

const mark = (text: string | null) =>
  text === null ? nothing : html` <span class="mark" data-void-hand>· ${text}</span>`;

export function handPicker(
  t: Strings,
  hands: readonly HandView[],
  chosen: number | null,
  choose: (no: number) => void,
): TemplateResult {
  return html`<div class="pick">
    <span class="muted">${t.pickHand}</span>
    <div class="hands" role="group" aria-label=${t.pickHand}>
      ${[...hands]
        .reverse()
        .map(
          (x) =>
            html`<button
              class=${x.result.outcome}
              data-pick-hand=${x.no}
              aria-pressed=${chosen === x.no}
              ?disabled=${Boolean(x.voided)}
              @click=${() => choose(x.no)}
            >
              ${x.no}: ${t.short[x.result.outcome]} ${score(x.result)}${mark(voidHandMark(t, x))}
            </button>`,
        )}
    </div>
  </div>`;
}
