import { EventEmitter } from 'node:events';
import type { Session, WebContents } from 'electron';
import { describe, expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../contract/csp';
import { guardWindow, isOwnUrl, setupSecurity } from './security';

/** Hand-written fakes of the few Session and WebContents members the hardening uses. */
function fakeSession() {
  const handlers: Record<string, (...a: any[]) => unknown> = {};
  const session = {
    setPermissionRequestHandler: (h: any) => (handlers.permission = h),
    setPermissionCheckHandler: (h: any) => (handlers.check = h),
    webRequest: {
      onBeforeRequest: (h: any) => (handlers.request = h),
      onHeadersReceived: (h: any) => (handlers.headers = h),
    },
  };
  return { session: session as unknown as Session, handlers };
}

function fakeWebContents() {
  const wc = new EventEmitter() as EventEmitter & { openHandler?: (d: { url: string }) => { action: string } };
  (wc as any).setWindowOpenHandler = (h: any) => (wc.openHandler = h);
  return wc;
}

describe('kiosk hardening', () => {
  test('every permission request is denied', () => {
    const { session, handlers } = fakeSession();
    setupSecurity(session);
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      let granted: boolean | undefined;
      handlers.permission!({}, p, (g: boolean) => (granted = g));
      expect(granted).toBe(false);
    }
    expect(handlers.check!({}, 'media')).toBe(false);
  });

  test("only the app's own pages load; everything else is cancelled", () => {
    const { session, handlers } = fakeSession();
    setupSecurity(session);
    const cancel = (url: string) => {
      let r: { cancel: boolean } | undefined;
      handlers.request!({ url }, (x: { cancel: boolean }) => (r = x));
      return r!.cancel;
    };
    expect(cancel('app://board/index.html')).toBe(false);
    expect(cancel('app://board/fonts/noto.woff2')).toBe(false);
    expect(cancel('https://example.com/')).toBe(true);
    expect(cancel('file:///etc/passwd')).toBe(true);
    expect(cancel('app://other/index.html')).toBe(true);
  });

  test('every response carries the strict Content-Security-Policy', () => {
    const { session, handlers } = fakeSession();
    setupSecurity(session);
    let headers: Record<string, string[]> = {};
    handlers.headers!(
      { responseHeaders: { 'Content-Type': ['text/html'] } },
      (r: any) => (headers = r.responseHeaders),
    );
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['Content-Type']).toEqual(['text/html']);
  });

  test('navigation away and new windows are blocked', () => {
    const wc = fakeWebContents();
    guardWindow(wc as unknown as WebContents);
    const navigate = (url: string) => {
      let prevented = false;
      wc.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('app://board/index.html')).toBe(false);
    expect(wc.openHandler!({ url: 'app://board/index.html' })).toEqual({ action: 'deny' });
    let webview = false;
    wc.emit('will-attach-webview', { preventDefault: () => (webview = true) });
    expect(webview).toBe(true);
  });

  test('isOwnUrl', () => {
    expect(isOwnUrl('app://board/')).toBe(true);
    expect(isOwnUrl('app://boardx/')).toBe(false);
    expect(isOwnUrl('not a url')).toBe(false);
  });
});
