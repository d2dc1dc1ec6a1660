import { css } from 'lit';

/** The screens' blocks (`<keypad-between>`, `<keypad-round-screen>`): a column whose taps sit at the bottom. */
export const screenStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    gap: 14px;
    flex: 1;
  }
  /* What the dealer taps goes to the bottom, within reach of the hand that holds the tablet. */
  .reach {
    margin-top: auto;
    display: grid;
    gap: 14px;
  }
  .status {
    font-size: 1.3em;
    font-weight: 800;
  }
  .banner {
    border-radius: 12px;
    padding: 10px 16px;
    font-weight: 800;
    font-size: 1.15em;
    border: 3px solid var(--k-warn);
    color: var(--k-warn);
  }
  /* Why, for the pit (English, as the keypad's log says it): under an alert, in small type. */
  .banner .why {
    font-size: 0.7em;
    font-weight: 600;
    margin-top: 4px;
  }
  .banner.last {
    border-color: var(--k-accent);
    background: var(--k-accent);
    color: var(--k-accent-ink);
  }
  /* The outcome pad's line (what to do now), and a differing burn count (rule 12.7): large, where the eye falls. */
  .status.keying {
    font-size: 1.6em;
    text-align: center;
    padding: 12px 0;
    text-wrap: balance;
  }
  @media (orientation: portrait) {
    .status.keying {
      font-size: 1.8em;
    }
    .reach.fill {
      flex: 1;
    }
  }
  .stepper .differs {
    color: var(--k-warn);
  }
  .banner.differs {
    background: color-mix(in srgb, var(--k-warn) 18%, transparent);
    font-size: 1.3em;
  }
  .row {
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: 1fr;
    gap: var(--k-gap);
  }
  .grid2 {
    display: grid;
    grid-template-columns: repeat(2, 1fr);
    gap: var(--k-gap);
  }
  .more {
    display: grid;
    grid-template-columns: repeat(3, 1fr);
    gap: var(--k-gap);
  }
  .more.four {
    grid-template-columns: repeat(4, 1fr);
  }
  .decks {
    display: grid;
    gap: 4px;
  }
  .decks .label {
    color: var(--k-muted);
    font-weight: 700;
  }
  .decks button[aria-pressed='true'] {
    background: var(--k-accent);
    border-color: var(--k-accent);
    color: var(--k-accent-ink);
  }
  .result {
    font-size: 1.6em;
    font-weight: 900;
    text-align: center;
    padding: 4px;
  }
  .undo {
    border-color: var(--k-warn);
    color: var(--k-warn);
  }
  .burn {
    display: grid;
    gap: 12px;
  }
  .stepper {
    display: grid;
    grid-template-columns: auto 1fr auto;
    gap: 12px;
    align-items: center;
    font-size: 1.4em;
    font-weight: 800;
    text-align: center;
  }
  .last-result {
    border: 3px solid var(--side);
    border-radius: 14px;
    padding: 12px 18px;
    background: color-mix(in srgb, var(--side) 14%, var(--k-panel));
    display: grid;
    gap: 4px;
    font-weight: 700;
  }
  /* A round voided without a result, or a hand without wagers: no winner's colour, and dashed, as void hands are in
     the strip. */
  .last-result.void-round,
  .last-result.no-wagers {
    --side: var(--k-line-strong);
    border-style: dashed;
  }
  .last-wins {
    font-size: 2em;
    font-weight: 900;
  }
  .last-cards {
    display: flex;
    gap: 24px;
    font-size: 1.2em;
  }
  .card-face {
    width: 120px;
    height: 160px;
    border-radius: 12px;
    background: var(--k-card);
    color: var(--k-card-ink);
    display: grid;
    place-items: center;
    font-size: 2.6em;
    font-weight: 900;
    justify-self: center;
  }
  .card-face.red {
    color: var(--k-card-red);
  }
  @media (max-width: 820px) {
    .grid2.actions {
      grid-template-columns: 1fr;
    }
    /* Full width, on a row of its own: tall enough at 1.2 targets. */
    .grid2.actions .big {
      min-height: calc(var(--k-target) * 1.2);
    }
    .more.four {
      grid-template-columns: repeat(2, 1fr);
    }
  }
`;
