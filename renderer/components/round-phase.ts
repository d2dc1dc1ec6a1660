/**
 * The round's phase as patrons read it, after its hand's number: "#46 Bets open · 请下注", "No more bets · 停止下注",
 * or "Dealing · 发牌中" for a void hand dealt without bets. The host works the phase out from the table's events (contract/round-view.ts); this
 * only shows it, and shows nothing without one. The board gives it a place of its own in a row that is there
 * anyway (the big road's title row, a portrait board's header), so it moves nothing when it comes and goes.
 *
 * ```ts
 * html`<div class="road-head">${title}${roundPhase(view.round ?? null, lang)}${ask}</div>`;
 * ```
 * @packageDocumentation
 */
import { str } from '@lit/localize';
import { css, html, nothing } from 'lit';
import type { RoundView } from '../../contract/kiosk';
import { count } from '../format';
import { localeOf, message, plain, plainOf, show, type Language } from '../localization';

/**
 * The phase's chip, or nothing. It leads with the round's number as the last hand's panel writes one ("#46"): while
 * bets are open for hand 46 the statistics count 45 hands, and a sign announced "From hand 46" must be read against
 * the round being bet on. Its name says it in words ("Hand 46: Bets open"); as a live region it is announced by
 * its text, number included.
 */
export function roundPhase(round: RoundView | null, lang: Language) {
  if (!round) return nothing;
  const phase =
    round.phase === 'betsOpen'
      ? message(lang, 'phase.betsOpen', 'Bets open')
      : round.phase === 'noMoreBets'
        ? message(lang, 'phase.noMoreBets', 'No more bets')
        : message(lang, 'phase.dealing', 'Dealing');
  const label = `${plain(lang, 'phase.round', str`Hand ${round.hand}`)}: ${plainOf(lang, phase)}`;
  return html`<p
    class="phase ${round.phase}"
    role="status"
    data-phase=${round.phase}
    data-round=${round.hand}
    aria-label=${label}
  >
    <span class="round num">#${count(round.hand, localeOf(lang))}</span> ${show(lang, phase)}
  </p>`;
}

/**
 * The chip: calm, no motion. Bets open in the tie's green ink (go); no more bets on the void notices' rust (stop),
 * with the board's ink on it (5:1); dealing quiet, in a hairline frame.
 */
export const phaseStyles = css`
  .phase {
    margin: 0;
    flex: none;
    font-size: var(--kiosk-text-title);
    font-weight: 700;
    line-height: 1.1;
    padding: 0.06em 0.6em;
    border-radius: 0.3em;
    border: 2px solid currentColor;
    white-space: nowrap;
  }
  .phase .bi {
    flex-wrap: nowrap;
  }
  .phase .round {
    opacity: 0.85;
  }
  .phase .bi > .zh {
    color: inherit;
  }
  .phase.betsOpen {
    color: var(--kiosk-tie-ink);
  }
  .phase.noMoreBets {
    color: var(--kiosk-ink);
    background: var(--kiosk-notice-void);
    border-color: var(--kiosk-notice-void);
  }
  .phase.dealing {
    color: var(--kiosk-ink);
    border-color: var(--kiosk-hairline);
  }
`;
