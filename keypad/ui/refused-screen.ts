/**
 * The screen of a keypad refused because another controller serves its table (or took it over): who, since when,
 * what to do, and "Check again". Rendered by `<keypad-app>` in its own shadow root (its styles).
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
