import { css } from 'lit';

/** The look of `<console-table-card>` (table-card.ts): header, signs as a definition list, and the footer's buttons. */
export const tableCardStyles = css`
  :host {
    display: block;
    background: var(--c-panel);
    border: 1px solid var(--c-line);
    border-radius: var(--c-radius);
    padding: 14px 16px;
  }
  header {
    display: flex;
    align-items: baseline;
    gap: 0.6em;
    flex-wrap: wrap;
  }
  h3 {
    font-size: 1.2em;
  }
  .id {
    color: var(--c-ink-muted);
    font-weight: 400;
  }
  .states {
    display: flex;
    gap: 0.4em;
    margin-left: auto;
  }
  .shoe {
    margin: 0.3em 0 0;
  }
  ul.attention {
    margin-top: 0.7em;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.25em 1em;
    margin: 0.8em 0;
  }
  dt {
    color: var(--c-ink-muted);
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere; /* a pit message of one long word (a URL) stays in the card */
  }
  .variant.modified {
    font-weight: 700;
    color: var(--c-warn);
  }
  footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em 1em;
    border-top: 1px solid var(--c-line);
    padding-top: 0.6em;
    font-size: 0.9em;
  }
  footer .buttons {
    margin-left: auto;
    display: flex;
    gap: 0.5em;
  }
  footer button {
    font-size: 1rem;
    white-space: nowrap;
  }
`;
