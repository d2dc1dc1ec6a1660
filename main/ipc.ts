/**
 * Typed IPC for the main process: `push` sends a kiosk-contract event to the board, `handle` answers its
 * requests. Like electron/fiddle's IpcMainManager, requests from any web contents but our own window are ignored.
 *
 * ```ts
 * push(win.webContents, 'table:view', view);
 * handle('table:view', () => bridge.view(), win.webContents);
 * ```
 * @packageDocumentation
 */
import { ipcMain, type WebContents } from 'electron';
import type { PushEvents, Requests } from '../contract/kiosk';

/** Sends a push event to the board, if its page is alive. */
export function push<K extends keyof PushEvents>(
  wc: WebContents,
  channel: K,
  ...args: Parameters<PushEvents[K]>
): void {
  if (!wc.isDestroyed()) wc.send(channel, ...args);
}

/** Answers a request channel, for our own window only. */
export function handle<K extends keyof Requests>(
  channel: K,
  fn: (...args: Parameters<Requests[K]>) => ReturnType<Requests[K]>,
  own: () => WebContents | null,
): void {
  ipcMain.handle(channel, (event, ...args) => {
    if (event.sender !== own()) throw new Error(`${channel}: not from the kiosk window`);
    return fn(...(args as Parameters<Requests[K]>));
  });
}
