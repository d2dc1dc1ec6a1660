/**
 * What FitController reads off the laid-out board: whether a panel overflows or its last part spills past its
 * padding, whether the statistics' lines wrap, whether the header's limits fit, a text's line, and whether (and how
 * much of) the pit's message is cut.
 * Pure reads of the DOM as laid out; the decisions (what to tighten, where the message goes) are fit-controller.ts's.
 *
 * ```ts
 * if (!headlineFits(headline)) headline.setAttribute('tight', '');
 * if (spills(panel) || wraps(stats)) stats.setAttribute('dense', '');
 * const cut = isCut(message) ? shownOf(message) : 1;
 * ```
 * @packageDocumentation
 */
import type { LitElement } from 'lit';

/** The panel's content runs past its box. */
export const overflows = (panel: HTMLElement) => panel.scrollHeight > panel.clientHeight + 1;
/**
 * The last hand or the statistics run past their panel's padding. Where the panel contains them (a landscape board's
 * columns: kiosk-app.styles.ts), what runs past the component is not the panel's overflow, so the component's own is
 * measured: what it holds beyond its box (it is the last thing in its panel, at the foot of its content) against
 * the panel's padding under it.
 */
export const spills = (panel: HTMLElement) => {
  if (overflows(panel)) return true;
  const part = panel.querySelector<HTMLElement>(':scope > :is(kiosk-stats, kiosk-last-hand)');
  return part !== null && part.scrollHeight - part.clientHeight > parseFloat(getComputedStyle(panel).paddingBottom) + 1;
};
/** The lines the elements matching `selector` in `root` are laid out on: one starts more than half an item lower. */
const linesOf = (root: ParentNode, selector: string) => {
  const boxes = [...root.querySelectorAll<HTMLElement>(selector)].map((e) => e.getBoundingClientRect());
  let lines = 0;
  let top = -Infinity;
  for (const b of boxes.sort((x, y) => x.top - y.top)) {
    if (b.top <= top + b.height / 2) continue;
    lines += 1;
    top = b.top;
  }
  return lines;
};
/**
 * The statistics' lines wrap: Banker, Player and Tie on more than one line, or the pairs, natural and streaks on more
 * than two. A panel with room to spare under them (a bilingual 4K board's, its big road shorter) does not spill, and
 * kept its wide gaps with Tie alone on a line of its own.
 */
export const wraps = (stats: HTMLElement) => {
  const root = stats.shadowRoot;
  return root !== null && (linesOf(root, '.rows > .row') > 1 || linesOf(root, '.extras .extra') > 2);
};
/** Resolves once every part has rendered. */
export const updated = (parts: readonly LitElement[]) => Promise.all(parts.map((p) => p.updateComplete));
/** A line of `el`'s text, in px ('normal' line height: about 1.4 in Noto). */
export const lineOf = (el: HTMLElement) => {
  const style = getComputedStyle(el);
  return parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
};
/** Cut: it holds more than half a line beyond its box (a line's glyphs reach a little below it anyway). */
export const isCut = (message: HTMLElement) =>
  message.scrollHeight > message.clientHeight + parseFloat(getComputedStyle(message).fontSize) / 2;
/** How much of a message shows: its height shown over its whole text's (its lines are all as tall: a share of it). */
export const shownOf = (message: HTMLElement) => {
  const style = getComputedStyle(message);
  const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  return Math.min(1, (message.clientHeight - pad) / Math.max(1, message.scrollHeight - pad));
};

/**
 * The header's limits fit it: each limit, its label and its amount whole, within the header's content box (its
 * height is fixed: a limit wrapped to a second line is cut at its foot); and the table's name whole where it shares
 * their row (a landscape header: patrons must know the table, "Imperial…" of "Imperial Jade Salon 8" will not do).
 */
export const headlineFits = (headline: HTMLElement): boolean => {
  const header = headline.closest<HTMLElement>('.header');
  if (!header) return true;
  const style = getComputedStyle(header);
  const box = header.getBoundingClientRect();
  const [left, right] = [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)];
  const name = header.querySelector<HTMLElement>('.table-name .name'); // cut within itself, with its ellipsis
  if (name && name.scrollWidth > name.clientWidth + 1) {
    const [n, h] = [name.getBoundingClientRect(), headline.getBoundingClientRect()];
    if (n.top < h.bottom && h.top < n.bottom) return false; // on the limits' row: they give it room
  }
  return [...(headline.shadowRoot?.querySelectorAll<HTMLElement>('.limit') ?? [])].every((limit) => {
    const r = limit.getBoundingClientRect();
    if (r.left < left - 0.5 || r.right > right + 0.5 || r.bottom > box.bottom + 0.5) return false;
    return [...limit.children].every((part) => part.scrollWidth <= part.clientWidth + 1);
  });
};
