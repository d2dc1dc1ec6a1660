import { css } from 'lit';

/**
 * The last hand: its title over the Player's side over the Banker's; with `row` (a wide, low place: a portrait
 * board's), the title and any void badge at the left, the two sides beside each other.
 */
export const lastHandStyles = css`
  :host {
    display: block;
    font-size: var(--kiosk-text);
    /* A 4K board's panel is taller than twice 1080p's (kiosk-app.panels.styles.ts): its cards are larger by
       --kiosk-last-hand-spare, and its sides fill the panel (--kiosk-last-hand-fill: 100%), rather than leave the
       room empty at its foot. */
    --card-full: calc(var(--kiosk-card-height, 8cqmin) + var(--kiosk-last-hand-spare, 0px));
  }
  :host([row]) .last {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    grid-template-areas: 'top sides' 'void sides';
    grid-template-rows: auto 1fr;
    align-items: start;
    column-gap: 0.7em;
    row-gap: 0.2em;
  }
  :host([row]) .top {
    grid-area: top;
    flex-wrap: wrap;
    max-width: 9em;
  }
  :host([row]) .top .verdict {
    margin-left: 0;
  }
  :host([row]) .void-line {
    grid-area: void;
    max-width: 9em;
  }
  :host([row]) .void-hand-area,
  :host([row]) .last > .sides {
    grid-area: sides;
  }
  :host([row]) .sides {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
  :host([row]) .top .title .bi {
    flex-direction: column;
    gap: 0;
  }
  .last {
    display: flex;
    flex-direction: column;
    gap: 0.2em; /* the fullest hands (a verdict, pairs and naturals on both sides) fit the panel */
    min-height: var(--kiosk-last-hand-fill, 0);
  }
  .last > .sides {
    flex: 1 0 auto; /* its two rows share what the panel has beyond them (none but on a 4K board) */
  }
  .last.crowded {
    --card-full: calc((var(--kiosk-card-height, 8cqmin) + var(--kiosk-last-hand-spare, 0px)) * 0.86);
  }
  .last.voided .sides {
    opacity: 0.45;
  }
  .top {
    display: flex;
    align-items: center;
    gap: 0.3em 0.3em;
  }
  .top .title .bi {
    column-gap: 0.35em;
  }
  .top .verdict {
    margin-left: auto;
    font-size: var(--kiosk-text-small);
    line-height: 1.15;
    padding: 0.05em 0.35em;
  }
  .top .title {
    flex: none;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    min-width: 0;
  }
  .void-line {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.2em 0.6em;
  }
  .void-line > .verdict,
  .void-line > .badge {
    align-self: flex-start;
    font-size: var(--kiosk-text-small);
    line-height: 1.15;
    padding: 0.05em 0.5em;
  }
  .why {
    font-size: var(--kiosk-text-small);
    color: var(--kiosk-ink-muted);
  }
  .why .bi {
    column-gap: 0.6em;
  }
  /* A void round's reason, over its dimmed cards: a caption that takes no room. */
  .void-hand-area {
    position: relative;
  }
  .why.over {
    position: absolute;
    inset: 0;
    margin: 0;
    display: grid;
    place-items: center;
    padding: 0;
    text-align: center;
    color: var(--kiosk-ink);
    font-weight: 700;
    text-wrap: balance;
  }
  /* Over the whole of the cards' rows: narrower, the names and cards around it peeked out cut ("Pl…", "Ba…"), and
     lower, slivers of both rows showed above and below it (a name's top, a total, card corners), as if broken. The
     hand settled no bet: its cards are behind the reason, whole. */
  .why.over .chip {
    justify-self: stretch;
    align-self: stretch;
    display: grid;
    place-items: center;
    padding: 0.3em 0.8em;
    border-radius: 0.5em;
    border: 1px solid var(--kiosk-notice-void);
    background: var(--kiosk-panel-solid);
  }
  .why.over .bi {
    flex-direction: column;
    align-items: center;
  }
  .why .bi > .zh {
    font-size: 1em;
  }
  .hand-no {
    color: var(--kiosk-ink-muted);
    font-size: var(--kiosk-text-small);
  }
  .side .verdict {
    font-size: var(--kiosk-text-small);
    line-height: 1.15;
    padding: 0.05em 0.5em;
  }
  .verdict {
    white-space: nowrap;
    font-weight: 800;
    letter-spacing: 0.03em;
    padding: 0.12em 0.6em;
    border-radius: 999px;
    color: var(--kiosk-bead-ink);
  }
  .verdict.banker {
    background: var(--kiosk-banker);
  }
  .verdict.player {
    background: var(--kiosk-player);
  }
  .verdict.tie {
    background: var(--kiosk-tie);
  }
  .verdict.void {
    background: var(--kiosk-notice-void);
  }
  .verdict .bi > .zh {
    color: inherit;
    opacity: 0.9;
  }
  .sides {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.3em;
    position: relative;
  }
  /* Out of the grid's flow: the sides' width at no height (side-width.ts watches it). */
  .ruler {
    position: absolute;
    inset-inline: 0;
    top: 0;
    height: 0;
    visibility: hidden;
  }
  /* A side: its name and points over what it had (won, a pair, a natural), its cards beside them. */
  .side {
    border-radius: 0.5em;
    padding: 0.12em 0.5em;
    background: var(--kiosk-panel-raised);
    border: 2px solid transparent;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    /* Its name and points, and its badges under them, together in the middle of its cards' height: the room the
       cards have beyond them goes above and below (on a one-language 4K board, whose cards are larger, the two rows
       spread over it: the name at the top, "Win" at the foot, a side without badges half empty under its name). */
    grid-template-rows: 1fr auto auto 1fr;
    grid-template-areas: '. cards' 'head cards' 'badges cards' '. cards';
    align-items: center;
    gap: 0 0.5em;
    min-width: 0;
  }
  .side-head {
    grid-area: head;
  }
  /* The cards as large as the board's room allows (--card-full), but never so wide that they cover the side's name
     and points, out of the width the side has (--kiosk-last-hand-side, measured: side-width.ts): three cards (two
     upright, one sideways, their gaps) are 2.6 card heights wide beside the widest head without a verdict (a
     bilingual name and its points, with the gap to the cards: 7.3 of the side's ems); two are 1.5 card heights wide
     beside the widest head with one ("Banker 庄 Win 胜 8": 11.4 ems). A 4K portrait board's spare height made them
     wide enough to hide the Banker's points behind its first card: with three cards, then with two and "Win". */
  .side .cards {
    --card-h: min(
      var(--card-full),
      calc((var(--kiosk-last-hand-side, 100vw) - 7.3em) / 2.6),
      calc((var(--kiosk-last-hand-side, 100vw) - 11.4em) / 1.5)
    );
  }
  .side .cards {
    grid-area: cards;
  }
  /* Badges tuck under the points' empty foot (digits have no descenders): a side with badges on both sides of the
     hand (a pair each, a verdict and a pair) still fits the panel. */
  .side .badges {
    grid-area: badges;
    margin-top: -0.25em;
  }
  .side .side-head > .name {
    align-self: center; /* clear of the badges tucked under the points */
  }
`;
