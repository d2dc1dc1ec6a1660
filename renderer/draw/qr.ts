/**
 * A QR code as one SVG path: what the board draws at a shoe's end so that a phone can open the shoe's published
 * record. Encoded by `uqr` at error-correction level M (15 % of the code may be lost to glare or a smudge and it
 * still reads), drawn dark on light with the four-module quiet zone the standard asks for, since the board itself
 * is dark and a phone's reader expects the opposite.
 *
 * ```ts
 * const { size, d } = qrPath('https://records.example/T12/S-2026-11-24-3');
 * svg`<svg viewBox="0 0 ${size} ${size}"><rect width=${size} height=${size} fill="#fff"/><path d=${d}/></svg>`;
 * ```
 * @packageDocumentation
 */
import { encode } from 'uqr';

/** Modules of light margin on every side (ISO/IEC 18004 asks for four). */
export const QUIET_ZONE = 4;

/** A QR code: its side in modules, quiet zone included, and the path of its dark modules in those units. */
export interface QrPath {
  readonly size: number;
  readonly d: string;
  /** The modules, `true` for dark, quiet zone included (for tests and for drawing other than by path). */
  readonly modules: readonly (readonly boolean[])[];
}

/** The QR code of `text`, its dark modules drawn as one horizontal run per row segment. */
export function qrPath(text: string): QrPath {
  const { data } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const runs: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      runs.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size: data.length, d: runs.join(''), modules: data };
}
