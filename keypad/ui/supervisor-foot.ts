/**
 * The foot of the supervisor's panel, which stays in view whatever scrolls above it: the supervisor's name, code
 * and note, Send (saying the result it sends), and the lock-out counted down or the server's refusal. Rendered by
 * `<keypad-supervisor>` in its own shadow root (its styles); the panel keeps the values.
 *
 * ```ts
 * html`${supervisorFoot({ t, name, code, note, ready, sends, lockedFor, error, asRecorded, set, send })}`;
 * html`${lockedFoot(t, lockedFor)}`; // no hand or no mode picked yet: the lock-out alone
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Strings } from './locales';

export interface FootInputs {
  readonly t: Strings;
  readonly name: string;
  readonly code: string;
  readonly note: string;
  /** Send may be tapped. */
  readonly ready: boolean;
  /** What Send says it sends, after its label (the corrected result), or ''. */
  readonly sends: string;
  /** Whole seconds left of the supervisors' lock-out, or 0. */
  readonly lockedFor: number;
  /** The server's answer to the last request (a wrong code). */
  readonly error: string;
  /** The hint that the correction is still the hand as recorded, or null. */
  readonly asRecorded: string | null;
  readonly set: (field: 'name' | 'code' | 'note', value: string) => void;
  readonly send: () => void;
}

export function supervisorFoot(f: FootInputs): TemplateResult {
  const { t } = f;
  const input = (field: 'name' | 'code' | 'note') => (e: Event) => f.set(field, (e.target as HTMLInputElement).value);
  return html`<div class="foot">
    ${f.asRecorded !== null ? html`<div class="muted" data-as-recorded>${f.asRecorded}</div>` : nothing}
    <div class="who">
      <label>${t.name}<input data-name .value=${f.name} @input=${input('name')} autocomplete="off" /></label>
      <label
        >${t.code}<input
          data-code
          type="password"
          inputmode="numeric"
          .value=${f.code}
          @input=${input('code')}
          autocomplete="off"
      /></label>
      <label class="note">${t.note}<input data-note .value=${f.note} maxlength="200" @input=${input('note')} /></label>
      <button class="primary big" data-send ?disabled=${!f.ready} @click=${f.send}>${t.send}${f.sends}</button>
    </div>
    ${
      f.lockedFor > 0
        ? lockedLine(t, f.lockedFor)
        : f.error && f.error !== t.locked // a lock-out over is said no more
          ? html`<div class="error" role="alert">${f.error}</div>`
          : nothing
    }
  </div>`;
}

/** The supervisors' lock-out counted down: in the foot, or alone before a hand and what to do with it are picked. */
export const lockedLine = (t: Strings, lockedFor: number): TemplateResult =>
  html`<div class="error" role="alert" data-locked>${t.lockedFor(lockedFor)}</div>`;

/** The foot while there is nothing to send yet: the lock-out alone, said as soon as the panel opens; else nothing. */
export const lockedFoot = (t: Strings, lockedFor: number): TemplateResult | typeof nothing =>
  lockedFor > 0 ? html`<div class="foot">${lockedLine(t, lockedFor)}</div>` : nothing;
