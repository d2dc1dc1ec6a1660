/**
 * The board's footer: the pit's free-text message and the display-board disclaimer of house rule 7.1 ("all bet
 * calculations are made only on the basis of the total points for the cards that have actually been dealt"),
 * shown when the board's settings or the table's sign ask for it; and, at its end, what staff should know
 * (`staff`: the board out of step with its table, the host's warnings; see `<kiosk-staff>`). A landscape board with
 * signs puts the pit's message and what staff should know at the foot of its sign column instead, which runs down
 * beside the footer.
 */
import { html, nothing } from 'lit';
import type { ConnectionView, OutOfStep, TableView } from '../../contract/kiosk';
import { plain, tr, type Language } from '../localization';
import './connection-status';
import './notice-board';
import './staff-status';

/**
 * What staff should know, or nothing: the out-of-step as shown (after its grace), the broker refusing the board's
 * credentials and the host's warnings, in `lines` lines (the footer has one to spare, never more than the disclaimer
 * beside it; a portrait header two).
 */
export function staffStatus(
  view: TableView,
  outOfStep: OutOfStep | null,
  lines: 1 | 2 | 'compact' | 'fill',
  lang: Language,
) {
  const refused = view.connection.refused ?? null;
  if (!outOfStep && view.warnings.length === 0 && !refused) return nothing;
  return html`<kiosk-staff
    .outOfStep=${outOfStep}
    .warnings=${view.warnings}
    .refused=${refused}
    .language=${lang}
    lines=${lines === 'compact' ? 1 : lines === 'fill' ? 2 : lines}
    ?compact=${lines === 'compact'}
    ?fill=${lines === 'fill'}
  ></kiosk-staff>`;
}

/** The pit's free-text message (the table sign's), or nothing. */
export function pitMessage(view: TableView) {
  const message = view.signage?.message?.trim();
  return message ? html`<p class="message" data-text="message">${message}</p>` : nothing;
}

/** What the footer holds besides the disclaimer. */
export interface FooterParts {
  /** What staff should know goes here, with the out-of-step as shown; null: it goes elsewhere. */
  readonly staff: { readonly outOfStep: OutOfStep | null } | null;
  /** The pit's message goes here (else in the sign column). */
  readonly message: boolean;
  /** The notices in force (and a lost connection), over the footer, or nothing. */
  readonly notices: unknown;
}

/**
 * The footer of a view: the band where notices show, over the disclaimer, which it always has room for (its height
 * never changes, so a notice moves nothing). The disclaimer's English and Chinese run on in one paragraph: three
 * lines under a landscape board's roads.
 */
export function boardFooter(view: TableView, lang: Language, { staff, message, notices }: FooterParts) {
  const pitText = message ? view.signage?.message?.trim() : undefined;
  const disclaimer = view.settings.disclaimer || view.signage?.showDisclaimer === true;
  // Where staff read it without the footer growing: an English disclaimer takes two lines or more, so beside a pit
  // message, one line under it (as wide as the message); else at the end, two lines beside an English disclaimer,
  // one beside a Chinese one (a single line).
  const english = disclaimer && (lang === 'en' || lang.startsWith('en+'));
  const underMessage = staff !== null && !!pitText && english;
  const forStaff = staff ? staffStatus(view, staff.outOfStep, english && !underMessage ? 2 : 1, lang) : nothing;
  const pit = pitText ? pitMessage(view) : nothing;
  // While a notice shows, its band lies over the footer: what staff should know goes at the band's end, where it was,
  // so that a notice never hides it (found in a dealer's trial: "Table controller offline" under CORRECTED RESULT).
  const noticed = notices !== nothing;
  return html`<footer class="footer ${noticed ? 'noticed' : ''}">
    ${underMessage && forStaff !== nothing && !noticed ? html`<div class="pit">${pit}${forStaff}</div>` : pit}
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
    ${underMessage || noticed ? nothing : forStaff}
    ${noticed ? html`<div class="notice-band">${notices}${forStaff}</div>` : nothing}
  </footer>`;
}

/**
 * The notice band (over the footer): the notices in force and a lost connection, or nothing. A closed table's notice
 * is its own overlay, and its others wait under it: while it is closed, only a lost connection is said here.
 */
export function noticeBand(view: TableView, connection: ConnectionView, closed: boolean, lang: Language) {
  const lost = connection.state !== 'connected';
  // Closed, the table's other notices (its shoe's end, say) wait under the veil: an empty band over the footer hid
  // its message and disclaimer (found in a trial).
  const shown = !closed && view.notices.some((n) => n.kind !== 'tableClosed');
  if (!lost && !shown) return nothing;
  return html`<div class="notices" role="region" aria-label=${plain(lang, 'notices', 'Notices')}>
    ${lost ? html`<kiosk-connection banner .connection=${connection} .language=${lang}></kiosk-connection>` : nothing}
    ${shown ? html`<kiosk-notices .notices=${view.notices} .language=${lang}></kiosk-notices>` : nothing}
  </div>`;
}
