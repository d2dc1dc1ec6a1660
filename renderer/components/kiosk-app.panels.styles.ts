import { css } from 'lit';

/**
 * The board's panels around the roads: the sign column (pays, limits, the pit's message at its foot), the last hand
 * and the statistics. Each is sized by the board's grid or its column, never by what it holds, and clips what runs
 * past it (FitController tightens what must fit).
 */
export const panelStyles = css`
  .main > .panel.signs,
  .column > .panel:not(.road) {
    contain: layout paint;
    background: var(--kiosk-panel);
    border: 1px solid var(--kiosk-gold-hairline);
    border-radius: var(--kiosk-radius);
    padding: calc(var(--kiosk-gap) * 0.5) var(--kiosk-gap);
    display: flex;
    flex-direction: column;
    gap: calc(var(--kiosk-gap) * 0.3);
    overflow: hidden;
  }
  .column > .panel:not(.road) {
    flex: 1 1 0;
  }
  /* Sized by their column, never by what they hold, the last hand and the statistics (new at every hand) are laid
     out on their own: contained, and in a block (a flex item never is), a hand relayouts them, not the whole board. */
  .column > .panel:is(.last-hand, .stats) {
    display: block;
  }
  .column > .panel > :is(kiosk-last-hand, kiosk-stats) {
    height: 100%;
    contain: size layout;
  }
  /* The room a 4K board's shorter big road leaves (--kiosk-spare, kiosk-app.styles.ts) is theirs: the last hand's
     cards grow by 0.4 of it (its two sides share the room) and its sides fill the panel (100% where there is a
     spare: min() of a thousand times 0 is 0), and a landscape board's statistics (the portrait ones are as tall as
     their lines) space their four lines by a third of it, and what is left evenly around them. */
  .panel.last-hand {
    --kiosk-last-hand-spare: calc(var(--kiosk-spare, 0px) * 0.4);
    --kiosk-last-hand-fill: min(100%, var(--kiosk-spare, 0px) * 1000);
  }
  .board:not([data-layout='portrait']) .panel.stats {
    --kiosk-stats-spread: calc(var(--kiosk-spare, 0px) / 3);
    --kiosk-stats-fill: min(100%, var(--kiosk-spare, 0px) * 1000);
  }
  .main > .panel.stats,
  .main > .panel.last-hand {
    contain: layout paint;
    background: var(--kiosk-panel);
    border: 1px solid var(--kiosk-gold-hairline);
    border-radius: var(--kiosk-radius);
    padding: calc(var(--kiosk-gap) * 0.6) var(--kiosk-gap);
  }
  /* A shoe that is over: its record over the statistics, which keep their room hidden (nothing moves). */
  .panel.stats.record {
    position: relative;
  }
  .panel.stats.record > :not(shoe-record) {
    visibility: hidden;
  }
  .panel.stats.record > shoe-record {
    position: absolute;
    inset: calc(var(--kiosk-gap) * 0.6) var(--kiosk-gap);
  }
  .main > .panel.signs {
    grid-area: signs;
  }
  /* Cut to the lines the column has left (FitController), with an ellipsis. Never shrunk by the column: hidden
     overflow would let it shrink below its lines, so the column never overflowed, the fit took the first number of
     lines it tried, and patrons read a message cut off mid-line with its ellipsis lines below, out of sight. */
  .panel.signs > .message.clamped {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: var(--lines, 1);
    overflow: hidden;
    flex-shrink: 0;
  }
  .panel.signs > .message {
    margin: 0;
    padding-top: calc(var(--kiosk-gap) * 0.5);
    border-top: 1px solid var(--kiosk-hairline);
  }
  .panel.signs > kiosk-staff {
    padding-top: calc(var(--kiosk-gap) * 0.5);
    border-top: 1px solid var(--kiosk-hairline);
  }
  /* What staff should know has the room the column leaves below the pays (and the message), in whole lines of its
     own (kiosk-staff fill): it was cut to two with the column half empty below. Two when the column is full; its box
     is sized by the column, never by what it says, so that the fit's measure of the message holds. With the limits
     at the column's foot (brief headline limits) it keeps its two lines, so that the limits stay at the foot. */
  .panel.signs > kiosk-staff[fill] {
    flex: 1 1 0;
    min-height: calc(2 * 1.2em + 0.1em + var(--kiosk-gap) * 0.5 + 1px);
    overflow: hidden;
  }
  .panel.signs:has(> kiosk-limits.details) > kiosk-staff[fill] {
    flex: none;
    min-height: 0;
  }
  .panel.signs > kiosk-staff::part(staff) {
    padding-left: 0;
    border-left: none;
  }
  /* An ended shoe's record at the column's foot, where it has room (RecordPlaceController); its statistics stay. */
  .panel.signs > shoe-record {
    flex: none;
    margin-top: auto;
    padding-top: calc(var(--kiosk-gap) * 0.5);
    border-top: 1px solid var(--kiosk-hairline);
  }
  kiosk-limits.details {
    margin-top: auto;
    padding-top: calc(var(--kiosk-gap) * 0.3);
    border-top: 1px solid var(--kiosk-hairline);
  }
`;
