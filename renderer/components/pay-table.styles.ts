import { css } from 'lit';

export const payTableStyles = css`
  :host {
    display: block;
    font-size: var(--kiosk-text);
    line-height: 1.12;
  }
  .pays {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    column-gap: 0.8em;
    row-gap: 0.08em;
    align-items: baseline;
  }
  .pays > .title,
  .six-sign,
  .scheduled,
  .group {
    grid-column: 1 / -1;
  }
  .row {
    display: contents;
  }
  /* A bet's name and odds: larger where the board's column has room beside them (--kiosk-pay-line: kiosk-app.styles.ts). */
  .row > .name,
  .row > .odds {
    font-size: var(--kiosk-pay-line, 1em);
  }
  .name {
    font-weight: 600;
  }
  .odds {
    text-align: right;
    font-weight: 800;
    white-space: nowrap;
  }
  .odds .bi {
    justify-content: flex-end;
  }
  .odds .bi > .zh {
    font-size: max(0.8em, var(--kiosk-text-min));
    font-weight: 600;
  }
  .note {
    grid-column: 1 / -1;
    margin-top: -0.25em;
    font-size: var(--kiosk-text-small);
    color: var(--kiosk-ink-muted);
  }
  .six-sign {
    display: flex;
    align-items: center;
    gap: 0.45em;
    margin-bottom: 0.2em;
    padding: 0.3em 0.5em;
    border: 0.16em solid var(--kiosk-gold);
    border-radius: var(--kiosk-radius);
    background: var(--kiosk-six-bg);
    font-weight: 800;
    font-size: 1em;
    line-height: 1.15;
  }
  .six {
    flex: none;
    display: grid;
    place-items: center;
    width: 1.5em;
    height: 1.5em;
    border-radius: 50%;
    background: var(--kiosk-banker);
    color: var(--kiosk-bead-ink);
    font-size: 1.3em;
  }
  .six-text {
    font-size: var(--kiosk-text-small);
    text-wrap: balance; /* "Banker wins with 6 / pays 1 to 2", never "… pays 1 / to 2" or "… 1 to / 2" */
  }
  .six-text .bi {
    flex-direction: column;
    align-items: flex-start;
  }
  .six-text .bi > .zh {
    color: var(--kiosk-gold);
    font-size: max(0.92em, var(--kiosk-text-min));
  }
  /* A change signed ahead: when, as a heading, then the Banker's pay under it; framed like the six sign, but calm
     (a hairline, no colour of alarm, nothing that moves). */
  .scheduled {
    display: flex;
    flex-direction: column;
    gap: 0.15em;
    margin: 0.1em 0 0.2em;
    padding: 0.35em 0.6em;
    border: 1px solid var(--kiosk-gold-muted);
    border-radius: var(--kiosk-radius-small);
    background: var(--kiosk-panel-raised);
    line-height: 1.2;
  }
  .scheduled .when {
    color: var(--kiosk-gold);
    font-weight: 700;
  }
  .scheduled .when .bi > .zh {
    color: var(--kiosk-gold-muted);
  }
  .scheduled .what {
    font-weight: 700;
    text-wrap: balance;
  }
  .scheduled .what .bi {
    flex-direction: column;
    align-items: flex-start;
  }
  .scheduled .what.lines {
    display: flex;
    flex-direction: column;
    gap: 0.1em;
  }
  .scheduled .what .lead .bi {
    flex-direction: row; /* "No commission 免佣": short, on one line */
    align-items: baseline;
    gap: 0.4em;
  }
  .scheduled .what .bi > .zh {
    color: var(--kiosk-ink);
    font-size: max(0.92em, var(--kiosk-text-min));
  }
  /* A side bet's wager limits (rule 11A.4): at the right of its heading, or under its odds, a step below them. */
  .bet-limits {
    color: var(--kiosk-ink);
    font-size: var(--kiosk-text-small);
    font-weight: 700;
    white-space: nowrap;
  }
  .odds > .bet-limits {
    display: block;
  }
  /* A heading with limits: the name, the limits at the right of its line when they fit there, else under it (then
     Perfect Pairs' scale). */
  .group > .head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.6em;
  }
  .head > .bet-limits {
    margin-left: auto;
  }
  .unpublished {
    font-size: var(--kiosk-text-small);
    color: var(--kiosk-ink-muted);
  }
  .unpublished .bi {
    column-gap: 0.6em;
  }
  .unpublished .bi > .zh {
    font-size: 1em;
  }
  .group {
    display: flex;
    flex-direction: column;
    gap: 0.1em;
    margin-top: 0.15em;
    padding-top: 0.25em;
    border-top: 1px solid var(--kiosk-hairline);
  }
  .group > .name,
  .group > .head > .name {
    color: var(--kiosk-gold);
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.2em 0.5em;
  }
  .scale {
    color: var(--kiosk-ink);
    font-size: var(--kiosk-text-small);
    padding: 0 0.45em;
    border: 1px solid var(--kiosk-gold-muted);
    border-radius: 0.3em;
  }
  .pp-row {
    display: flex;
    flex-direction: column;
    gap: 0.05em;
  }
  .pp {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: 0.6em;
  }
  .pp-name {
    font-size: var(--kiosk-text-small);
    padding-left: 0.6em;
  }
  .ur-grid {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(3.7em, 1fr));
    gap: 0.05em 0.6em;
    font-size: var(--kiosk-text-small);
  }
  .ur-way.to-one .ur-grid {
    grid-template-columns: repeat(5, auto);
    justify-content: space-between;
  }
  .to-one-note {
    color: var(--kiosk-ink);
    font-weight: 700;
  }
  .ur-cell {
    display: inline-flex;
    gap: 0.3em;
    align-items: baseline;
    white-space: nowrap;
  }
  .ur-cell .score {
    color: var(--kiosk-tie-ink);
    font-weight: 800;
  }
  .ur-cell .num {
    font-weight: 700;
  }
  /* Dense (set by the board when the sign column would overflow): the same words, closer together. */
  :host([dense]) {
    line-height: 1.04;
  }
  :host([dense]) .pays {
    row-gap: 0;
    column-gap: 0.4em;
  }
  :host([dense]) .odds .bi {
    column-gap: 0.35em;
  }
  :host([dense]) .group {
    gap: 0;
    margin-top: 0;
    padding-top: 0.05em;
  }
  :host([dense]) .pp-row {
    gap: 0;
  }
  :host([dense]) .six-sign,
  :host([dense]) .scheduled {
    padding-top: 0.2em;
    padding-bottom: 0.2em;
    margin-bottom: 0.1em;
  }
  :host([dense]) .scale {
    line-height: 1.05;
    margin: 0.05em 0;
  }
  :host([dense]) .ur-grid {
    row-gap: 0;
  }
  /* Tight (dense is not enough: every side bet with its limits on a portrait board): the text at the floor. */
  :host([tight]) {
    font-size: var(--kiosk-text-min);
    line-height: 1;
  }
  :host([tight]) .bi {
    line-height: 1.04;
  }
  /* Compact (tight is not enough): the six sign's disc, gap and frame closer, so that its English holds on one line
     (rule 5.11's sign keeps its frame, colour and weight); Player and Banker share a line (pay-table.ts). */
  :host([compact]) .six-sign {
    gap: 0.3em;
    padding: 0.04em 0.35em;
    margin-bottom: 0.05em;
  }
  :host([compact]) .scale {
    margin: 0;
  }
  :host([compact]) .bi {
    line-height: 1;
  }
  :host([compact]) .group {
    padding-top: 0;
  }
  :host([compact]) .six {
    width: 1.3em;
    height: 1.3em;
    font-size: 1.15em;
  }
  :host([compact]) .six-text {
    text-wrap: wrap;
  }
  .row[data-bet='player banker'] > .name {
    white-space: nowrap;
  }
  .and {
    color: var(--kiosk-ink-muted);
  }
  /* The commission is in the Banker's odds already ("19 to 20", "1 赔 0.95"): its note goes first. */
  :host([dense]) .note {
    display: none;
  }
`;
