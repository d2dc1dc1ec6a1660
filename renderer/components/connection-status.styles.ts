import { css } from 'lit';

export const connectionStyles = css`
  :host {
    display: inline-block;
    font-size: var(--kiosk-text);
  }
  :host([banner]) {
    display: block;
  }
  .dot {
    display: inline-block;
    width: 0.6em;
    height: 0.6em;
    border-radius: 50%;
    background: var(--kiosk-ink-muted);
    vertical-align: middle;
  }
  .dot.connected {
    background: var(--kiosk-live);
    box-shadow: 0 0 0.5em var(--kiosk-live);
  }
  .dot.reconnecting,
  .dot.offline {
    background: var(--kiosk-notice-offline);
  }
  .banner {
    display: flex;
    align-items: center;
    gap: 0.8em;
    padding: 0.5em 1em;
    border-radius: 0.55em;
    background: var(--kiosk-offline-bg);
    border: 0.12em solid var(--kiosk-notice-offline);
    font-weight: 700;
  }
  .icon-wrap {
    flex: none;
    display: grid;
    place-items: center;
    width: 2em;
    height: 2em;
    border-radius: 50%;
    background: var(--kiosk-notice-offline);
    color: var(--kiosk-notice-icon-ink);
  }
  .icon {
    width: 1.3em;
    height: 1.3em;
  }
  .text .bi {
    flex-direction: row;
    flex-wrap: wrap;
    gap: 0.1em 0.8em;
    align-items: baseline;
  }
`;
