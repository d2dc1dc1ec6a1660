import { css } from 'lit';

/**
 * The last hand's badges (won, a pair and its kind, a natural, a void round's verdict): after `lastHandStyles`, whose
 * layout they sit in.
 */
export const lastHandBadgeStyles = css`
  /* A side's badges, close-set: a bilingual pair and natural fit beside two cards. */
  .side .badges {
    gap: 0.25em;
  }
  .side .badge {
    padding: 0 0.3em;
  }
  .side .badge .bi,
  .side .verdict .bi {
    column-gap: 0.25em;
  }
  .side.badges-under {
    grid-template-rows: 1fr auto 1fr auto;
    grid-template-areas: '. cards' 'head cards' '. cards' 'badges badges';
  }
  .side.badges-under .badges {
    margin-top: 0.1em;
  }
  .side .side-head > .verdict {
    align-self: center;
  }
  .side .side-head > .points {
    margin-left: auto;
  }
  .side.won {
    border-color: var(--kiosk-gold);
    box-shadow: 0 0 1.2em -0.2em var(--kiosk-gold-glow);
  }
  .side.tied {
    border-color: var(--kiosk-tie);
  }
  .side-head {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.4em;
  }
  .name {
    font-weight: 700;
    white-space: nowrap;
  }
  .name .bi {
    flex-wrap: nowrap;
  }
  .player .name {
    color: var(--kiosk-player-ink);
  }
  .banker .name {
    color: var(--kiosk-banker-ink);
  }
  .points {
    font-size: 1.6em;
    font-weight: 800;
    line-height: 1;
  }
  .won .points {
    color: var(--kiosk-gold);
  }
  .cards {
    display: flex;
    align-items: center;
    gap: calc(var(--card-h) * 0.06);
    min-height: var(--card-h);
  }
  .card {
    display: inline-block;
    height: var(--card-h);
    aspect-ratio: 250 / 350;
  }
  .card.sideways {
    aspect-ratio: 350 / 250;
    height: calc(var(--card-h) * 250 / 350);
    margin-left: calc(var(--card-h) * 0.04);
  }
  .badges {
    display: flex;
    gap: 0.35em;
    flex-wrap: wrap;
    align-items: center;
  }
  .badge {
    font-size: var(--kiosk-text-small);
    line-height: 1.05;
    padding: 0 0.5em;
    border-radius: 0.3em;
    border: 1px solid var(--kiosk-gold-muted);
    color: var(--kiosk-gold);
  }
  /* A pair's kind (Perfect Pairs offered): the side's pair dot, as the roads draw it, before the pay table's word. */
  .badge.pair {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
  }
  .pair-dot {
    width: 0.5em;
    height: 0.5em;
    border-radius: 50%;
  }
  .pair-dot.banker {
    background: var(--kiosk-banker-ink);
  }
  .pair-dot.player {
    background: var(--kiosk-player-ink);
  }
  .badge.void-hand {
    border-color: var(--kiosk-notice-void);
    color: var(--kiosk-ink);
    background: var(--kiosk-notice-void);
  }
  .badge .bi,
  .verdict .bi {
    flex-wrap: nowrap;
  }
  .muted {
    color: var(--kiosk-ink-muted);
  }
`;
