import { css } from 'lit';

/**
 * The board's footer and what it says of the board's own state: the pit's message and the disclaimer; what staff
 * should know (kiosk-staff), at the footer's end or under the message in landscape, by the connection dot in
 * portrait; and the board out of step with its table, as patrons see it (kiosk-app sets `data-updating`).
 */
export const statusStyles = css`
  /* Footer: the pit's message and the display-board disclaimer (house rule 7.1). */
  .footer {
    grid-area: footer;
    position: relative; /* the notice band's place */
    display: flex;
    align-items: center;
    gap: 3cqmin;
    /* Three lines, whatever it holds (the disclaimer's, or none): the notice band over it never moves anything. */
    min-height: calc(3 * 1.12em + var(--kiosk-gap) * 0.5 + 0.2em);
    padding-top: calc(var(--kiosk-gap) * 0.5);
    padding-bottom: 0.2em; /* a line's glyphs reach below its box */
    border-top: 1px solid var(--kiosk-gold-hairline);
    font-size: var(--kiosk-text-small);
    color: var(--kiosk-ink-muted);
  }
  .footer p {
    margin: 0;
  }
  /* In lines of 1.12 em, as the board's other text, at the sign column's foot too: at 'normal' its lines were Noto
     Sans's 1.36 em (1.47 with Chinese), and a portrait column with three quarters of a line left above a message
     cut to one line could not take a second (found by hand: its Chinese half never seen). Its glyphs' boxes run a
     little past these lines (test/helpers/lines-shown.ts measures by line box); the glyphs themselves do not. */
  .message {
    color: var(--kiosk-gold);
    font-weight: 700;
    /* One word a little longer than its line is set smaller, down to the floor (controllers/fit-word.ts). */
    font-size: max(var(--kiosk-text-min), var(--kiosk-text) * var(--word-scale, 1));
    line-height: 1.12;
    flex: 0 1 auto;
    /* A word longer than the line (an address) breaks where it must: clipped sideways, it was cut unseen by the fit.
       Into lines of even length (fit-word.ts keeps room at their end), never a letter left alone on the last. */
    overflow-wrap: anywhere;
    padding-inline-end: var(--word-room, 0px);
  }
  /* A message the sign column has no room for (FitController) shows here, cut to the footer's lines with an
     ellipsis rather than taking room from the roads and panels above (the console warns of a message that long). */
  .footer .message {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
    max-width: 40%;
  }
  /* Its Chinese breaks only between clauses (after "。" and "，"), never inside a word ("应实 | 时显示" read as two):
     keep-all leaves the English's breaks as they are; the longest clause (19 characters) fits any footer's line. */
  .disclaimer {
    flex: 1 1 0;
    line-height: 1.12;
    text-wrap: pretty;
    word-break: keep-all;
  }
  /* English and Chinese run on in one paragraph: three lines under a landscape board's roads, not four. */
  .disclaimer .bi {
    display: inline;
  }
  .disclaimer .bi > * {
    display: inline;
  }
  /* A space between the languages, widened: where the Chinese starts a line it goes with the line's break (a margin
     stayed, and indented that line). */
  .disclaimer .bi > .zh {
    font-size: 1em;
  }
  .disclaimer .bi > .zh::before {
    content: ' ';
    word-spacing: 0.25em;
  }

  /* What staff should know (kiosk-staff): landscape, at the footer's end, at most a third of it; portrait, in the
     header's first row beside the connection dot. */
  .footer kiosk-staff {
    flex: 0 1 auto;
    max-width: 34%;
  }
  .board:lang(zh) .footer kiosk-staff {
    max-width: 40%; /* beside a Chinese disclaimer, one line of half the width */
  }
  .footer .pit {
    flex: 0 1 auto;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 0.2em;
  }
  .footer .pit kiosk-staff {
    width: 0;
    min-width: 100%; /* as wide as the message: it never widens the column */
    max-width: none;
  }
  .footer .pit kiosk-staff::part(staff) {
    padding-left: 0;
    border-left: none;
  }
  .status kiosk-staff {
    max-width: 46cqmin;
  }

  /* Out of step, as patrons see it (OutOfStepController): the last good roads, last hand and statistics stay drawn
     but subdued, so they do not pass as current; one calm line in the big road's title row, over it, moving
     nothing. No colour of alarm, no animation: it comes and goes in one step, at most once a second. */
  .board[data-updating] :is(kiosk-big-road, kiosk-bead-plate, kiosk-derived-road, kiosk-ask, .last-hand, .stats) {
    opacity: 0.55;
    filter: saturate(0.4);
  }
  /* The ask previews say what the next hand would draw on roads that are no longer the table's: gone while out of
     step (their place kept, so nothing moves), and the line takes their place instead of being drawn over them. */
  .board[data-updating] kiosk-ask {
    visibility: hidden;
  }
  /* Nor once the shoe has no next hand (its last coup dealt, or its end; kiosk-app sets data-shoe-over), nor while
     the table is closed: there is nothing to predict until another shoe is shown, or the table opens. Their place
     kept, so nothing moves. */
  .board[data-shoe-over] kiosk-ask,
  .board.closed kiosk-ask {
    visibility: hidden;
  }
  .updating {
    position: absolute;
    top: 0;
    right: 0;
    margin: 0;
    display: flex;
    align-items: baseline;
    gap: 0.5em;
    max-width: 70%;
    padding: 0 0.7em;
    border-radius: 999px;
    background: var(--kiosk-panel-raised);
    box-shadow: inset 0 0 0 1px var(--kiosk-hairline);
    font-size: var(--kiosk-text-title);
    line-height: 1.1;
    font-weight: 700;
    color: var(--kiosk-ink);
    white-space: nowrap;
  }
  .updating .sep {
    color: var(--kiosk-ink-muted);
  }
`;
