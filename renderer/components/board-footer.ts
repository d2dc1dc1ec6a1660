/**
 * The board's footer: the pit's free-text message and the display-board disclaimer of house rule 7.1 ("all bet
 * calculations are made only on the basis of the total points for the cards that have actually been dealt"),
 * shown when the board's settings or the table's sign ask for it.
 */
import { html, nothing } from 'lit';
import type { TableView } from '../../contract/kiosk';
import { tr, type Language } from '../localization';

/** The footer of a view, or nothing when it has neither a message nor the disclaimer. */
export function boardFooter(view: TableView, lang: Language) {
  const message = view.signage?.message?.trim();
  const disclaimer = view.settings.disclaimer || view.signage?.showDisclaimer === true;
  if (!message && !disclaimer) return nothing;
  return html`<footer class="footer">
    ${message ? html`<p class="message" data-text="message">${message}</p>` : nothing}
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
  </footer>`;
}
