/**
 * The sign editor's forms, as template functions: a table's signs (limits, variant and from which hand, tie pays,
 * language, side bets with the limits of those that have their own, message, disclaimer) and the casino's (Perfect Pairs scale, name). No listeners: the editor's
 * form hears every `input` and `change`. A field the server refused is marked (`aria-invalid`) and described by the
 * error. Open or closed is not here: it is its own action (table-state-dialog.ts).
 *
 * ```ts
 * html`${tableForm({ values, error, table })}`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import {
  isLimitedSideBet,
  LIMITED_SIDE_BETS,
  PAY_SCALES,
  SIDE_BETS,
  SIGN_LANGUAGES,
  type SideBet,
} from '../../baccarat/signage';
import { MAX_MESSAGE_LENGTH } from '../../contract/message-length';
import type { TableRow } from '../protocol';
import { describeScale } from '../sign-text';
import { SIDE_BET_LIMIT_KEYS } from '../sign-keys';
import type { FormValues } from './sign-form';
import { betName } from './table-card';

/** How long the pit message is, against what a sign carries (a pasted text longer is cut by the field, said so). */
const messageLength = (n: number): string =>
  `${n} of ${MAX_MESSAGE_LENGTH} characters${n >= MAX_MESSAGE_LENGTH ? ': the most a sign carries (a longer text is cut here)' : ''}`;

/** What the forms show: the values, the refused field, and the table (its shoe, for from-hand). */
export interface FieldContext {
  readonly values: FormValues;
  readonly error: { readonly field: string | null; readonly message: string } | null;
  readonly table: TableRow | null;
}

const invalid = (c: FieldContext, ...fields: string[]) => (fields.includes(c.error?.field ?? '') ? 'true' : 'false');

function field(
  c: FieldContext,
  name: keyof FormValues,
  label: string,
  opts: { type?: string; hint?: string; disabled?: boolean; placeholder?: string } = {},
) {
  const bad = c.error?.field === name;
  return html`<label class="field">
    <span>${label}</span>
    <input
      name=${name}
      type=${opts.type ?? 'text'}
      .value=${c.values[name]}
      ?disabled=${opts.disabled ?? false}
      placeholder=${opts.placeholder ?? ''}
      aria-invalid=${bad ? 'true' : 'false'}
      aria-describedby=${bad ? 'error' : nothing}
      inputmode=${opts.type === 'number' ? 'decimal' : nothing}
    />
    ${opts.hint ? html`<small class="muted">${opts.hint}</small>` : nothing}
  </label>`;
}

const sideBet = (b: SideBet, checked: boolean) =>
  html`<label class="check"
    ><input type="checkbox" name="side-bets" value=${b} .checked=${checked} /> ${betName(b)}</label
  >`;

/** A table's signs. */
export function tableForm(c: FieldContext): TemplateResult {
  const v = c.values;
  const shoe = c.table?.shoe;
  const next = shoe !== undefined && shoe !== null && v.shoe === 'next'; // "From the next shoe" (shoeId: next)
  const commission = v.variant === 'commission';
  const bets = new Set(v['side-bets'].split(','));
  const open = c.table?.signage?.tableOpen ?? true;
  return html`
    <div class="grid">
      ${field(c, 'name', 'Table name')} ${field(c, 'currency', 'Currency', { hint: 'ISO code, e.g. HKD' })}
      ${field(c, 'min', 'Minimum')} ${field(c, 'max', 'Maximum')} ${field(c, 'tie-max', 'Tie maximum')}
      ${field(c, 'pair-max', 'Pair maximum', { hint: 'empty: none' })}
      ${field(c, 'differential', 'Max. differential', { hint: 'rule 5.17; empty: none' })}
    </div>
    <fieldset aria-invalid=${invalid(c, 'variant', 'commission', 'from-hand', 'shoe')}>
      <legend>Banker pays</legend>
      <label class="check"
        ><input type="radio" name="variant" value="commission" .checked=${commission} /> 1 to 1 less commission (rule
        5.10)</label
      >
      <label class="check"
        ><input type="radio" name="variant" value="modified-odds" .checked=${!commission} /> Modified odds: 1 to 1, a
        win with 6 pays 1 to 2 (rule 5.11)</label
      >
      <div class="grid">
        ${field(c, 'commission', 'Commission %', { disabled: !commission })}
        ${field(c, 'from-hand', 'From hand', {
          type: 'number',
          placeholder: next ? '1' : shoe ? String(shoe.earliestHand) : '',
          hint: next
            ? 'of the next shoe: 1, its first hand (empty: 1); a later hand once that shoe is dealing'
            : shoe
              ? `of shoe ${shoe.shoeId}; empty: ${shoe.earliestHand}, the first round not begun`
              : 'no shoe snapshot: name the shoe',
        })}
        ${shoe ? nothing : field(c, 'shoe', 'Shoe id')}
      </div>
      ${
        shoe
          ? html`<label class="check"
              ><input type="checkbox" name="shoe" value="next" .checked=${next} aria-invalid=${invalid(c, 'shoe')} />
              From the next shoe (after shoe ${shoe.shoeId}): the boards announce it and apply it when that shoe
              starts</label
            >`
          : nothing
      }
    </fieldset>
    <div class="grid">
      <label class="field"
        ><span>Tie pays</span>
        <select name="tie-pays" .value=${v['tie-pays']} aria-invalid=${invalid(c, 'tie-pays')}>
          <option value="8">8 to 1</option>
          <option value="9">9 to 1</option>
        </select></label
      >
      <label class="field"
        ><span>Language</span>
        <select name="language" .value=${v.language} aria-invalid=${invalid(c, 'language')}>
          ${SIGN_LANGUAGES.map((l) => html`<option value=${l} ?selected=${l === v.language}>${l}</option>`)}
        </select></label
      >
    </div>
    <fieldset aria-invalid=${invalid(c, 'side-bets', ...Object.values(SIDE_BET_LIMIT_KEYS))}>
      <legend>Side bets</legend>
      ${SIDE_BETS.filter((b) => !isLimitedSideBet(b)).map((b) => sideBet(b, bets.has(b)))}
      <div class="grid limited">
        ${LIMITED_SIDE_BETS.map(
          (b) =>
            html`<div class="limited-bet">
              ${sideBet(b, bets.has(b))}
              ${field(c, SIDE_BET_LIMIT_KEYS[b], `${betName(b)} limits`, {
                disabled: !bets.has(b),
                placeholder: 'e.g. 100-5000',
                hint: `per wager, min-max in ${v.currency || 'the table currency'}; empty: none`,
              })}
            </div>`,
        )}
      </div>
    </fieldset>
    <label class="field wide"
      ><span>Message on the board</span>
      <textarea
        name="message"
        rows="2"
        maxlength=${MAX_MESSAGE_LENGTH}
        .value=${v.message}
        aria-invalid=${invalid(c, 'message')}
      ></textarea>
      <small class="muted" data-message-length>${messageLength(v.message.length)}</small>
    </label>
    <div class="checks">
      <label class="check"
        ><input
          type="checkbox"
          name="disclaimer"
          .checked=${v.disclaimer === 'true'}
          aria-invalid=${invalid(c, 'disclaimer')}
        />
        Show the disclaimer</label
      >
      <span class="muted" data-state="table-open"
        >The table is ${open ? 'open' : 'closed'}: a supervisor ${open ? 'closes' : 'opens'} it from its card.</span
      >
    </div>
  `;
}

/** The casino's sign. */
export function casinoForm(c: FieldContext): TemplateResult {
  return html`
    <p class="muted">One Perfect Pairs pay scale for every table that offers it (rule 11A.8).</p>
    <fieldset aria-invalid=${invalid(c, 'pp-scale')}>
      <legend>Perfect Pairs pay scale (rule 11A.7)</legend>
      ${PAY_SCALES.map(
        (s) =>
          html`<label class="check"
            ><input type="radio" name="pp-scale" value=${s} .checked=${c.values['pp-scale'] === s} />
            ${describeScale(s, true)}</label
          >`,
      )}
    </fieldset>
    ${field(c, 'casino-name', 'Casino name')}
  `;
}
