import { css } from 'lit';

export const askStyles = css`
  :host {
    display: block;
    font-size: var(--kiosk-text);
  }
  .ask-roads {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(12em, 1fr));
    gap: 0.45em var(--kiosk-gap);
  }
  .group {
    display: grid;
    grid-template-columns: 1fr repeat(4, auto);
    align-items: center;
    gap: 0.4em;
    padding: 0.3em 0.5em;
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
    width: 1.45em;
    height: 1.45em;
    border-radius: 0.2em;
  }
  .slot.big {
    width: 1.75em;
    height: 1.75em;
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
  .circle-label {
    font-family: var(--kiosk-font);
  }
  .circle-label.banker {
    fill: var(--kiosk-banker);
  }
  :host([theme='colour-blind']) .circle.banker {
    fill: var(--kiosk-banker);
  }
  :host([theme='colour-blind']) .circle-label.banker {
    fill: var(--kiosk-bead-ink);
  }
`;
