/**
 * A pit message of one word (no space: an address, a name) a little longer than its line broke where the line
 * ended, a letter or two left alone on the next ("https://casino.example/promotion" over "s"). FitController sets
 * such a word whole on its line, a little smaller (`--word-scale`; its CSS never goes below the patrons' floor,
 * `--kiosk-text-min`), and where even the floor is too large, breaks it into lines of even length: its text is
 * narrowed by room kept at its end (`--word-room`), its box (and the column's hairline over it) as wide as before.
 *
 * ```ts
 * fitWord(message); // after the message is placed, before what fits around it is measured
 * ```
 * @packageDocumentation
 */

/** The width of `el`'s text on one line: its lines' widths added up (a word has no spaces to lose at a break). */
function textWidth(el: HTMLElement): number {
  const range = document.createRange();
  range.selectNodeContents(el);
  return [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0);
}

/** Sets a one-word message whole on its line, or evenly broken (see above); a message of words as it is. */
export function fitWord(message: HTMLElement | null): void {
  if (!message) return;
  message.style.removeProperty('--word-scale');
  message.style.removeProperty('--word-room');
  const text = message.textContent?.trim() ?? '';
  if (text === '' || /\s/.test(text)) return; // words wrap between them
  const style = getComputedStyle(message);
  const line = message.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const whole = textWidth(message);
  if (line <= 0 || whole <= line + 0.5) return;
  message.style.setProperty('--word-scale', String(Math.floor((line / whole) * 1000) / 1000));
  const shrunk = textWidth(message);
  if (shrunk <= line + 0.5) return;
  // At the floor and still too long: as many lines as it takes, each as long as the others (and half a letter more,
  // as a break falls between letters).
  const lines = Math.ceil(shrunk / line);
  const slack = parseFloat(getComputedStyle(message).fontSize) * 0.6;
  message.style.setProperty('--word-room', `${Math.max(0, line - shrunk / lines - slack)}px`);
}
