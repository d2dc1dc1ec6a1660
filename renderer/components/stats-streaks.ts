/**
 * The statistics' streaks, after the pairs and naturals on their line(s) (ROADS.md §6, optional fields): the current streak ("庄 ×4"), the longest Banker and
 * Player streaks of the big road, and at a no-commission table the Super 6 count (the Banker wins with 6 paid 1 to 2,
 * rule 5.11, counted by the host from the hand modified odds took effect). Each side is named by a small bead with its label as the bead plate writes it (庄 / 閒, or
 * B / P), in the side's ink: one line has room for it all in every language. The numbers are the core's `stats()`.
 *
 * ```ts
 * html`<div class="extras">${pairs}${streakLine({ stats, lang, labels, superSix: 3 })}</div>`;
 * ```
 * @packageDocumentation
 */
import { css, html, nothing } from 'lit';
import type { Stats } from '../../baccarat/roads/types';
import { count } from '../format';
import { localeOf, plain, tr, type Language } from '../localization';
import type { BeadLabels } from '../draw/layout-road';

/** What the line shows. */
export interface StreakLine {
  readonly stats: Stats | null;
  readonly lang: Language;
  readonly labels: Exclude<BeadLabels, 'points'>; // the bead plate's labels: 庄 / 閒 / 和, or B / P / T
  readonly superSix: number | null; // a no-commission table: its Super 6 count; null: not shown
  readonly streaks?: boolean; // false: the Super 6 count alone (a board whose signs leave no room: FitController)
}

/**
 * A side as a small bead with its label, drawn as the bead plate draws its beads (a mark, not a line of text: its label
 * half a cell on a bead 0.86 of it); its name for assistive technology. Set as text at the line's size in a circle
 * 1.1 em across, a hanzi's strokes ran to the circle's edge and past it, where the dark ink vanished into the panel.
 */
function bead(side: 'banker' | 'player', { lang, labels }: StreakLine) {
  const name = side === 'banker' ? plain(lang, 'banker', 'Banker') : plain(lang, 'player', 'Player');
  return html`<svg class="mini-bead ${side}" viewBox="0 0 100 100" role="img" aria-label=${name}>
    <circle cx="50" cy="50" r="50"></circle>
    <text x="50" y="50">${labels[side]}</text>
  </svg>`;
}

/** The streaks' items (`.extra`, the two streaks in one `.streaks`), to follow the pairs and naturals in their wrapping line. */
export function streakLine(line: StreakLine) {
  const { stats: s, lang } = line;
  const locale = localeOf(lang);
  const longest = s?.longestStreak ?? { banker: 0, player: 0 };
  const now = s?.currentStreak ?? null;
  const superSix =
    line.superSix !== null
      ? html`<div class="extra" data-kind="bankerSix">
          ${tr(lang, 'stats.superSix', 'Super 6')} <span class="num">${count(line.superSix, locale)}</span>
        </div>`
      : nothing;
  if (line.streaks === false) return superSix;
  // The current and the longest streaks wrap as one ("Streak 庄×6" at one line's end, "Longest" alone on the next,
  // read as two unrelated figures on an English board).
  return html`<div class="streaks">
      <div class="extra" data-kind="currentStreak" data-streak=${now ? `${now.outcome}:${now.length}` : ''}>
        ${tr(lang, 'stats.streak', 'Streak')}
        ${
          now
            ? html`${bead(now.outcome, line)}<span class="num times">×${count(now.length, locale)}</span>`
            : html`<span class="mini-bead none" aria-hidden="true"></span><span class="num times">–</span>`
        }
      </div>
      <div class="extra" data-kind="longestStreak" data-longest=${`${longest.banker}:${longest.player}`}>
        ${tr(lang, 'stats.longest', 'Longest')}
        ${
          longest.banker === 0 && longest.player === 0
            ? // None yet (a new shoe): "–", as the current streak says, rather than two coloured beads over "0";
              // the beads' and the second count's room kept, so that the first streak moves nothing.
              html`<span class="mini-bead none" aria-hidden="true"></span><span class="num">–</span>
                <span class="mini-bead none" aria-hidden="true"></span
                ><span class="num none" aria-hidden="true">0</span>`
            : html`${bead('banker', line)}<span class="num">${count(longest.banker, locale)}</span>
                ${bead('player', line)}<span class="num">${count(longest.player, locale)}</span>`
        }
      </div>
    </div>
    ${superSix}`;
}

export const streakStyles = css`
  /* The two streaks together, as far apart as any two items of their line. */
  .streaks {
    display: flex;
    flex-wrap: nowrap;
    column-gap: inherit;
    max-width: 100%;
  }
  .num.none {
    visibility: hidden; /* no longest streak yet: its count's room kept */
  }
  .extra .num + .mini-bead {
    margin-left: 0.25em;
  }
  /* The bead plate's bead, small, on the dark panel: the side's light ink with the felt's dark ink on it. */
  .mini-bead {
    display: block;
    flex: none;
    width: 1.1em;
    height: 1.1em;
    align-self: center;
    overflow: visible; /* its circle's edge, antialiased, is not clipped at a fractional pixel */
  }
  .mini-bead text {
    font-size: 58px; /* of the bead's 100: the bead plate's label (0.5 of a cell) on its bead (0.86) */
    font-weight: 700;
    fill: var(--kiosk-notice-icon-ink);
    text-anchor: middle;
    dominant-baseline: central;
  }
  .mini-bead.banker circle {
    fill: var(--kiosk-banker-ink);
  }
  .mini-bead.player circle {
    fill: var(--kiosk-player-ink);
  }
`;
