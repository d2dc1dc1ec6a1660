import { css } from 'lit';

/**
 * The notices: side by side in the notice band (the footer's room, whose height never changes), each its icon, its
 * headline and what it says in full; or, with `cover`, the table-closed veil over the whole board.
 */
export const noticeStyles = css`
  :host {
    display: block;
    font-size: var(--kiosk-text);
  }
  :host(:not([cover])) {
    height: 100%;
  }
  :host(:not([cover])) .notices {
    height: 100%;
  }
  .notices {
    display: flex;
    gap: 0.5em;
  }
  .notice {
    --accent: var(--kiosk-notice-info);
    flex: 1 1 0;
    display: flex;
    align-items: center;
    gap: 0.6em;
    padding: 0 0.6em;
    min-width: 0;
    border-radius: 0.55em;
    background: linear-gradient(
      90deg,
      color-mix(in srgb, var(--accent) 30%, var(--kiosk-bg)) 0%,
      var(--kiosk-panel-solid) 75%
    );
    border: 0.09em solid var(--accent);
    box-shadow: 0 0.4em 1.4em -0.6em color-mix(in srgb, var(--accent) 70%, transparent);
  }
  .notice[data-kind='lastCoup'] {
    --accent: var(--kiosk-notice-last);
  }
  .notice[data-kind='noBetsThisHand'],
  .notice[data-kind='noBetCoup'],
  .notice[data-kind='roundVoid'] {
    --accent: var(--kiosk-notice-void);
  }
  .notice[data-kind='corrected'] {
    --accent: var(--kiosk-notice-corrected);
  }
  .notice[data-kind='shoeEnd'] {
    --accent: var(--kiosk-notice-last);
  }
  .icon-wrap {
    flex: none;
    display: grid;
    place-items: center;
    width: 1.8em;
    height: 1.8em;
    border-radius: 50%;
    background: var(--accent);
    color: var(--kiosk-notice-icon-ink);
  }
  .icon {
    width: 1.3em;
    height: 1.3em;
  }
  /* Never past the band: what even a brief notice cannot fit (notice-board.ts, fit()) is cut at its edge. */
  .text {
    display: flex;
    flex-direction: column;
    gap: 0.05em;
    min-width: 0;
    flex: 1;
    max-height: 100%;
    overflow: clip;
    overflow-clip-margin: 0.15em; /* fit()'s leeway: a line's leading past the band, never its glyphs */
  }
  .headline {
    font-size: var(--kiosk-text-notice);
    font-weight: 800;
    letter-spacing: 0.03em;
    text-transform: uppercase;
    line-height: 1.05;
  }
  .headline .bi {
    flex-direction: row;
    align-items: baseline;
    flex-wrap: wrap;
    gap: 0.1em 0.7em;
  }
  .headline .bi > .zh {
    font-size: 0.95em;
    color: var(--kiosk-ink);
    letter-spacing: 0.08em;
  }
  /* Chinese breaks between its words and phrases (spaces, "·", punctuation), never inside one ("路单重 | 新开始"):
     keep-all; a run longer than its line still breaks where it must (overflow-wrap) rather than run out of the band. */
  .detail {
    font-size: var(--kiosk-text-small);
    line-height: 1.05;
    color: var(--kiosk-ink);
    text-wrap: pretty;
    word-break: keep-all;
    overflow-wrap: anywhere;
  }
  /* English and Chinese run on (as the footer's disclaimer does): the band has three lines for a notice. */
  :host(:not([cover])) .detail .bi,
  :host(:not([cover])) .detail .bi > * {
    display: inline;
  }
  .detail .bi {
    flex-direction: row;
    flex-wrap: wrap;
    gap: 0.1em 0.8em;
  }
  .detail .bi > .zh {
    font-size: 1em;
  }
  /* Run on: a widened space between the languages, gone where the Chinese starts a line (a margin indented it). */
  :host(:not([cover])) .notice:not([stacked]) .detail .bi > .zh::before {
    content: ' ';
    word-spacing: 0.25em;
  }
  /* Each language on its own line where the notice has the height (notice-board.ts, stack()). */
  :host(:not([cover])) .notice[stacked] .detail .bi > .zh {
    display: block;
  }
  /* The burn's two halves break only between them (notice-board.ts, burnt()): keep-all, as every detail. */
  .burn-card .card {
    display: block;
    height: 2.9em;
    aspect-ratio: 250 / 350;
  }
  /* The table-closed veil: over the whole board, which stays visible (dimmed) underneath. */
  :host([cover]) {
    position: absolute;
    inset: 0;
    pointer-events: none;
  }
  :host([cover]) .notices {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    align-content: center;
    gap: 1.2em;
    background: var(--kiosk-closed-veil);
  }
  /* The ended shoe's record on the veil, at full contrast: a patron or surveillance scans its QR code, reads its
     digest (the board's copy is dimmed under the veil). */
  :host([cover]) shoe-record {
    background: var(--kiosk-panel-solid);
    border: 1px solid var(--kiosk-gold-hairline);
    border-radius: var(--kiosk-radius);
    padding: calc(var(--kiosk-gap) * 0.6) var(--kiosk-gap);
    font-size: 1.25em;
  }
  :host([cover]) .notice {
    --accent: var(--kiosk-notice-closed);
    flex-direction: column;
    text-align: center;
    padding: 1.4em 3em;
    gap: 0.6em;
    font-size: 1.6em;
    background: var(--kiosk-panel-solid);
    box-shadow: 0 1em 4em rgb(0 0 0 / 0.6);
  }
  :host([cover]) .headline .bi {
    flex-direction: column;
    align-items: center;
  }
  :host([cover]) .detail .bi {
    flex-direction: column;
    align-items: center;
  }
`;
