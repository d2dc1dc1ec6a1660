import { css } from 'lit';

/** Portrait (9:16): roads on top, full width; last hand and statistics beside the pays below; limits in the header. */
export const portraitStyles = css`
  .board[data-layout='portrait'] .main {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    grid-template-rows: minmax(0, 1fr) auto;
    grid-template-areas:
      'roads roads'
      'side signs';
  }
  .board[data-layout='portrait'] .roads {
    grid-area: roads;
    grid-template-columns: minmax(0, 4fr) minmax(0, 5fr);
  }
  .board[data-layout='portrait'] .side {
    grid-area: side;
  }
  .board[data-layout='portrait'] .signs {
    grid-area: signs;
  }
  .board[data-layout='portrait'] .header {
    grid-template-columns: auto 1fr auto;
    grid-template-areas:
      'brand name status'
      'limits limits limits';
    row-gap: 1.2cqmin;
  }
  .board[data-layout='portrait'] .header .table-name {
    grid-area: name;
  }
  .board[data-layout='portrait'] kiosk-limits.headline {
    grid-area: limits;
    justify-self: center;
  }
  .board[data-layout='portrait'] .header.busy {
    grid-template-columns: auto 1fr;
    grid-template-areas:
      'brand status'
      'notices notices'
      'limits limits';
  }
  .board[data-layout='portrait'] .header .brand {
    grid-area: brand;
  }
  .board[data-layout='portrait'] .header .status {
    grid-area: status;
  }
  .board[data-layout='portrait'] .header.busy .notices {
    grid-area: notices;
  }
`;
