import { css } from 'lit';

/**
 * Portrait (9:16): the big road across the width on two lines (it breaks between whole streaks), the derived roads
 * under it, then the bead plate over the last hand beside the statistics over the signs; limits in the header.
 */
export const portraitStyles = css`
  /* A portrait board is tall but narrow: its big road is on two lines, so its cells are a little smaller (circles
     still 36 px across at 1080 × 1920). */
  .board[data-layout='portrait'] {
    --kiosk-cell-big: 3.78;
  }
  .board[data-layout='portrait'] .main {
    grid-template-columns: var(--bead-width) minmax(0, 1fr);
    grid-template-rows: auto auto auto minmax(0, 1fr) auto;
    grid-template-areas:
      'big big'
      'derived derived'
      'stats stats'
      'a b'
      'footer footer';
  }
  .board[data-layout='portrait'] .main > .panel.stats {
    grid-area: stats;
  }
  .board[data-layout='portrait'] kiosk-big-road {
    height: calc((2 * 6 + 0.3) * var(--cell-big)); /* two lines and the gap between (road-view.ts) */
  }
  .board[data-layout='portrait'] .road.derived {
    grid-area: derived;
  }
  /* Each derived road's name at its left, English over Chinese, rather than the three in a row of their own over
     them: that row's height goes to the panels under them (the statistics' streak line, a pataca table's sign
     column with every side bet and a pit message), and each road still shows more than a whole shoe (54 columns at
     1080 × 1920, bilingual; 40 wanted). */
  .board[data-layout='portrait'] .road.derived {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    grid-template-rows: repeat(3, auto);
    grid-auto-flow: column;
    align-items: center;
    column-gap: calc(var(--kiosk-gap) * 0.8);
  }
  .board[data-layout='portrait'] .road.derived > .legend {
    display: contents;
  }
  .board[data-layout='portrait'] .road.derived .legend-item .bi {
    flex-direction: column;
    align-items: flex-start;
    line-height: 1.05;
  }
  .board[data-layout='portrait'] .column.b > .panel.signs {
    flex: 1 1 0;
  }
  .board[data-layout='portrait'] .header {
    height: calc(var(--kiosk-header-height) * 1.56);
    grid-template-columns: auto 1fr auto;
    grid-template-areas:
      'brand name status'
      'limits limits limits';
    row-gap: 0.4cqmin;
  }
  .board[data-layout='portrait'] .header .table-name {
    grid-area: name;
    /* Within its column, centred: a name longer than the room is cut, never drawn over the casino's name. */
    justify-self: stretch;
    min-width: 0;
    text-align: center;
  }
  .board[data-layout='portrait'] .table-name .name {
    font-size: calc(var(--kiosk-text) * 1.4);
    line-height: 1.1;
  }
  .board[data-layout='portrait'] .logo {
    height: 4.4cqmin;
  }
  .board[data-layout='portrait'] kiosk-limits.headline {
    grid-area: limits;
    justify-self: center;
  }
  .board[data-layout='portrait'] .header .brand {
    grid-area: brand;
  }
  /* The round's phase comes and goes every hand (bets open, no more bets, none between hands): the header's first row
     keeps the room of its widest ("#100 No more bets 停止下注") and the casino's name gives way to its logo, so that
     the table's name neither jumps nor is cut as it changes (it moved up to 100 px each hand, the casino's name
     blinking beside it; with both, "Salon Privé 18" was cut to "Salon Privé" beside "HARBOUR CASINO"). */
  .board[data-layout='portrait'] .header .casino {
    display: none;
  }
  .board[data-layout='portrait'] .header .status {
    grid-area: status;
    justify-content: flex-end;
    min-width: calc(var(--kiosk-text-title) * 16.4); /* both languages' words */
  }
  .board[data-layout='portrait'][data-script='en'] .header .status {
    min-width: calc(var(--kiosk-text-title) * 11.9);
  }
  .board[data-layout='portrait']:is([lang='zh-Hans'], [lang='zh-Hant']) .header .status {
    min-width: calc(var(--kiosk-text-title) * 9.1);
  }
  /* What staff should know, beside the phase: a few words (compact: "2 warnings"), so that the table's name beside
     it stays whole (patrons must know the table); the about overlay and the console say the rest. */
  .board[data-layout='portrait'] .header .status kiosk-staff {
    max-width: 16cqmin;
  }
  /* No phase shown (out of step, or the host cut off): the corner's whole room is the staff's, so that "Out of step"
     and its Chinese are whole (they were cut to "Out of ste…" in the phase's leftover). */
  .board[data-layout='portrait'] .header .status:not(:has(.phase)) kiosk-staff {
    max-width: 100%;
  }
  .board[data-layout='portrait'] .footer {
    flex-direction: column;
    align-items: stretch;
    gap: 0.2em;
    min-height: calc(4 * 1.12em + var(--kiosk-gap) * 0.5 + 0.2em);
  }
  .board[data-layout='portrait'] .footer .message {
    -webkit-line-clamp: 1;
    max-width: none;
  }
`;
