import { css } from 'lit';

/**
 * `<keypad-between>`: the screen is the page's height, never more. What the dealer taps (`.reach`) is always wholly on
 * it; what is said above it gives way (scrolls within itself) where a tablet is short of room: at 1280×800, the last
 * coup announced, the last result and the undo on offer pushed "End shoe" and "Close table" under the hands' strip.
 */
export const betweenStyles = css`
  :host {
    min-height: 0;
  }
  .said {
    display: flex;
    flex-direction: column;
    gap: 14px;
    flex: 0 1 auto;
    min-height: 0;
    overflow-y: auto;
  }
  .reach {
    flex: none;
  }
`;
