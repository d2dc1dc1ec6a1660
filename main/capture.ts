/**
 * Electron's screenshot: the kiosk window's own pixels (`webContents.capturePage()`), as the fleet's `screenshot`
 * command asks (`source: 'window'`).
 *
 * ```ts
 * answerScreenshots(bridge, config.displayId, () => captureWindow(win));
 * ```
 * @packageDocumentation
 */
import type { BrowserWindow } from 'electron';
import { ScreenshotFailure, type Picture } from '../mqtt-bridge/screenshot-reply';

/** The window's picture now, at the screen's pixels (device pixels, not CSS pixels). */
export async function captureWindow(win: Pick<BrowserWindow, 'isDestroyed' | 'webContents'>): Promise<Picture> {
  if (win.isDestroyed() || win.webContents.isDestroyed())
    throw new ScreenshotFailure('unavailable', 'the kiosk window is closed');
  const image = await win.webContents.capturePage();
  if (image.isEmpty())
    throw new ScreenshotFailure('failed', 'the kiosk window has painted nothing yet (not shown, or its renderer gone)');
  const { width, height } = image.getSize();
  return { png: image.toPNG(), width, height, source: 'window' };
}
