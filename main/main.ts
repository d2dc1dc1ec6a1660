/**
 * Electron's main process, kept thin: load the configuration, harden the session, host the bridge and push its
 * views to the kiosk window over typed IPC. Everything else lives in the bridge and the renderer.
 * @packageDocumentation
 */
import { join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, dialog, Menu, net, powerSaveBlocker, protocol, session } from 'electron';
import { aboutInfo } from '../mqtt-bridge/about';
import { Bridge } from '../mqtt-bridge/bridge';
import { bundleDigest } from '../mqtt-bridge/build-identity';
import { createLogger } from '../mqtt-bridge/log';
import { answerScreenshots } from '../mqtt-bridge/screenshot-reply';
import { appFile } from './app-protocol';
import { captureWindow } from './capture';
import { kioskConfig } from './kiosk-config';
import { fitRequest } from './fit-request';
import { handle, push } from './ipc';
import { setupSecurity } from './security';
import { setupWindow } from './window';

export { SYSTEM_CONFIG } from './kiosk-config';

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

async function start(): Promise<void> {
  const startedAt = new Date().toISOString();
  // The kiosk page and its assets (dist/renderer): board.logo must be among them.
  const rendererDir = normalize(join(__dirname, '..', 'renderer'));
  const { file, config, warnings } = kioskConfig(process.env, rendererDir);
  await app.whenReady();
  if (!config.ok) {
    // A misspelt variable often explains the error: said first, as serve and start print them.
    dialog.showErrorBox('baccarat-board: configuration error', [...warnings, config.error].join('\n'));
    app.exit(2);
    return;
  }
  const cfg = config.value;
  const logger = createLogger({ ...cfg.log, file: cfg.log.file ?? join(app.getPath('logs'), 'board.log') });
  const log = (msg: string) => logger.warn({ component: 'main' }, msg);
  logger.info({ version: app.getVersion(), table: cfg.tableId, display: cfg.displayId }, 'kiosk starting');
  // As serve and start print them: a misspelt variable often explains what follows (no broker, a password refused).
  for (const w of warnings) log(w);

  Menu.setApplicationMenu(null);
  setupSecurity(session.defaultSession, log);
  protocol.handle('app', (request) => {
    const found = appFile(rendererDir, request.url);
    if ('status' in found)
      return new Response(found.status === 400 ? 'bad request' : 'not found', { status: found.status });
    return net.fetch(pathToFileURL(found.file).toString());
  });

  // The bundle this kiosk runs (dist/, beside this file's folder): its SHA-256 goes in the status.
  const build = bundleDigest(normalize(join(__dirname, '..')));
  const bridge = new Bridge(cfg, { logger, version: app.getVersion(), build });
  const win = setupWindow(cfg, join(__dirname, 'preload.cjs'), log);
  bridge.on('view', (view) => push(win.webContents, 'table:view', view));
  bridge.on('command', (c) => {
    if (c.command === 'identify') push(win.webContents, 'kiosk:identify', c.durationSeconds ?? 30);
    if (c.command === 'reload') win.webContents.reload();
    if (c.command === 'about') push(win.webContents, 'kiosk:about', c.durationSeconds ?? 60);
  });
  answerScreenshots(bridge, cfg.displayId, () => captureWindow(win));
  const own = () => (win.isDestroyed() ? null : win.webContents);
  const { electron, chrome: chromium, node } = process.versions;
  const runtime = { kind: 'electron', electron: electron ?? '?', chromium: chromium ?? '?', node } as const;
  const about = { version: app.getVersion(), build, configFile: file, startedAt, runtime };
  handle('table:view', () => bridge.view(), own);
  handle('kiosk:about', () => aboutInfo(cfg, about), own);
  handle('kiosk:screen', () => null, own); // Electron's screenshot is the window's own: no size to remember
  handle('kiosk:fit', fitRequest(bridge, log), own); // the pit message cut, the streaks hidden: the status warns staff
  try {
    await bridge.start();
  } catch (e) {
    // Another board holds this table's journal (journal-lock.ts): both would append to its history.
    logger.fatal({ err: e }, 'the board could not start');
    dialog.showErrorBox('baccarat-board: the board could not start', e instanceof Error ? e.message : String(e));
    app.exit(1);
    return;
  }

  const blocker = powerSaveBlocker.start('prevent-display-sleep');
  app.on('second-instance', () => {
    if (!win.isDestroyed()) win.focus();
  });
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    powerSaveBlocker.stop(blocker);
    void bridge.stop().finally(() => app.exit(0));
  });
  app.on('window-all-closed', () => app.quit());
}
