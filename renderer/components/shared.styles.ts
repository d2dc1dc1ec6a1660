/**
 * Styles shared by the board's components: bilingual text (English over Chinese), panel titles, numerals.
 * Sizes are in container units (`cqmin` of the board), so a 4K screen is a crisp scale-up of a 1080p one.
 */
import { css, unsafeCSS } from 'lit';

/**
 * The ask blink's keyframes under `name`. The board needs them under two names (the blink restarts when a mark's
 * animation name changes): one definition, named twice.
 */
const askBlink = (name: 'kiosk-ask-blink' | 'kiosk-ask-blink-b') =>
  unsafeCSS(`@keyframes ${name} { 0% { opacity: 1; } 50% { opacity: 0.15; } 100% { opacity: 0; } }`);

export const sharedStyles = css`
  :host {
    box-sizing: border-box;
    color: var(--kiosk-ink);
    font-family: var(--kiosk-font);
  }
  /* border-box itself, not inherit, and no ::before/::after (the board has none): an inherited value, or a rule for
     pseudo-elements, on every element kept Chromium from reusing styles across the roads' hundreds of marks; a hand
     restyled ~0.7 ms slower with each. */
  * {
    box-sizing: border-box;
  }
  /* Bilingual text: English, then the Chinese in the same line (or stacked, inside .stack). */
  .bi {
    display: inline-flex;
    flex-direction: row;
    flex-wrap: wrap;
    align-items: baseline;
    column-gap: 0.45em;
    line-height: 1.15;
  }
  .bi > .zh {
    font-size: max(0.9em, var(--kiosk-text-min));
    color: var(--kiosk-ink-muted);
    font-weight: inherit;
  }
  .stack .bi {
    flex-direction: column;
    align-items: inherit;
    row-gap: 0.08em;
  }
  .num {
    font-variant-numeric: tabular-nums lining-nums;
  }
  .title {
    margin: 0;
    font-size: var(--kiosk-text-title);
    font-weight: 700;
    letter-spacing: 0.02em;
    color: var(--kiosk-gold);
    line-height: 1.1;
  }
  .title .bi > .zh {
    color: var(--kiosk-gold-muted);
  }
`;

/** The colours of the road marks, from the theme's custom properties (assets/tokens.css). */
export const markStyles = css`
  .bead.banker,
  .circle.banker.ask,
  .swatch.banker {
    fill: var(--kiosk-banker);
  }
  .bead.player,
  .swatch.player {
    fill: var(--kiosk-player);
  }
  .bead.tie,
  .swatch.tie {
    fill: var(--kiosk-tie);
  }
  .bead-label {
    fill: var(--kiosk-bead-ink);
    font-weight: 700;
    text-anchor: middle;
    dominant-baseline: central;
  }
  .circle {
    fill: none;
  }
  .circle.banker {
    stroke: var(--kiosk-banker);
  }
  .circle.player {
    stroke: var(--kiosk-player);
  }
  .circle.ask.banker {
    fill: none;
  }
  .circle-label {
    font-weight: 700;
    text-anchor: middle;
    dominant-baseline: central;
  }
  .circle-label.banker {
    fill: var(--kiosk-bead-ink);
  }
  .circle-label.player {
    fill: var(--kiosk-player);
  }
  .tie-slash {
    stroke: var(--kiosk-tie);
    stroke-linecap: round;
    fill: none;
  }
  .tie-count {
    fill: var(--kiosk-tie-count);
    font-weight: 800;
    text-anchor: middle;
    dominant-baseline: central;
    paint-order: stroke;
    stroke: var(--kiosk-road-bg);
    stroke-width: 0.18em;
  }
  .pair {
    stroke: var(--kiosk-road-bg); /* its width is the mark's (a twentieth of a cell) */
  }
  .pair.banker-pair {
    fill: var(--kiosk-banker);
  }
  .pair.player-pair {
    fill: var(--kiosk-player);
  }
  .natural {
    fill: var(--kiosk-gold);
    stroke: var(--kiosk-natural-edge);
    stroke-width: 0.8;
  }
  .ring {
    fill: none;
  }
  .ring.red,
  .slash.red {
    stroke: var(--kiosk-red);
  }
  .ring.blue,
  .slash.blue {
    stroke: var(--kiosk-blue);
  }
  .slash {
    stroke-linecap: round;
  }
  .dot.red {
    fill: var(--kiosk-red);
  }
  .dot.blue {
    fill: var(--kiosk-blue);
  }
  /* Colour-blind theme: shape carries the meaning too. Banker solid, player hollow; red solid, blue broken. */
  :host([theme='colour-blind']) .circle.banker:not(.ask) {
    fill: var(--kiosk-banker);
  }
  :host([theme='colour-blind']) .ring.blue,
  :host([theme='colour-blind']) .slash.blue {
    stroke-dasharray: 8 4.5; /* of pathLength 100: a dashed ring, a broken slash */
    stroke-linecap: butt;
  }
  /* Hollow and broken, as every blue mark is here: hollow alone, with a solid outline, it was the big eye boy's red
     ring (found by a patron). Red solid, blue broken, in every derived road. */
  :host([theme='colour-blind']) .dot.blue {
    fill: var(--kiosk-road-bg);
    stroke: var(--kiosk-blue);
    stroke-width: 2;
    stroke-dasharray: 8 4.5;
    stroke-linecap: butt;
  }
  /* A new result fades in over about a second; nothing runs afterwards. Opacity alone: a scaling glow cost the
     frame that shows the result a seventh of its work (an SVG mark's transform is laid out anew on every frame). */
  .fresh {
    opacity: 0.15; /* the fade's first frame, in the frame that shows the result; it runs from the next (road-view.ts) */
  }
  .fresh.fresh-in {
    opacity: 1;
    animation: kiosk-fresh var(--kiosk-fresh-duration, 1.1s) ease-out 1;
  }
  @keyframes kiosk-fresh {
    0% {
      opacity: 0.15;
    }
    25% {
      opacity: 0.5;
    }
    100% {
      opacity: 1;
    }
  }
  /* Ask roads: the would-be marks blink in place, Banker's then Player's, a few times after each result. The marks
     stay from hand to hand; the animation's name alternates with each hand (ask-a / ask-b), which restarts it. */
  .ask {
    opacity: 0;
    animation: kiosk-ask-blink 0.8s steps(1, end) var(--kiosk-ask-repeats, 4);
  }
  /* A would-be mark reads as a preview, even in a still picture: its cell framed with a dashed line on a gold tint,
     the mark itself smaller than a result's. */
  .ask-frame {
    fill: var(--kiosk-ask-tint);
    stroke: var(--kiosk-road-ink);
    stroke-dasharray: 7 5.5; /* of pathLength 100 */
  }
  .ask:not(.ask-frame) {
    transform: scale(0.72);
    transform-box: fill-box;
    transform-origin: center;
  }
  .ask.ask-b {
    animation-name: kiosk-ask-blink-b;
  }
  .ask.ask-player {
    animation-delay: calc(0.8s * var(--kiosk-ask-repeats, 4) + 0.4s);
  }
  ${askBlink('kiosk-ask-blink')}
  ${askBlink('kiosk-ask-blink-b')}
  :host([ask-blink-off]) .ask {
    display: none;
  }
  /* Hidden, not removed: a blink under way runs on unseen and is not restarted when the marks are shown again. */
  :host([ask-hidden]) .ask {
    visibility: hidden;
  }
  @media (prefers-reduced-motion: reduce) {
    .fresh,
    .fresh.fresh-in {
      opacity: 1;
      animation: none;
    }
    .ask {
      display: none;
    }
  }
`;
