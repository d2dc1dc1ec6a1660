import { css } from 'lit';

/**
 * A staff overlay over the whole board (identify, about): it takes no pointer and moves nothing under it, shows only
 * while `open`, and centres its `.box` on a dimming `.veil`. Each sets its stacking order and how dark the veil is.
 *
 * ```ts
 * static styles = [sharedStyles, overlayStyles, css`:host { --overlay-z: 20; --overlay-veil: rgb(0 0 0 / 0.72); }`];
 * ```
 */
export const overlayStyles = css`
  :host {
    position: absolute;
    inset: 0;
    pointer-events: none;
    z-index: var(--overlay-z, 20);
  }
  :host(:not([open])) {
    display: none;
  }
  .veil {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    background: var(--overlay-veil, rgb(0 0 0 / 0.6));
  }
`;
