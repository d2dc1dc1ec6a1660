/**
 * The round's phase as patrons read it: "Bets open · 请下注", "No more bets · 停止下注", or "Dealing · 发牌中" for a
 * void hand dealt without bets. The host works the phase out from the table's events (contract/round-view.ts); this
 * only shows it, and shows nothing without one. The board gives it a place of its own in a row that is there
 * anyway (the big road's title row, a portrait board's header), so it moves nothing when it comes and goes.
 *
 * ```ts
 * html`<div class="road-head">${title}${roundPhase(view.round ?? null, lang)}${ask}</div>`;
 * ```
 * @packageDocumentation
 */
import { css, html, nothing } from 'lit';
import type { RoundView } from '../../contract/kiosk';
import { tr, type Language } from '../localization';

/** The phase's chip, or nothing. */
export function roundPhase(round: RoundView | null, lang: Language) {
  if (!round) return nothing;
  const text =
    round.phase === 'betsOpen'
      ? tr(lang, 'phase.betsOpen', 'Bets open')
      : round.phase === 'noMoreBets'
        ? tr(lang, 'phase.noMoreBets', 'No more bets')
        : tr(lang, 'phase.dealing', 'Dealing');
  return html`<p class="phase ${round.phase}" role="status" data-phase=${round.phase} data-round=${round.hand}>
    ${text}
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
