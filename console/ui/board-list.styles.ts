import { css } from 'lit';

/** `<console-board-list>`'s own styles: the table, its state pills, silent and offline rows. */
export const boardListStyles = css`
  /* A list wider than the page (a tablet, 768 px) scrolls sideways in its box, and says so: a shade at the edge
     that has more (the scroll-shadow backgrounds: local covers scroll with the content, scroll ones stay), and its
     warnings and answers wrap within the box's visible width, held at its left edge (they were cut mid-word past the
     edge, and the columns past it had no sign of being there; found by a floor manager). */
  :host {
    display: block;
    overflow-x: auto;
    container-type: inline-size;
    background:
      linear-gradient(to right, var(--c-panel) 30%, transparent) left / 2em 100% no-repeat local,
      linear-gradient(to left, var(--c-panel) 30%, transparent) right / 2em 100% no-repeat local,
      radial-gradient(farthest-side at 0 50%, rgb(0 0 0 / 0.24), transparent) left / 1.1em 100% no-repeat scroll,
      radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 0.24), transparent) right / 1.1em 100% no-repeat scroll,
      var(--c-panel);
    border: 1px solid var(--c-line);
    border-radius: var(--c-radius);
  }
  tr.attention-row td > * {
    position: sticky;
    left: 0.8em;
    max-width: calc(100cqi - 1.6em);
    white-space: normal;
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
