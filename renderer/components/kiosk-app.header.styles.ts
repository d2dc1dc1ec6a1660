import { css } from 'lit';

/**
 * The board's header: the logo, the casino's and the table's names, the limits, the round's phase and the
 * connection. Landscape: the casino's name over the table's beside the logo, then the limits; portrait (its own
 * styles): names and status on one row, the limits on the next.
 */
export const headerStyles = css`
  /* Header: brand, table name (or the notices in force), limits, connection. Its height is fixed: a notice that
     comes or goes moves nothing (issue 13). */
  .header {
    grid-area: header;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto auto;
    align-items: center;
    gap: 2cqmin;
    height: var(--kiosk-header-height);
    overflow: hidden;
    padding-bottom: calc(var(--kiosk-gap) * 0.3);
    border-bottom: 1px solid var(--kiosk-gold-hairline);
  }
  .brand {
    display: flex;
    align-items: center;
    gap: 1.2cqmin;
    min-width: 0;
  }
  .logo {
    height: 5cqmin;
    width: auto;
    display: block;
  }
  .casino {
    font-size: var(--kiosk-text);
    color: var(--kiosk-gold);
    letter-spacing: 0.08em;
    text-transform: uppercase;
    font-weight: 600;
    white-space: nowrap;
    min-width: 0;
    overflow: hidden; /* a name longer than the room the table's name and the limits leave: cut, never over them */
    text-overflow: ellipsis;
  }
  /* Landscape: the casino's name over the table's, beside the logo, so that long names take the width of the longer
     one and the limits keep theirs (the header is one row of everything). */
  .board:not([data-layout='portrait']) .header {
    grid-template-columns: auto minmax(0, max-content) minmax(max-content, 1fr) auto;
    grid-template-areas:
      'logo casino limits status'
      'logo name limits status';
    align-content: center;
    row-gap: 0.2cqmin;
  }
  .board:not([data-layout='portrait']) .brand {
    display: contents;
  }
  .board:not([data-layout='portrait']) .logo {
    grid-area: logo;
  }
  .board:not([data-layout='portrait']) .casino {
    grid-area: casino;
    font-size: var(--kiosk-text-min);
    line-height: 1.1;
    letter-spacing: 0.03em;
  }
  .board:not([data-layout='portrait']) .table-name {
    grid-area: name;
    justify-self: start;
    max-width: 100%; /* its column, not its whole text (nowrap): a long name is cut, never drawn over the limits */
  }
  .board:not([data-layout='portrait']) .table-name .name {
    line-height: 1.05;
  }
  .board:not([data-layout='portrait']) kiosk-limits.headline {
    grid-area: limits;
  }
  .board:not([data-layout='portrait']) .header .status {
    grid-area: status;
  }
  .table-name {
    justify-self: center;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  kiosk-limits.headline {
    justify-self: end;
  }
  .table-name .name {
    display: block; /* its box is its line's, not its glyphs' (taller, in Noto Sans) */
    /* A block: the ellipsis of a name cut is its own (its parent's would fall on an empty line of its own). */
    overflow: hidden;
    text-overflow: ellipsis;
    line-height: 1.15;
    font-size: calc(var(--kiosk-text) * 1.5);
    font-weight: 800;
    letter-spacing: 0.03em;
  }
  .status {
    justify-self: end;
    display: flex;
    align-items: center;
    gap: 1cqmin;
  }
`;
