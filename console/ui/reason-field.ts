/**
 * The reason a dialog asks for before an audited change (closing or opening a table, reloading or resyncing a
 * board): kept in the audit log, up to 300 characters. One field, so that every dialog asks alike.
 *
 * ```ts
 * html`${reasonField({ value: this.reason, placeholder: 'e.g. shift start', invalid, onInput: (v) => (this.reason = v) })}`;
 * ```
 * @packageDocumentation
 */
import { html } from 'lit';

export interface ReasonField {
  readonly value: string;
  readonly placeholder: string;
  readonly invalid: boolean; // marked for assistive technology (and the styles) once a submit found it wanting
  readonly onInput: (value: string) => void;
}

export function reasonField({ value, placeholder, invalid, onInput }: ReasonField) {
  return html`<label class="field"
    ><span>Reason (kept in the audit log)</span>
    <textarea
      name="reason"
      rows="2"
      maxlength="300"
      placeholder=${placeholder}
      .value=${value}
      @input=${(e: Event) => onInput((e.target as HTMLTextAreaElement).value)}
      aria-invalid=${invalid ? 'true' : 'false'}
    ></textarea>
  </label>`;
}
