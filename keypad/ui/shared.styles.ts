import { css } from 'lit';

/**
 * Buttons, chips and focus rings of every keypad component (tokens from keypad.css). Every target is at least
 * `--k-target` (60 px: 10 mm on a 10.1" 1280×800 tablet, 149 px to the inch), with room between targets.
 */
export const sharedStyles = css`
  :host {
    font: inherit;
    color: var(--k-ink);
  }
  * {
    box-sizing: border-box;
  }
  h2,
  h3,
  p {
    margin: 0;
  }
  button {
    font: inherit;
    font-weight: 700;
    min-height: var(--k-target);
    min-width: var(--k-target);
    padding: 0 0.8em;
    border-radius: 10px;
    border: 2px solid var(--k-line-strong);
    background: var(--k-panel-raised);
    color: var(--k-ink);
    cursor: pointer;
    touch-action: manipulation;
    -webkit-tap-highlight-color: transparent;
  }
  button:active:not(:disabled) {
    transform: translateY(1px);
    filter: brightness(1.15);
  }
  button.primary {
    background: var(--k-accent);
    border-color: var(--k-accent);
    color: var(--k-accent-ink);
  }
  button.danger {
    border-color: var(--k-danger);
    color: var(--k-danger);
  }
  button.big {
    min-height: calc(var(--k-target) * 1.5);
    font-size: 1.3em;
  }
  button:disabled {
    opacity: 0.35;
    cursor: default;
  }
  button[aria-pressed='true'] {
    outline: 4px solid var(--k-ink);
    outline-offset: -6px;
  }
  :focus-visible {
    outline: 4px solid var(--k-focus);
    outline-offset: 2px;
  }
  .banker {
    --side: var(--k-banker);
  }
  .player {
    --side: var(--k-player);
  }
  .tie {
    --side: var(--k-tie);
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
    border-radius: 999px;
    padding: 0.15em 0.7em;
    font-weight: 700;
    font-size: 0.85em;
    border: 2px solid currentColor;
    white-space: nowrap;
  }
  .muted {
    color: var(--k-muted);
  }
  /* Text in another language than the page's (the language button's next language) in that language's fonts. */
  [lang='zh-Hant'] {
    font-family: var(--k-font-hant);
  }
  [lang='zh-Hans'],
  [lang='en'] {
    font-family: var(--k-font-hans);
  }
  .red {
    color: var(--k-suit-red);
  }
`;
