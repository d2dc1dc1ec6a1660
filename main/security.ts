/**
 * The kiosk's hardening, applied to its session and window: every permission request denied, navigation and new
 * windows blocked, only the app's own pages (app://board/) loaded, and a strict Content-Security-Policy on every
 * response.
 *
 * ```ts
 * setupSecurity(session.defaultSession);
 * guardWindow(win.webContents);
 * ```
 * @packageDocumentation
 */
import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../contract/csp';

/** The origin of the board's pages. */
export const APP_ORIGIN = 'app://board';

/** Whether a URL is one of the app's own pages. */
export const isOwnUrl = (url: string): boolean => {
  try {
    return new URL(url).origin === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
  } catch {
    return false;
  }
};

export function setupSecurity(session: Session, log: (msg: string) => void = () => undefined): void {
  session.setPermissionRequestHandler((_wc, permission, callback) => {
    log(`permission request denied: ${permission}`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    // Only our own pages, and devtools where they are enabled; nothing from the network.
    const ok = isOwnUrl(details.url) || details.url.startsWith('devtools://');
    if (!ok) log(`request blocked: ${details.url}`);
    callback({ cancel: !ok });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
}

export function guardWindow(wc: WebContents, log: (msg: string) => void = () => undefined): void {
  wc.on('will-navigate', (event, url) => {
    if (!isOwnUrl(url)) {
      log(`navigation blocked: ${url}`);
      event.preventDefault();
    }
  });
  wc.on('will-redirect', (event, url) => {
    if (!isOwnUrl(url)) event.preventDefault();
  });
  wc.setWindowOpenHandler(({ url }) => {
    log(`new window blocked: ${url}`);
    return { action: 'deny' };
  });
  wc.on('will-attach-webview', (event) => event.preventDefault());
}
