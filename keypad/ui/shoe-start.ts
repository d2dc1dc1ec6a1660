/**
 * What the dealer is told of a keypad's start on a new journal (a spare brought in): that it carried on the table's
 * shoe from the broker's record, until it records the shoe's next result; or that it did not, and why (in English,
 * for the pit, in small type under it and in its title), until the dealer starts a shoe; and, on the round screen
 * of a spare that took over mid-round, to key the round again from its first card. See `keypad/adopt.ts`.
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { KeypadView } from '../protocol';
import { clockTime } from './format';
import type { Strings } from './locales';

export function shoeStartNotice(t: Strings, v: KeypadView): TemplateResult | typeof nothing {
  const c = v.carriedOn;
  if (c)
    return html`<div class="muted" data-carried-on=${c.shoeNo}>
      ${t.carriedOn(c.shoeNo, c.hands, clockTime(c.at))}
    </div>`;
  const n = v.notCarriedOn;
  if (n)
    return html`<div class="banner" role="alert" data-not-carried-on title=${n.reason}>
      <div class="said">${t.notCarriedOn}</div>
      <div class="why" data-reason lang="en">${n.reason}</div>
    </div>`;
  return nothing;
}

/**
 * On the round screen of a spare that carried the shoe on mid-round (the round being dealt when the keypad before
 * failed): the cards keyed on that keypad never reached the broker, so the round is keyed again from its first card.
 * Said until the first card is keyed (found by a pit supervisor: the round screen said nothing, and a dealer who
 * had keyed some cards on the failed keypad could key only the rest).
 */
export function carriedOnRound(t: Strings, v: KeypadView): TemplateResult | typeof nothing {
  if (!v.carriedOn || !v.round || v.keying !== 'cards' || v.round.cards.length > 0) return nothing;
  return html`<div class="banner" role="alert" data-carried-on-round=${v.round.handNo}>
    ${t.carriedOnRound(v.round.handNo)}
  </div>`;
}
