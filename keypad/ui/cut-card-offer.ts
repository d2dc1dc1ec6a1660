/**
 * The supervisor's panel's offer to withdraw a cut card keyed by mistake (none came out), while one is out: the
 * boards' LAST COUP ends with it (`docs/keypad.md`). Named by the round it was keyed in.
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Strings } from './locales';

export function cutCardOffer(
  t: Strings,
  round: number | null,
  pressed: boolean,
  choose: () => void,
): TemplateResult | typeof nothing {
  if (round === null) return nothing;
  return html`<div class="modes">
    <button data-mode="cut-card" class="danger" aria-pressed=${pressed} @click=${choose}>
      ${t.withdrawCutCard(round)}
    </button>
  </div>`;
}
