import { css } from 'lit';

/** What staff should know: small, muted; every item clamped so that the footer or sign column never grows with it. */
export const staffStyles = css`
  :host {
    display: block;
    min-width: 0;
    font-size: var(--kiosk-text-staff);
    color: var(--kiosk-ink-muted);
  }
  .staff {
    display: flex;
    flex-direction: column;
    gap: 0.1em;
    padding-left: 1.2em;
    border-left: 1px solid var(--kiosk-hairline);
    line-height: 1.2;
  }
  .item {
    margin: 0;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 1;
    overflow: hidden;
    /* Chinese breaks between phrases, never inside a word ("与牌桌不同 | 步"); a run longer than its line still
       breaks where it must. */
    word-break: keep-all;
    overflow-wrap: anywhere;
  }
  .item.two {
    -webkit-line-clamp: 2;
  }
  .item.three {
    -webkit-line-clamp: 3;
  }
  .item.four {
    -webkit-line-clamp: 4;
  }
  .item.five {
    -webkit-line-clamp: 5;
  }
  .item.six {
    -webkit-line-clamp: 6;
  }
  .what {
    font-weight: 700;
  }
`;
