/**
 * The renderer's entry: finds the kiosk API (Electron's preload on `window.kiosk`; else the web host's
 * WebSocket; or, with `?demo=<fixture>`, fixture views) and gives it to `<kiosk-app>`.
 * Query flags: `demo=<fixture>`, `askBlink=0` (no blinking would-be marks).
 * @packageDocumentation
 */
import './components/kiosk-app';
import type { KioskApp } from './components/kiosk-app';
import { startDemo } from './demo-kiosk';
import { SocketKiosk, socketUrl } from './socket-kiosk';

async function boot(): Promise<void> {
  const app: KioskApp =
    document.querySelector('kiosk-app') ?? document.body.appendChild(document.createElement('kiosk-app'));
  const params = new URLSearchParams(location.search);
  if (params.get('askBlink') === '0') app.askBlinkOff = true;
  const demo = params.get('demo');
  if (demo !== null) {
    app.api = await startDemo(demo, app);
    return;
  }
  if (window.kiosk) {
    app.api = window.kiosk;
    return;
  }
  const socket = new SocketKiosk(socketUrl(location));
  let opened = false;
  socket.onLink((up) => {
    app.hostDown = !up;
    if (up && opened) app.resync(); // the host may have restarted (and its seq with it)
    opened ||= up;
  });
  app.api = socket;
}

void boot();
