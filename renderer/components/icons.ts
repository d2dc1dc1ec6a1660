/**
 * Small inline SVG icons, drawn rather than typed: the suit and star glyphs are not in the bundled Latin
 * subset of Noto Sans, and a drawn shape is the same on every screen.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { Suit } from '../../baccarat/types';

/** Suit shapes in a 100×100 box. */
export const SUIT_PATH: { readonly [S in Suit]: string } = {
  D: 'M50 0L88 50L50 100L12 50Z',
  H: 'M50 94C22 72 0 54 0 30C0 13 12 2 27 2C38 2 46 9 50 18C54 9 62 2 73 2C88 2 100 13 100 30C100 54 78 72 50 94Z',
  S: 'M50 0C44 14 0 38 0 62C0 77 12 86 26 86C36 86 43 81 47 75C46 87 40 95 31 100H69C60 95 54 87 53 75C57 81 64 86 74 86C88 86 100 77 100 62C100 38 56 14 50 0Z',
  C: 'M50 4A22 22 0 1 0 50.01 4ZM26 40A22 22 0 1 0 26.01 40ZM74 40A22 22 0 1 0 74.01 40ZM46 55C46 78 40 92 30 100H70C60 92 54 78 54 55Z',
};

/** A five-pointed star in a 100×100 box. */
export const STAR_PATH = 'M50 3L61 37H97L68 58L79 93L50 72L21 93L32 58L3 37H39Z';

export const star = (cls = 'star'): SVGTemplateResult =>
  svg`<svg class=${cls} viewBox="0 0 100 100" aria-hidden="true"><path d=${STAR_PATH}></path></svg>`;

/** Notice icons, in a 48×48 box, stroked with currentColor. */
export const NOTICE_ICON = {
  flag: svg`<path d="M12 42V6M12 8h22l-4 7 4 7H12"/>`,
  unflag: svg`<path d="M12 42V6M12 8h22l-4 7 4 7H12"/><path d="M6 6l36 36"/>`,
  hand: svg`<path d="M24 6v36M6 24h36" transform="rotate(45 24 24)"/><circle cx="24" cy="24" r="18"/>`,
  pause: svg`<circle cx="24" cy="24" r="18"/><path d="M19 16v16M29 16v16"/>`,
  void: svg`<circle cx="24" cy="24" r="18"/><path d="M11 37L37 11"/>`,
  shuffle: svg`<path d="M6 14h8c10 0 12 20 22 20h6M6 34h8c4 0 7-3 9-7M27 21c2-4 5-7 9-7h6M37 9l5 5-5 5M37 29l5 5-5 5"/>`,
  shoe: svg`<path d="M6 34l8-20h24l4 20zM14 14l6-6h18"/><path d="M16 26h18"/>`,
  burn: svg`<path d="M24 4c2 8 12 12 12 24a12 12 0 0 1-24 0c0-6 3-9 5-12 1 5 3 7 5 7-2-6 0-13 2-19z"/>`,
  closed: svg`<rect x="10" y="21" width="28" height="21" rx="3"/><path d="M16 21v-6a8 8 0 0 1 16 0v6"/>`,
  corrected: svg`<path d="M8 26l10 10L40 12"/>`,
  end: svg`<rect x="8" y="8" width="32" height="32" rx="4"/><path d="M16 24h16"/>`,
  link: svg`<path d="M20 28l8-8M17 22l-5 5a6 6 0 0 0 9 9l5-5M31 26l5-5a6 6 0 0 0-9-9l-5 5"/><path d="M8 8l32 32"/>`,
} as const;

export type NoticeIconName = keyof typeof NOTICE_ICON;

export const noticeIcon = (name: NoticeIconName): SVGTemplateResult =>
  svg`<svg class="icon" viewBox="0 0 48 48" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round">${NOTICE_ICON[name]}</svg>`;
