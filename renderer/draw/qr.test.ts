// The QR path drawn as the board draws it (dark path on light, in Chromium's canvas) and read back by a decoder
// that knows nothing of the encoder (jsQR): what a patron's phone does.
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrPath } from './qr';

/** Draws the path at `scale` pixels a module and decodes the pixels. */
function scan(text: string, scale = 4): string | null {
  const { size, d } = qrPath(text);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * scale;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.scale(scale, scale);
  g.fillStyle = '#000';
  // oxlint-disable-next-line unicorn/no-array-fill-with-reference-type -- the canvas's fill(), not Array's
  g.fill(new Path2D(d));
  const pixels = g.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

describe('qrPath', () => {
  it.each([
    ['a short address', 'https://records.casino.example/T12/S1'],
    [
      'an address with a whole digest',
      'https://records.casino.example/shoes/T12/2026-11-24-T12-0007?digest=' + 'a3'.repeat(32),
    ],
    ['characters a URL template escapes', 'https://r.example/%E7%89%8C/T%2012?x=1&y=2'],
    ['a digest alone', 'f'.repeat(64)],
  ])('reads back %s', (_, text) => {
    expect(scan(text)).toBe(text);
  });

  it('keeps the quiet zone light on every side', () => {
    const { modules, size } = qrPath('https://records.casino.example/T12/S1');
    expect(modules).toHaveLength(size);
    for (let i = 0; i < size; i += 1) {
      for (let q = 0; q < QUIET_ZONE; q += 1) {
        expect([modules[q]![i], modules[size - 1 - q]![i], modules[i]![q], modules[i]![size - 1 - q]]).toEqual([
          false,
          false,
          false,
          false,
        ]);
      }
    }
  });

  it('draws exactly the dark modules', () => {
    const { modules, d } = qrPath('T12');
    const dark = modules.flat().filter(Boolean).length;
    const drawn = [...d.matchAll(/h(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(drawn).toBe(dark);
  });
});
