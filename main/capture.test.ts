/**
 * `captureWindow` with hand-written fakes of a BrowserWindow (the Electron test drives the real one where the binary
 * is installed): the window's PNG and size, and the failures a closed or unpainted window gives.
 */
import { describe, expect, test } from 'vitest';
import { ScreenshotFailure } from '../mqtt-bridge/screenshot-reply';
import { captureWindow } from './capture';

const fakeWindow = (o: { destroyed?: boolean; empty?: boolean } = {}) => ({
  isDestroyed: () => o.destroyed === true,
  webContents: {
    isDestroyed: () => false,
    capturePage: () =>
      Promise.resolve({
        isEmpty: () => o.empty === true,
        getSize: () => ({ width: 3840, height: 2160 }),
        toPNG: () => Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      }),
  },
});
type Win = Parameters<typeof captureWindow>[0];

describe('captureWindow', () => {
  test("returns the window's PNG at its pixel size, as source window", async () => {
    const p = await captureWindow(fakeWindow() as unknown as Win);
    expect(p).toMatchObject({ width: 3840, height: 2160, source: 'window' });
    expect([...p.png]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  test('a closed window is unavailable; one that painted nothing failed', async () => {
    await expect(captureWindow(fakeWindow({ destroyed: true }) as unknown as Win)).rejects.toMatchObject({
      code: 'unavailable',
    });
    const e = await captureWindow(fakeWindow({ empty: true }) as unknown as Win).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ScreenshotFailure);
    expect(e).toMatchObject({ code: 'failed' });
  });
});
