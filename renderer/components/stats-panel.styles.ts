import { css } from 'lit';

/**
 * The statistics: hand and shoe, Banker / Player / Tie in rows, the proportion bar, then pairs, naturals and streaks;
 * with `wide` (under the derived roads: wide and low), each of those on one line (pairs to streaks wrap to a second).
 */
export const statsStyles = css`
  :host {
    display: block;
    font-size: var(--kiosk-text);
  }
  .stats {
    display: flex;
    flex-direction: column;
    gap: 0.45em; /* a bilingual landscape board's side column fits a void hand's reason and the void count */
  }
  .head {
    display: flex;
    justify-content: space-between;
    align-items: flex-end;
    gap: 1em;
  }
  .figure {
    display: flex;
    align-items: baseline;
    line-height: 1;
    gap: 0.4em;
  }
  .figure .label {
    font-size: var(--kiosk-text-small);
    color: var(--kiosk-ink-muted);
  }
  .figure .value {
    font-size: calc(var(--kiosk-text-big) * 0.75);
    font-weight: 700;
    color: var(--kiosk-ink);
  }
  .figure.super-six .value {
    font-size: calc(var(--kiosk-text-big) * 0.56);
  }
  .figure.shoe .value {
    font-size: calc(var(--kiosk-text-big) * 0.56);
    color: var(--kiosk-gold);
  }
  .rows {
    display: grid;
    grid-template-columns: auto 1fr auto auto;
    column-gap: 0.6em;
    row-gap: 0.3em;
    align-items: center;
  }
  .row,
  .figures {
    display: contents;
  }
  .swatch {
    width: 0.8em;
    height: 0.8em;
    border-radius: 50%;
  }
  /* Marks on the dark panel: the light inks (3:1 and more there), not the road colours. */
  .banker .swatch {
    background: var(--kiosk-banker-ink);
  }
  .player .swatch {
    background: var(--kiosk-player-ink);
  }
  .tie .swatch {
    background: var(--kiosk-tie-ink);
  }
  .name {
    font-weight: 600;
  }
  .count {
    font-weight: 700;
    font-size: 1.15em;
    text-align: right;
    min-width: 1.6em;
  }
  .pct {
    text-align: right;
    color: var(--kiosk-ink-muted);
    min-width: 3.6em;
  }
  .bar-line {
    display: flex;
    align-items: center;
    gap: 0.7em;
  }
  .bar {
    display: block;
    flex: 1;
    min-width: 3em;
    height: 0.42em;
    border-radius: 0.21em;
    overflow: hidden;
  }
  .bar .track {
    fill: var(--kiosk-hairline);
  }
  .bar .b {
    fill: var(--kiosk-banker-ink);
  }
  .bar .p {
    fill: var(--kiosk-player-ink);
  }
  .bar .t {
    fill: var(--kiosk-tie-ink);
  }
  .denominator {
    font-size: var(--kiosk-text-small);
    color: var(--kiosk-ink-muted);
    white-space: nowrap;
  }
  .extras {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3em 1.1em;
    font-size: var(--kiosk-text-small);
    padding-top: 0.45em;
    border-top: 1px solid var(--kiosk-hairline);
  }
  .extra {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
  }
  .extra .num {
    font-weight: 700;
    color: var(--kiosk-ink);
  }
  /* A count stands clear of its label (0.5 em; dense, 0.4): Chinese glyphs fill their em box, and the gap a Latin
     label leaves all but vanished ('例牌28' read as one word). A streak's count stays with its bead. */
  .extra > .num:not(.mini-bead + .num) {
    margin-left: 0.15em;
  }
  .dot {
    width: 0.55em;
    height: 0.55em;
    border-radius: 50%;
  }
  .dot.banker {
    background: var(--kiosk-banker-ink);
  }
  .dot.player {
    background: var(--kiosk-player-ink);
  }
  .star {
    width: 0.85em;
    height: 0.85em;
    fill: var(--kiosk-gold);
  }
  /* --kiosk-stats-spread: what a 4K board's panel has beyond twice 1080p's, between each of its lines, and what is
     left evenly around them (--kiosk-stats-fill: 100%); 0 elsewhere (kiosk-app.panels.styles.ts): rather than empty
     at its foot. */
  :host([wide]) .stats {
    /* four lines, and a void count's second line, in a landscape board's 16 % of the height */
    gap: calc(0.02em + var(--kiosk-stats-spread, 0px));
    min-height: var(--kiosk-stats-fill, 0);
    justify-content: space-evenly;
    line-height: 1.05;
  }
  :host([wide]) .rows .bi,
  :host([wide]) .extras .bi {
    line-height: 1.05;
  }
  :host([wide]) .figure .value {
    font-size: calc(var(--kiosk-text-big) * 0.62);
  }
  :host([wide]) .head {
    justify-content: flex-start;
    align-items: baseline;
    gap: 1.2em;
  }
  :host([wide]) .figure {
    flex: none;
  }
  :host([wide]) .figure .label .bi {
    flex-wrap: nowrap;
  }
  /* Its room is that of its widest ('888 hands + 8 void'), kept from the shoe's first hand: where a bilingual count
     with a void needs a second line (a landscape board's head), the line is there before the first void hand, which
     then moves nothing (it dropped the panel's content by a line). */
  :host([wide]) .head .denominator {
    white-space: normal;
    line-height: 1;
    align-self: center;
  }
  :host([wide]) .head .denominator .bi {
    line-height: 1;
  }
  :host([wide]) .rows {
    display: flex;
    flex-wrap: wrap;
    gap: 0.1em 0.8em;
  }
  :host([wide]) .count {
    font-size: 1em;
  }
  :host([wide]) .row {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
  }
  /* Steady widths: each figure keeps the room of its widest value (tabular digits are 1ch each; '%' about 1.45ch),
     so that nothing moves or wraps anew as the counts grow through a shoe. */
  :host([wide]) .count,
  :host([wide]) .pct {
    min-width: 0;
  }
  :host([wide]) .figures {
    display: inline-flex;
    align-items: baseline;
    /* Half an em between a count and its share: at 0.2 to 0.3 em, "39 49%" read from 3 m as one figure. */
    gap: 0.5em;
    /* A count and its share together: "88 88%", or "9 100%" (a side that has won every hand so far has fewer than
       ten), the same room; tabular digits are 1ch each, bold ones a little more, '%' about 1.45ch (2.1ch + 3.45ch). */
    min-width: calc(5.6ch + 0.5em);
  }
  /* The count right after its label, right-aligned in two digits' room (the share after it, the room they keep
     together at its end): right-aligned as a pair, "Tie 4 5%" stood two digits from its label, and the count moved
     whenever its share gained a digit. Only "9 100%" takes some of the count's second digit's room. */
  :host([wide]) .figures > .count {
    flex: 0 1 2.1ch;
    min-width: max-content;
  }
  :host([wide]) .figures > .pct {
    flex: none;
    text-align: left;
  }
  .figure.hand .value {
    min-width: 3ch;
  }
  .extra .num {
    min-width: 2ch;
  }
  .extra .num.times {
    min-width: 3ch; /* ×88 */
  }
  .mini-bead.none {
    visibility: hidden; /* no streak yet: its bead's room kept */
  }
  /* The hands counted take the room of their widest ('888 hands', 'No hands yet'): the text said, over the hidden. */
  .denominator {
    display: inline-grid;
  }
  .denominator > * {
    grid-area: 1 / 1;
  }
  .denominator > .widest {
    visibility: hidden;
  }
  :host([wide]) .extras {
    flex-direction: row;
    flex-wrap: wrap;
    gap: calc(0.1em + var(--kiosk-stats-spread, 0px)) 0.7em;
    padding-top: 0;
    border-top: none;
    /* The pairs, naturals and streaks wrap within the width the figures above them take; they never widen the
       panel (a portrait board's short pit message keeps its room at their right). */
    contain: inline-size;
  }
  /* Dense (FitController): tighter gaps where the lines would otherwise wrap past the panel (a bilingual landscape
     board); the text keeps its size. */
  :host([dense]) .head {
    gap: 0.8em;
  }
  :host([dense]) .rows {
    column-gap: 0.5em;
  }
  :host([dense]) .row {
    gap: 0.2em;
  }
  /* Dense, a count and its share stay clear of each other; the room for it is the side's name's (English and
     Chinese part clearly enough by script). */
  :host([dense]) .figures {
    gap: 0.42em;
    min-width: calc(5.6ch + 0.42em);
  }
  :host([dense]) .rows .name .bi {
    column-gap: 0.3em;
  }
  :host([dense]) .extras {
    column-gap: 0.35em;
  }
  :host([dense]) .extra {
    gap: 0.15em;
  }
  :host([dense]) .extra > .num:not(.mini-bead + .num) {
    margin-left: 0.25em;
  }
  :host([dense]) .extra .bi {
    column-gap: 0.3em; /* English and Chinese part clearly enough by script: the room goes to the count's gap */
  }
  /* A streak's bead, whose circle fills its box, stands clear of its label ('连胜(闲)' touched); its count stays
     with it. No more: the streak line is full on a bilingual landscape board with a Super 6 count. */
  :host([dense]) .extra .mini-bead {
    margin-left: 0.1em;
  }
  :host([dense]) .extra .num + .mini-bead {
    margin-left: 0.15em;
  }
`;
