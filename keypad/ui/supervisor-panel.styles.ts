/**
 * The supervisor's panel's styles. The dialog fits the tablet either way (1280×800, 800×1280): its title and Close
 * at the top and its name, code, note and Send at the bottom stay on screen; between them the hands, the entry and
 * the card grid scroll within the dialog when they do not fit.
 * @packageDocumentation
 */
import { css } from 'lit';

export const supervisorStyles = css`
  .scrim {
    position: fixed;
    inset: 0;
    background: rgb(0 0 0 / 0.75);
    display: grid;
    place-items: center;
    z-index: 5;
  }
  .box {
    background: var(--k-panel);
    border: 3px solid var(--k-warn);
    border-radius: 16px;
    padding: 12px 20px;
    width: min(1200px, 96vw);
    max-height: calc(100vh - 16px);
    display: flex;
    flex-direction: column;
    gap: 10px;
  }
  .body {
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    display: grid;
    grid-template-columns: minmax(0, 1fr); /* the box's width, whatever its content's: Close stays on screen */
    align-content: start;
    gap: 10px;
  }
  .foot {
    flex: none;
    display: grid;
    gap: 8px;
    border-top: 2px solid var(--k-line);
    padding-top: 10px;
  }
  @media (max-width: 820px) {
    /* Portrait: the whole width, for the 13 cards of a row (13 × 56 px and their gaps: 776 px). */
    .box {
      width: 100vw;
      max-height: 100vh;
      padding: 14px 8px;
      border-width: 3px 0;
      border-radius: 0;
    }
  }
  .top {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
  }
  h2 {
    margin: 0;
  }
  .pick {
    display: flex;
    align-items: center;
    gap: 12px;
    min-width: 0;
  }
  /* The hands in one row, newest first, scrolling sideways: the entry and the grid keep their place. */
  .hands {
    flex: 1;
    min-width: 0;
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: max-content;
    gap: 8px;
    overflow-x: auto;
  }
  .hands button {
    min-width: 110px;
    white-space: nowrap;
    border-color: var(--side);
  }
  .hands button[aria-pressed='true'] {
    background: var(--side);
  }
  .modes,
  .reasons {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 10px;
  }
  .reasons {
    grid-template-columns: 1fr;
  }
  .who {
    display: grid;
    grid-template-columns: 1fr 1fr 1.5fr minmax(300px, 1.5fr);
    gap: 10px;
    align-items: end;
  }
  @media (max-width: 820px) {
    .who {
      grid-template-columns: 1fr 1fr;
    }
    .who .note,
    .who [data-send] {
      grid-column: 1 / -1;
    }
  }
  label {
    display: grid;
    gap: 4px;
    font-weight: 700;
  }
  input {
    font: inherit;
    width: 100%;
    min-width: 0;
    min-height: var(--k-target);
    border-radius: 10px;
    border: 2px solid var(--k-line-strong);
    background: var(--k-bg);
    color: var(--k-ink);
    padding: 0 12px;
  }
  .error {
    color: var(--k-danger);
    font-weight: 800;
  }
  .entry {
    display: grid;
    gap: 12px;
  }
  /* The round as keyed, and beside it what to do with it: take back a card, the result it makes. */
  .keyed {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(220px, 0.4fr);
    gap: 12px;
    align-items: stretch;
  }
  .keyed .side {
    display: grid;
    gap: 8px;
    align-content: start;
  }
  /* What the supervisor is doing (replacing a card) and what the Table of Play says of the third cards. */
  .lines {
    display: grid;
    gap: 6px;
    font-weight: 700;
  }
  .replacing {
    border-left: 6px solid var(--k-accent);
    padding: 6px 12px;
    background: color-mix(in srgb, var(--k-accent) 16%, var(--k-panel));
    font-size: 1.1em;
  }
  .draw-note {
    border-left: 6px solid var(--k-line-strong);
    padding: 6px 12px;
  }
  .draw-note.act {
    border-left-color: var(--k-warn);
    color: var(--k-warn);
  }
`;
