/**
 * The screen of a keypad refused because another controller serves its table (or took it over): who, since when,
 * what to do, and "Check again"; or, the table free, because it may not carry on the shoe in progress there: why, in
 * English for the pit and IT, and "Check again". Rendered by `<keypad-app>` in its own shadow root (its styles).
 *
 * ```ts
 * html`<main>${refusedScreen(t, view, () => recheck())}</main>`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { KeypadView } from '../protocol';
import { clockTime } from './format';
import type { Strings } from './locales';
import { refusalWords } from './refusal-words';

export function refusedScreen(t: Strings, v: KeypadView, checkAgain: () => void): TemplateResult {
  const shoe = v.link.shoeRefused;
  if (shoe !== undefined && !v.link.refusal)
    return html`<div class="refused" role="alert" data-refused="shoe">
      <h2>${t.refusedTitle}</h2>
      <p>${t.shoeRefused}</p>
      <p class="muted">${t.shoeRefusedWhat}</p>
      <p class="why" lang="en" data-shoe-refused>${shoe}</p>
      <button class="big" data-check-again @click=${checkAgain}>${t.checkAgain}</button>
    </div>`;
  const r = v.link.refusal;
  const words = refusalWords(t, r, v.tableId);
  return html`<div class="refused" role="alert" data-refused=${r?.why ?? ''} data-holder=${r?.holder ?? ''}>
    <h2>${t.refusedTitle}</h2>
    <p>${words.said}</p>
    ${r ? html`<p>${t.refusedSince(clockTime(r.since))}</p>` : nothing}
    <p class="muted">${words.what}</p>
    <button class="big" data-check-again @click=${checkAgain}>${t.checkAgain}</button>
  </div>`;
}
