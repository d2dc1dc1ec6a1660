/**
 * What the floor should look at, as the board list, the table cards and the casino panel show it: one calm line
 * each (amber, never red: the boards carry on), a short tag to scan by, the words from the console's Node side (a
 * board's times in them as the page shows times: `since 00:59:54`, not `since 2026-11-28T00:59:54Z`), and for how
 * long where it is known ("for 4 min").
 *
 * ```ts
 * html`${attentionList(board.attention, now)}`;
 * ```
 * @packageDocumentation
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Attention, AttentionCode } from '../fleet-attention';
import { lasting, withClockTimes } from './format';

const TAGS: Readonly<Record<AttentionCode, string>> = {
  'out-of-step': 'Out of step',
  'board-silent': 'Silent',
  'signage-ahead': 'Sign',
  'signage-behind': 'Sign',
  'casino-ahead': 'Casino sign',
  'casino-behind': 'Casino sign',
  'perfect-pairs-scale-missing': 'Perfect Pairs',
  'signage-ignored': 'Sign ignored',
  'casino-signage-ignored': 'Casino sign ignored',
  'results-unverified': 'Unverified results',
  'pit-message-cut': 'Pit message cut',
  'streaks-hidden': 'Streaks hidden',
  'display-id-in-use': 'Display id',
  'forged-results': 'Forged results',
  'no-screen': 'No screen',
  'controller-offline': 'Controller',
  'table-open-unsure': 'Open or closed',
  'table-unheard': 'Table unheard',
  'build-unapproved': 'Software',
  'build-unreported': 'Software',
  'clock-off': 'Clock',
  'closed-but-dealing': 'Open or closed',
  'closed-at-table': 'Open or closed',
};

/**
 * Each item's key: what it is and which board it is about (counted, should a board say the same thing twice). An
 * item is re-used for the same thing only, so that a button on it (Republish sign…) stays on its line, focus and
 * all, when another board's line arrives above it.
 */
function itemKeys(items: readonly Attention[]): string[] {
  const seen = new Map<string, number>();
  return items.map((a) => {
    const key = `${a.code} ${a.displayId ?? ''}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? key : `${key} ${n}`;
  });
}

/**
 * The list; `action` adds a button to an item (e.g. "Republish sign…" next to a board ahead of its sign). `compact`
 * (a table card): the tag runs into the text and a button goes under it, instead of three columns.
 */
export function attentionList(
  items: readonly Attention[],
  now: number,
  { action, compact = false }: { action?: (a: Attention) => unknown; compact?: boolean } = {},
): TemplateResult | typeof nothing {
  if (items.length === 0) return nothing;
  const keys = itemKeys(items);
  return html`<ul class="attention ${compact ? 'compact' : ''}" role="list">
    ${repeat(
      items,
      (_, i) => keys[i],
      (a) =>
        html`<li data-code=${a.code} data-board=${a.displayId ?? nothing}>
          <span class="tag">${TAGS[a.code]}</span>
          <span class="text"
            >${withClockTimes(a.text, now)}${
              a.since ? html` <span class="muted" title=${a.since}>· ${lasting(a.since, now)}</span>` : nothing
            }</span
          >
          ${action ? action(a) : nothing}
        </li>`,
    )}
  </ul>`;
}

/** Its styles, for the components that show it. */
export const attentionStyles = css`
  ul.attention {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.3em;
  }
  ul.attention li {
    display: grid;
    grid-template-columns: 9.5em 1fr auto;
    align-items: baseline;
    gap: 0.6em;
    border-left: 3px solid var(--c-warn);
    background: var(--c-warn-bg);
    border-radius: 4px;
    padding: 0.3em 0.6em;
    white-space: normal;
  }
  ul.attention .tag {
    flex: none;
    font-size: 0.8em;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.03em;
    color: var(--c-warn);
  }
  ul.attention button {
    font-size: 0.9em;
    padding: 0.15em 0.7em;
  }
  ul.attention.compact li {
    display: block;
  }
  ul.attention.compact .tag {
    margin-right: 0.5em;
  }
  ul.attention.compact button {
    display: block;
    margin: 0.35em 0 0.1em auto;
  }
`;
