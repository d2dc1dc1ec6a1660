/**
 * The board's footer: the pit's free-text message and the display-board disclaimer of house rule 7.1 ("all bet
 * calculations are made only on the basis of the total points for the cards that have actually been dealt"),
 * shown when the board's settings or the table's sign ask for it; and, at its end, what staff should know
 * (`staff`: the board out of step with its table, the host's warnings; see `<kiosk-staff>`), in a landscape board.
 */
import { html, nothing } from 'lit';
import type { OutOfStep, TableView } from '../../contract/kiosk';
import { tr, type Language } from '../localization';
import './staff-status';

/**
 * What staff should know, or nothing: the out-of-step as shown (after its grace) and the host's warnings, in
 * `lines` lines (the footer has one to spare, never more than the disclaimer beside it; a portrait header two).
 */
export function staffStatus(view: TableView, outOfStep: OutOfStep | null, lines: 1 | 2) {
  if (!outOfStep && view.warnings.length === 0) return nothing;
  return html`<kiosk-staff .outOfStep=${outOfStep} .warnings=${view.warnings} lines=${lines}></kiosk-staff>`;
}

/**
 * The footer of a view, or nothing when it has neither a message, the disclaimer nor anything for staff. `staff`:
 * what staff should know goes here (a landscape board), with the out-of-step as shown; null: it goes elsewhere.
 */
export function boardFooter(view: TableView, lang: Language, staff: { readonly outOfStep: OutOfStep | null } | null) {
  const message = view.signage?.message?.trim();
  const disclaimer = view.settings.disclaimer || view.signage?.showDisclaimer === true;
  // Where staff read it without the footer growing: an English disclaimer takes two lines or more, so beside a pit
  // message, one line under it (as wide as the message); else at the end, two lines beside an English disclaimer,
  // one beside a Chinese one (a single line).
  const english = disclaimer && (lang === 'en' || lang.startsWith('en+'));
  const underMessage = staff !== null && !!message && english;
  const forStaff = staff ? staffStatus(view, staff.outOfStep, english && !underMessage ? 2 : 1) : nothing;
  if (!message && !disclaimer && forStaff === nothing) return nothing;
  const pit = message ? html`<p class="message" data-text="message">${message}</p>` : nothing;
  return html`<footer class="footer">
    ${underMessage && forStaff !== nothing ? html`<div class="pit">${pit}${forStaff}</div>` : pit}
    ${
      disclaimer
        ? html`<p class="disclaimer" data-text="disclaimer">
            ${tr(
              lang,
              'disclaimer',
              'This display board shows the outcome of each game. Although it is meant to be shown in real time, all bets are settled only on the total points of the cards actually dealt.',
            )}
          </p>`
        : nothing
    }
    ${underMessage ? nothing : forStaff}
  </footer>`;
}
