import { css, unsafeCSS } from 'lit';
import { SHIFTS } from '../controllers/burn-in-controller';

/**
 * The board's layout. Everything is sized in `cqmin` of `.board` (a size container), so the same layout is crisp
 * at 1080p and 4K, landscape or portrait. Landscape: the big road across the width; under it the bead plate over
 * the last hand, the derived roads over the statistics, and the sign column at the right. Portrait: the big road,
 * the derived roads and the statistics down the width, then the bead plate and last hand beside the signs. The
 * panels' own styles: kiosk-app.panels.styles.ts.
 */
/** The board's places against burn-in (BurnInController): `:host([data-shift='k']) .board { translate: x y }`. */
const burnInPlaces = unsafeCSS(
  SHIFTS.map(([x, y], k) => `:host([data-shift='${k}']) .board { translate: ${x}px ${y}px; }`).join('\n'),
);

export const appStyles = css`
  :host {
    container: board / size; /* cqmin = 1% of the screen's short side, whatever the orientation */
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
    overflow: hidden;
    background: var(--kiosk-bg);
    color: var(--kiosk-ink);
  }
  .board {
    position: absolute;
    inset: 0;
    display: grid;
    grid-template-rows: auto minmax(0, 1fr);
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: 'header' 'main';
    gap: var(--kiosk-gap);
    padding: var(--kiosk-gap) var(--kiosk-gap);
    background: var(--kiosk-felt);
    font-family: var(--kiosk-font);
    font-size: var(--kiosk-text);
    --kiosk-font: var(--kiosk-font-hans);
    /* Road cells in px of this board (tokens.css gives them in road units; the unit is 1cqmin or, for the big road
       above 1080p by default, less: see data-resolution). Declared here, on the element that sets the unit, so that
       it applies. */
    --kiosk-road-unit: 1cqmin;
    --kiosk-big-road-unit: var(--kiosk-road-unit);
    --cell-big: calc(var(--kiosk-cell-big) * var(--kiosk-big-road-unit));
    --cell-bead: calc(var(--kiosk-cell-bead) * var(--kiosk-road-unit));
    --cell-derived: calc(var(--kiosk-cell-derived) * var(--kiosk-road-unit));
  }
  .board[data-script='zh-Hant'] {
    --kiosk-font: var(--kiosk-font-hant);
  }
  /* Above 1080p the big road's cells grow half as fast as the screen (×1.5 at 4K, never more than the text), so the
     extra pixels show more of its columns (BoardSettings.highResolution). The bead plate and the derived roads keep
     their size on the screen, as the text and panels do: the room the shorter big road leaves goes to them, whose
     marks are the smallest on the board, rather than to empty panels; they still show more than a whole shoe. */
  .board[data-resolution='more-columns'] {
    --kiosk-big-road-unit: min(1cqmin, calc(0.5cqmin + 5.4px));
  }
  /* The room that shorter big road leaves, beyond the 1080p board's proportions (0 at 1080p, and with 'larger'):
     ~125 px at 4K, twice that in portrait (its road on two lines). Every board gives it to the panels under the
     roads (kiosk-app.panels.styles.ts): a bilingual one's, full at 1080p, kept 25–30 % of it empty at their foot. */
  .board {
    --kiosk-spare: calc(6 * var(--kiosk-cell-big) * (1cqmin - var(--kiosk-big-road-unit)));
  }
  .board[data-layout='portrait'] {
    --kiosk-spare: calc((2 * 6 + 0.3) * var(--kiosk-cell-big) * (1cqmin - var(--kiosk-big-road-unit)));
  }
  .board.rotated {
    inset: auto;
    top: 0;
    left: 0;
    width: 100vh;
    height: 100vw;
    transform-origin: top left;
    transform: translateX(100vw) rotate(90deg);
  }
  .board.waiting {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 3cqmin;
  }
  .logo.big {
    width: 22cqmin;
    height: 22cqmin;
  }
  .waiting-text {
    font-size: 3.2cqmin;
    color: var(--kiosk-ink-muted);
    margin: 0;
  }

  /* The notice band: over the footer, which always keeps its room (its disclaimer's lines, or as many empty). */
  .notice-band {
    position: absolute;
    inset: 0;
    display: flex;
    background: var(--kiosk-bg);
  }
  .notices {
    flex: 1;
    display: flex;
    gap: var(--kiosk-gap);
    min-width: 0;
  }
  .notices > * {
    flex: 1 1 0;
    min-width: 0;
  }
  /* What staff should know, at the band's end as at the footer's (board-footer.ts). */
  .notice-band > kiosk-staff {
    align-self: center;
    margin-left: var(--kiosk-gap);
  }

  /* Main: the big road across the whole width; under it the bead plate over the last hand, the derived roads over
     the statistics, and the sign column (pays, limits), which folds away when there are no signs. Road heights are
     whole cells (tokens.css: --kiosk-cell-*), so every road shows whole rows and as many whole columns as fit. */
  .main {
    grid-area: main;
    display: grid;
    grid-template-columns: var(--bead-width) minmax(0, 1fr) var(--kiosk-signs-width);
    grid-template-rows: auto auto minmax(0, 1fr) auto;
    grid-template-areas:
      'big big big'
      'head head signs'
      'a b signs'
      'footer footer signs';
    gap: var(--kiosk-gap);
    min-height: 0;
    /* the bead plate: 14 whole columns (84 hands) and its frame, and no narrower than the last hand under it needs */
    --bead-width: max(calc(14 * var(--cell-bead) + 2px), 46cqmin);
  }
  /* A table offering no side bet beyond the pair: its pays are four short lines, which left the column half empty
     at the width every side bet needs. The column is as wide as those lines in the board's language(s) (the pit's
     message and the staff's words under them take more lines: the column has them), and the derived roads and the
     statistics beside it have the rest, as they have the whole when the column folds away. Its width depends on the
     signs and the language only: nothing moves as the shoe is dealt. */
  .board[data-main-bets] {
    /* "less 5% commission", "Banker  19 to 20"; in Chinese, a change signed ahead's "庄赢 1 赔 1，" on a line */
    --kiosk-signs-width: 30cqmin;
  }
  .board[data-main-bets][lang='en']:not([data-script='en']) {
    --kiosk-signs-width: 42cqmin; /* both languages: "Banker 莊  19 to 20 1 賠 0.95" */
  }
  /* In Chinese alone, a bet's line is short ("庄  1 赔 0.95"): at the width a change signed ahead needs, a third of
     the landscape column was empty beside the pays and more than half under them. Its pays are larger (each still on
     one line); the signs around them (a change signed ahead, the six) keep their size and their lines. */
  .board[data-main-bets]:not([data-layout='portrait']):is([lang='zh-Hans'], [lang='zh-Hant']) {
    --kiosk-pay-line: 1.3em;
  }
  .board:not([data-signs]) .main {
    grid-template-columns: var(--bead-width) minmax(0, 1fr);
    grid-template-areas:
      'big big'
      'head head'
      'a b'
      'footer footer';
  }
  /* A landscape board's titles over the bead plate and the derived roads: one row, the legend at its right end (it
     may reach back over the bead plate's column: its names are longer than the derived roads are wide). */
  .lower-head {
    grid-area: head;
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 1em;
    margin-bottom: calc(var(--kiosk-gap) * -0.6);
    min-width: 0;
  }
  .column {
    display: flex;
    flex-direction: column;
    gap: var(--kiosk-gap);
    min-width: 0;
    min-height: 0;
  }
  .column.a {
    grid-area: a;
  }
  .column.b {
    grid-area: b;
  }
  .panel {
    min-width: 0;
    min-height: 0;
  }
  .road {
    display: flex;
    flex-direction: column;
    gap: calc(var(--kiosk-gap) * 0.4);
    flex: none;
  }
  .road :is(kiosk-big-road, kiosk-bead-plate, kiosk-derived-road) {
    flex: none;
    border-radius: var(--kiosk-radius-small);
    box-shadow:
      0 0 0 1px var(--kiosk-gold-hairline),
      0 0.8cqmin 2cqmin -1cqmin rgb(0 0 0 / 0.6);
  }
  .road.big {
    grid-area: big;
    position: relative; /* the updating line's place */
  }
  kiosk-big-road {
    height: calc(6 * var(--cell-big));
  }
  .road-head {
    display: flex;
    align-items: center;
    gap: 2cqmin;
  }
  .road-head kiosk-ask {
    margin-left: auto;
  }
  kiosk-bead-plate {
    height: calc(6 * var(--cell-bead));
  }
  .road.derived {
    gap: calc(var(--kiosk-gap) * 0.5);
  }
  kiosk-derived-road {
    height: calc(6 * var(--cell-derived));
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 0 0.9em;
  }
  .legend-item {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
    white-space: nowrap;
  }
  .legend-item .bi {
    flex-wrap: nowrap;
    column-gap: 0.35em;
  }
  .legend .glyph {
    width: 0.95em;
    height: 0.95em;
    flex: none;
  }
  .legend .glyph .ring,
  .legend .glyph .slash {
    fill: none;
    stroke: var(--kiosk-gold);
    stroke-linecap: round;
  }
  .legend .glyph .dot {
    fill: var(--kiosk-gold);
  }
  .title .bi {
    flex-direction: row;
    align-items: baseline;
    gap: 0.5em;
  }
  .title.small {
    font-size: var(--kiosk-text-small);
  }

  /* Table closed: the board stays visible, dimmed, under the veil. */
  .board.closed > :not(kiosk-notices):not(kiosk-identify) {
    filter: brightness(0.45) saturate(0.5);
  }
  ${burnInPlaces}
`;
