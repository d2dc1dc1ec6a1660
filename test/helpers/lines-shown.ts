/**
 * The lines of an element's text that show whole within its content box, and those cut through by its foot, from the
 * text's line boxes (so no line height is assumed: Latin and CJK lines differ). For a clamped message: it must show
 * exactly the lines it was cut to, the ellipsis on the last, none cut through.
 *
 * ```ts
 * expect(linesShown(message)).toEqual({ whole: 4, partial: 0 });   // in a browser test
 * await page.evaluate(LINES_SHOWN_SCRIPT);                           // in a Playwright page: window.__linesShown
 * ```
 */
export function linesShown(el: HTMLElement): { whole: number; partial: number } {
  const style = getComputedStyle(el);
  const foot =
    el.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines: { top: number; bottom: number }[] = [];
  for (const r of [...range.getClientRects()].filter((r) => r.height > 0).sort((a, b) => a.top - b.top)) {
    const last = lines.at(-1);
    if (last && r.top < last.bottom - 2) last.bottom = Math.max(last.bottom, r.bottom);
    else lines.push({ top: r.top, bottom: r.bottom });
  }
  return {
    whole: lines.filter((l) => l.bottom <= foot + 1).length,
    partial: lines.filter((l) => l.top < foot - 1 && l.bottom > foot + 1).length,
  };
}

/** {@link linesShown} as a page script (`window.__linesShown`), for a Playwright page, where no module is imported. */
export const LINES_SHOWN_SCRIPT = `window.__linesShown = ${linesShown.toString()};`;
