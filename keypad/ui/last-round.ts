/**
 * The last round of the shoe, large, on the between-rounds screen: what the boards just received, for the dealer to
 * check at a glance. A hand: its number, winner and points, marks and cards. A round voided without a result (rules
 * 12.5, 12.6; tournament rule 5.1.1), which the boards show as ROUND VOID: its number, that it had no result, why,
 * and that the next hand takes its number again (it read "Last result: hand 12" after round 13 was voided).
 *
 * ```ts
 * html`${lastRound(t, view)}`;
 * ```
 * @packageDocumentation
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { HandView, KeypadView } from '../protocol';
import { cardLabel, isRed } from './format';
import type { Strings } from './locales';
import { handHeadline, noWagersOf, roundVoidReason, shoeRounds } from './shoe-rounds';

export function lastRound(t: Strings, v: KeypadView): TemplateResult | typeof nothing {
  const s = v.shoe;
  const last = s && shoeRounds(s).at(-1);
  if (!s || !last) return nothing;
  if (last.kind === 'hand') return lastHand(t, last.hand);
  // Insufficient cards end the shoe (rule 12.5): no next hand to take the number.
  const again = s.phase !== 'ended' && !s.complete;
  return html`<div class="last-result void-round" data-last-round-void=${last.no}>
    <div class="muted">${t.lastRound(last.no)}</div>
    <div class="last-wins">${t.roundVoidNoResult}</div>
    <div data-void-reason=${last.reason}>${roundVoidReason(t, last.reason)}</div>
    ${again ? html`<div class="muted">${t.roundVoidAgain(s.nextHandNo)}</div>` : nothing}
  </div>`;
}

function lastHand(t: Strings, h: HandView): TemplateResult {
  const r = h.result;
  // A hand without wagers says so in its headline, not in a mark, and wears no winner's colour.
  const none = noWagersOf(h);
  const marks = [
    r.playerPair ? t.playerPair : '',
    r.bankerPair ? t.bankerPair : '',
    r.natural ? t.natural : '',
    h.corrected ? t.correctedMark(h.corrected.by) : '',
  ].filter(Boolean);
  return html`<div
    class="last-result ${none ? 'no-wagers' : r.outcome}"
    data-last-result=${h.no}
    data-no-wagers=${none ?? nothing}
  >
    <div class="muted">${t.lastResult(h.no)}</div>
    <div class="last-wins">${handHeadline(t, h)}</div>
    ${marks.length ? html`<div>${marks.join(' · ')}</div>` : nothing}
    ${
      h.cards
        ? html`<div class="last-cards">
            ${(['player', 'banker'] as const).map(
              (side) =>
                html`<span
                  >${t.outcome[side]}${t.colon}${h.cards![side].map(
                    (c) => html`<b class=${isRed(c) ? 'red' : ''}>${cardLabel(c)}</b> `,
                  )}</span
                >`,
            )}
          </div>`
        : nothing
    }
  </div>`;
}
