import { css } from 'lit';

/** Buttons, pills, fields and focus rings shared by every console component (tokens from console.css). */
export const sharedStyles = css`
  :host {
    font: inherit;
    color: var(--c-ink);
  }
  * {
    box-sizing: border-box;
  }
  h2,
  h3 {
    margin: 0;
    line-height: 1.25;
  }
  button {
    font: inherit;
    font-weight: 600;
    border-radius: 6px;
    border: 1px solid var(--c-accent);
    background: var(--c-panel);
    color: var(--c-accent);
    padding: 0.4em 0.95em;
    cursor: pointer;
  }
  button.primary {
    background: var(--c-accent);
    color: var(--c-accent-ink);
  }
  button:disabled {
    opacity: 0.55;
    cursor: default;
  }
  button:hover:not(:disabled) {
    filter: brightness(0.95);
  }
  :focus-visible {
    outline: 3px solid var(--c-focus);
    outline-offset: 2px;
  }
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
    border: 1px solid #b8bfba;
    border-radius: 6px;
    padding: 0.35em 0.5em;
    background: #fff;
    min-width: 0;
  }
  [aria-invalid='true'] {
    border-color: var(--c-off);
    box-shadow: 0 0 0 2px var(--c-off-bg);
  }
  .pill {
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
    border-radius: 999px;
    padding: 0.05em 0.6em;
    font-size: 0.85em;
    font-weight: 600;
    white-space: nowrap;
    background: #eceeea;
    color: var(--c-ink-muted);
  }
  .pill::before {
    content: '';
    width: 0.55em;
    height: 0.55em;
    border-radius: 50%;
    background: currentColor;
  }
  .pill.plain::before {
    display: none;
  }
  .pill.ok {
    background: var(--c-ok-bg);
    color: var(--c-ok);
  }
  .pill.off {
    background: var(--c-off-bg);
    color: var(--c-off);
  }
  .pill.warn {
    background: var(--c-warn-bg);
    color: var(--c-warn);
  }
  .muted {
    color: var(--c-ink-muted);
  }
  .error {
    border-left: 4px solid var(--c-off);
    background: var(--c-off-bg);
    color: var(--c-off);
    padding: 0.5em 0.8em;
    border-radius: 4px;
    font-weight: 600;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
