/**
 * The lines of an element's text that show whole within its content box, and those cut through by its foot, from the
 * text's boxes (so no line height is assumed: Latin and CJK lines differ at a 'normal' one). With a line height set
 * (the pit message's 1.12 em), a line's box is that tall, shorter than its glyphs' boxes (Noto Sans's are 1.36 em):
 * each glyph box is taken in to its line's, as the browser centres it there. For a clamped message: it must show
 * exactly the lines it was cut to, the ellipsis on the last, none cut through.
 *
 * ```ts
 * expect(linesShown(message)).toEqual({ whole: 4, partial: 0 });   // in a browser test
 * expect(charsShown(message)).toBe(text.replace(/\s/g, '').length);  // shown whole, to its last character
 * await page.evaluate(LINES_SHOWN_SCRIPT);                           // in a Playwright page: window.__linesShown
 * ```
 */
export function linesShown(el: HTMLElement): { whole: number; partial: number } {
  const style = getComputedStyle(el);
  const foot =
    el.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
  const line = parseFloat(style.lineHeight); // NaN for 'normal': the glyph boxes are the lines'
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines: { top: number; bottom: number }[] = [];
  for (const r of [...range.getClientRects()].filter((r) => r.height > 0).sort((a, b) => a.top - b.top)) {
    const inset = Number.isNaN(line) ? 0 : (r.height - line) / 2;
    const box = { top: r.top + inset, bottom: r.bottom - inset };
    const last = lines.at(-1);
    if (last && box.top < last.bottom - 2) {
      last.top = Math.min(last.top, box.top);
      last.bottom = Math.max(last.bottom, box.bottom);
    } else lines.push(box);
  }
  return {
    whole: lines.filter((l) => l.bottom <= foot + 1).length,
    partial: lines.filter((l) => l.top < foot - 1 && l.bottom > foot + 1).length,
  };
}

/**
 * How many of an element's visible characters (not its spaces) show within its content box: each one's line box (as
 * {@link linesShown} takes it) ends above its foot. For a message cut with an ellipsis, those on its last line count
 * (the ellipsis stands for a few of them).
 */
export function charsShown(el: HTMLElement): number {
  const style = getComputedStyle(el);
  const foot =
    el.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
  const line = parseFloat(style.lineHeight);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let shown = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      if (/\s/.test(text[i]!)) continue;
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getBoundingClientRect();
      const inset = Number.isNaN(line) ? 0 : (r.height - line) / 2;
      if (r.height > 0 && r.bottom - inset <= foot + 1) shown++;
    }
  }
  return shown;
}

/**
 * {@link linesShown} and {@link charsShown} as a page script (`window.__linesShown`, `window.__charsShown`), for a
 * Playwright page, where no module is imported.
 */
export const LINES_SHOWN_SCRIPT = `window.__linesShown = ${linesShown.toString()}; window.__charsShown = ${charsShown.toString()};`;
