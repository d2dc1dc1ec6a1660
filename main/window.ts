/**
 * The kiosk window: fullscreen on the configured screen, no menu, no cursor, devtools only when configured,
 * shown when its first frame is ready, and reloaded if its renderer crashes or hangs.
 * @packageDocumentation
 */
import { BrowserWindow, screen } from 'electron';
import type { Config } from '../mqtt-bridge/config';
import { APP_ORIGIN, guardWindow } from './security';

export function setupWindow(config: Config, preload: string, log: (msg: string) => void): BrowserWindow {
  const displays = screen.getAllDisplays();
  const target =
    (config.kiosk.display !== null ? displays[config.kiosk.display] : undefined) ?? screen.getPrimaryDisplay();
  const { x, y, width, height } = target.bounds;
  const win = new BrowserWindow({
    x,
    y,
    width,
    height,
    show: false,
    kiosk: true,
    fullscreen: true,
    frame: false,
    autoHideMenuBar: true,
    backgroundColor: '#0b0f0d',
    title: `baccarat-board ${config.tableId}`,
    webPreferences: {
      preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      devTools: config.kiosk.devTools,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick', // middle-click must not open links in new windows
      backgroundThrottling: false,
    },
  });
  win.setMenu(null);
  guardWindow(win.webContents, log);
  win.once('ready-to-show', () => win.show());
  win.webContents.on('did-finish-load', () => {
    void win.webContents.insertCSS('*, *::before, *::after { cursor: none !important; }');
  });
  watch(win, log);
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}

/** Reloads a renderer that crashed, or that stays unresponsive for 10 s. */
function watch(win: BrowserWindow, log: (msg: string) => void): void {
  let hung: NodeJS.Timeout | null = null;
  win.webContents.on('render-process-gone', (_e, details) => {
    log(`renderer gone (${details.reason}); reloading`);
    setTimeout(() => !win.isDestroyed() && win.webContents.reload(), 1000);
  });
  win.on('unresponsive', () => {
    log('renderer unresponsive');
    hung ??= setTimeout(() => {
      hung = null;
      if (win.isDestroyed()) return;
      log('renderer still unresponsive after 10 s; restarting it');
      win.webContents.forcefullyCrashRenderer();
      win.webContents.reload();
    }, 10_000);
  });
  win.on('responsive', () => {
    if (hung) clearTimeout(hung);
    hung = null;
  });
}
