import { css } from 'lit';

/**
 * The look of a playing card drawn by `playingCard()` (playing-card.ts), for any component that shows cards: the
 * last hand, and the burn notice. The component sizes `.card`; these style what is inside it.
 */
export const playingCardStyles = css`
  .card svg {
    width: 100%;
    height: 100%;
    display: block;
  }
  .card .shadow {
    fill: rgb(0 0 0 / 0.4); /* drawn, not a CSS filter: cheap to paint */
  }
  .face {
    fill: var(--kiosk-card-face);
    stroke: var(--kiosk-card-edge);
    stroke-width: 3;
  }
  .card.red .ink {
    fill: var(--kiosk-card-red);
  }
  .card.black .ink {
    fill: var(--kiosk-card-black);
  }
`;
