import { css } from 'lit';

/** `<console-board-list>`'s own styles: the table, its state pills, silent and offline rows. */
export const boardListStyles = css`
  :host {
    display: block;
    overflow-x: auto;
    background: var(--c-panel);
    border: 1px solid var(--c-line);
    border-radius: var(--c-radius);
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 0.5em 0.8em;
    border-bottom: 1px solid var(--c-line);
    white-space: nowrap;
  }
  th {
    font-size: 0.85em;
    color: var(--c-ink-muted);
    font-weight: 600;
    background: #fafbf9;
  }
  tbody th {
    background: none;
    color: var(--c-ink);
    font-size: 1em;
  }
  tr:last-child td,
  tr:last-child th {
    border-bottom: 0;
  }
  /* The signs' pills wrap, so that the fleet commands fit beside them on a 1366 px screen. */
  td.signs {
    white-space: normal;
    min-width: 9em;
  }
  td.num {
    font-variant-numeric: tabular-nums;
  }
  tr.offline td:not(:nth-child(2)),
  tr.silent td:not(:nth-child(2)) {
    color: var(--c-ink-muted);
  }
  tr.has-attention > * {
    border-bottom: 0;
  }
  tr.attention-row td {
    padding-top: 0;
  }
  .states {
    display: flex;
    gap: 0.3em;
    align-items: center;
  }
  .empty {
    padding: 1em;
  }
  .small {
    font-size: 0.82em;
  }
  .note {
    margin: 0;
    padding: 0.5em 0.8em;
    border-bottom: 1px solid var(--c-line);
  }
`;
