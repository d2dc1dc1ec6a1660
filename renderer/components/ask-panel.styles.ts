import { css } from 'lit';

export const askStyles = css`
  :host {
    display: block;
    font-size: var(--kiosk-text);
  }
  /* One line: the Banker's group, then the Player's, each its name and four would-be marks (the big road's, then
     the three derived roads'), on the road paper. */
  .ask-roads {
    display: flex;
    align-items: center;
    gap: var(--kiosk-gap);
  }
  .ask-roads > .name {
    color: var(--kiosk-gold);
    font-size: var(--kiosk-text-title);
  }
  .group {
    display: grid;
    grid-template-columns: repeat(6, auto);
    align-items: center;
    gap: 0.4em;
    padding: 0.1em 0.5em;
    border-radius: 0.4em;
    background: var(--kiosk-road-bg);
    color: var(--kiosk-road-ink);
  }
  .group .bi > .zh {
    color: var(--kiosk-road-ink-muted);
  }
  .name {
    font-weight: 700;
    font-size: var(--kiosk-text-small);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .name .bi {
    flex-wrap: nowrap;
  }
  .slot {
    display: inline-block;
    width: 1.2em;
    height: 1.2em;
    border-radius: 0.2em;
  }
  .slot.big {
    width: 1.35em;
    height: 1.35em;
  }
  .slot.empty {
    border: 2px dashed var(--kiosk-road-grid);
  }
  .slot svg {
    width: 100%;
    height: 100%;
    display: block;
    overflow: visible;
  }
  .letter {
    font-weight: 800;
    line-height: 1;
  }
  .banker .letter {
    color: var(--kiosk-banker);
  }
  .player .letter {
    color: var(--kiosk-player);
  }
  :host([theme='colour-blind']) .circle.banker {
    fill: var(--kiosk-banker);
  }
`;
