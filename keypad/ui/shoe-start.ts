/**
 * What the dealer is told of a keypad's start on a new journal (a spare brought in): that it carried on the table's
 * shoe from the broker's record, until it records the shoe's next result; or that it did not (the reason in English
 * for the pit, in the line's title), until the dealer starts a shoe. See `keypad/adopt.ts`.
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
  if (n) return html`<div class="banner" role="alert" data-not-carried-on title=${n.reason}>${t.notCarriedOn}</div>`;
  return nothing;
}
