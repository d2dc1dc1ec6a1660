import { css } from 'lit';

/**
 * The board's layout. Everything is sized in `cqmin` of `.board` (a size container), so the same layout is crisp
 * at 1080p and 4K, landscape or portrait. Landscape: roads on the left (big road over bead plate and derived
 * roads), a column of last hand, statistics, ask roads and signs on the right. Portrait: roads on top, the rest
 * in two columns below.
 */
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
    grid-template-rows: auto minmax(0, 1fr) auto;
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: 'header' 'main' 'footer';
    gap: var(--kiosk-gap);
    padding: var(--kiosk-gap) calc(var(--kiosk-gap) * 1.3);
    background: var(--kiosk-felt);
    font-family: var(--kiosk-font);
    font-size: var(--kiosk-text);
    --kiosk-font: var(--kiosk-font-hans);
  }
  .board[data-script='zh-Hant'] {
    --kiosk-font: var(--kiosk-font-hant);
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

  /* Header: brand, table name, connection. */
  .header {
    grid-area: header;
    display: grid;
    grid-template-columns: 1fr auto 1fr auto;
    align-items: center;
    gap: 2cqmin;
    padding-bottom: calc(var(--kiosk-gap) * 0.6);
    border-bottom: 1px solid var(--kiosk-gold-hairline);
  }
  .brand {
    display: flex;
    align-items: center;
    gap: 1.2cqmin;
    min-width: 0;
  }
  .logo {
    height: 6cqmin;
    width: auto;
    display: block;
  }
  .casino {
    font-size: var(--kiosk-text);
    color: var(--kiosk-gold);
    letter-spacing: 0.18em;
    text-transform: uppercase;
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .table-name {
    justify-self: center;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .header.busy {
    grid-template-columns: auto minmax(0, 1fr) auto auto;
  }
  kiosk-limits.headline {
    justify-self: end;
  }
  .table-name.small {
    padding-left: 1.2cqmin;
    border-left: 1px solid var(--kiosk-gold-hairline);
  }
  .table-name.small .name {
    font-size: calc(var(--kiosk-text) * 1.2);
  }
  .table-name .name {
    font-size: calc(var(--kiosk-text) * 1.75);
    font-weight: 800;
    letter-spacing: 0.03em;
  }
  .status {
    justify-self: end;
    display: flex;
    align-items: center;
    gap: 1cqmin;
  }

  .notices {
    display: flex;
    flex-direction: column;
    gap: calc(var(--kiosk-gap) * 0.5);
    min-width: 0;
  }

  /* Main: roads and the side column. */
  .main {
    grid-area: main;
    display: grid;
    grid-template-columns: minmax(0, 50fr) minmax(0, 23fr) minmax(0, 27fr);
    /* A fixed row, not the implicit auto one: an auto row is sized from every column's content, so each new
       hand (new cards, new counts) re-measured the whole main area; this halves the layout of a hand. */
    grid-template-rows: minmax(0, 1fr);
    gap: var(--kiosk-gap);
    min-height: 0;
  }
  .roads {
    display: grid;
    grid-template-columns: minmax(0, 3fr) minmax(0, 5fr);
    grid-template-rows: minmax(0, 1fr) auto minmax(0, 1fr);
    grid-template-areas:
      'big big'
      'ask ask'
      'bead derived';
    gap: var(--kiosk-gap);
    min-height: 0;
  }
  .panel {
    min-width: 0;
    min-height: 0;
  }
  .road {
    display: flex;
    flex-direction: column;
    gap: calc(var(--kiosk-gap) * 0.4);
  }
  .road > :not(.title, .updating) {
    flex: 1;
    border-radius: var(--kiosk-radius-small);
    box-shadow:
      0 0 0 1px var(--kiosk-gold-hairline),
      0 0.8cqmin 2cqmin -1cqmin rgb(0 0 0 / 0.6);
  }
  .road.big {
    grid-area: big;
    position: relative; /* the updating line's place */
  }
  .road.bead {
    grid-area: bead;
  }
  .panel.ask {
    grid-area: ask;
  }
  .derived-roads {
    grid-area: derived;
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    grid-template-rows: minmax(0, 1fr) minmax(0, 1fr);
    grid-template-areas:
      'eye eye'
      'small roach';
    gap: calc(var(--kiosk-gap) * 0.6) var(--kiosk-gap);
    min-height: 0;
  }
  .bigEyeBoy {
    grid-area: eye;
  }
  .smallRoad {
    grid-area: small;
  }
  .cockroachPig {
    grid-area: roach;
  }
  .title .bi {
    flex-direction: row;
    align-items: baseline;
    gap: 0.5em;
  }
  .title.small {
    font-size: var(--kiosk-text-small);
  }

  .side,
  .signs {
    display: flex;
    flex-direction: column;
    gap: var(--kiosk-gap);
    min-height: 0;
    overflow: hidden;
  }
  .side > .panel,
  .signs > .panel {
    contain: layout paint;
    background: var(--kiosk-panel);
    border: 1px solid var(--kiosk-gold-hairline);
    border-radius: var(--kiosk-radius);
    padding: calc(var(--kiosk-gap) * 0.75) var(--kiosk-gap);
    display: flex;
    flex-direction: column;
    gap: calc(var(--kiosk-gap) * 0.5);
  }
  .side > .panel,
  .signs > .panel {
    flex: none;
  }
  .signs > .panel.pays {
    flex: 1 1 auto;
  }
  kiosk-limits.details {
    margin-top: auto;
    padding-top: calc(var(--kiosk-gap) * 0.6);
    border-top: 1px solid var(--kiosk-hairline);
  }

  /* Table closed: the board stays visible, dimmed, under the veil. */
  .board.closed > :not(kiosk-notices):not(kiosk-identify) {
    filter: brightness(0.45) saturate(0.5);
  }
`;
