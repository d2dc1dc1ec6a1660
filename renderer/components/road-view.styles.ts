import { css } from 'lit';

export const roadViewStyles = css`
  :host {
    display: block;
    position: relative;
    min-width: 0;
    min-height: 0;
    overflow: hidden;
    contain: strict; /* sized by the board's grid: a new mark never relayouts or repaints anything else */
    will-change: transform; /* its own layer: a new mark re-rasters this road only */
    background: var(--kiosk-road-bg); /* whole cells fill the width, centred: paper, not felt, either side */
  }
  svg {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    display: block;
    overflow: hidden;
  }
  .paper {
    fill: var(--kiosk-road-bg);
  }
  /* Between a road's two lines, the board's colour from edge to edge (the paper's margins either side too). */
  .strip-gap {
    fill: var(--kiosk-panel-solid);
  }
  .grid {
    stroke: var(--kiosk-road-grid);
    stroke-width: 1;
    fill: none;
    shape-rendering: crispEdges;
  }
  text {
    font-family: var(--kiosk-font);
  }
`;
