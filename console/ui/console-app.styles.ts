import { css } from 'lit';

export const appStyles = css`
  :host {
    display: block;
    min-height: 100vh;
  }
  .top {
    display: flex;
    align-items: center;
    gap: 1.2em;
    flex-wrap: wrap;
    padding: 12px 24px;
    background: #0f3d2e;
    color: #fff;
  }
  h1 {
    font-size: 1.2em;
    margin: 0;
  }
  .broker {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.6em;
  }
  .top .muted {
    color: #c5d6cd;
  }
  .user {
    margin-left: auto;
    display: flex;
    align-items: center;
    gap: 0.5em;
  }
  .user button.on-dark {
    background: transparent;
    border-color: #c5d6cd;
    color: #fff;
    padding: 0.25em 0.8em;
  }
  main {
    max-width: 1400px;
    margin: 0 auto;
    padding: 16px 24px 40px;
  }
  section {
    margin-top: 22px;
  }
  h2 {
    font-size: 1.1em;
    margin-bottom: 10px;
  }
  .count {
    display: inline-block;
    min-width: 1.6em;
    text-align: center;
    border-radius: 999px;
    background: #dde3de;
    font-size: 0.8em;
    padding: 0 0.4em;
    margin-left: 0.3em;
  }
  .tables {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(400px, 100%), 1fr));
    gap: 14px;
  }
  .panel {
    background: var(--c-panel);
    border: 1px solid var(--c-line);
    border-radius: var(--c-radius);
    padding: 12px 16px;
  }
  .row {
    display: flex;
    align-items: center;
    gap: 1em;
  }
  .row button {
    margin-left: auto;
  }
  .small {
    font-size: 0.88em;
  }
  .notice {
    overflow-wrap: anywhere;
    border-left: 4px solid var(--c-ok);
    background: var(--c-ok-bg);
    color: var(--c-ok);
    padding: 0.5em 0.8em;
    border-radius: 4px;
    font-weight: 600;
  }
  .error {
    margin-top: 12px;
  }
  .casino ul.attention {
    margin-top: 8px;
  }
`;
