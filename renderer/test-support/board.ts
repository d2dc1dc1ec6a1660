/**
 * The whole board for the renderer's browser tests: a `<kiosk-app>` on a host, mounted at a screen's size and
 * settled (every part updated, a frame drawn); and a demo host that keeps what the board tells it of its fit.
 *
 * ```ts
 * const host = new FitHost(view);
 * const app = await board(host, 1080, 1920);
 * await expect.poll(() => host.fits.at(-1)).toEqual({ messageCut: false, streaksHidden: false });
 * ```
 */
import type { FitReport, KioskApi, Requests } from '../../contract/kiosk';
import '../components/kiosk-app';
import type { KioskApp } from '../components/kiosk-app';
import { DemoKiosk } from '../demo-kiosk';
import { mount, settle } from './fixtures';

/** Mounts a board on `api` in a box of the given size (px), and waits until it and its parts have settled. */
export async function board(api: KioskApi, width = 1920, height = 1080): Promise<KioskApp> {
  const app = document.createElement('kiosk-app');
  app.api = api;
  await mount(app, width, height);
  for (let i = 0; i < 3; i++) await settleAll(app);
  return app;
}

/** Waits for the board, then each of its parts, then a frame. */
export async function settleAll(app: KioskApp): Promise<void> {
  await settle(app);
  for (const el of app.shadowRoot!.querySelectorAll('*')) {
    if ('updateComplete' in el) await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  }
  await new Promise<void>((r) => requestAnimationFrame(() => r()));
}

/** A demo host that keeps what the board tells it of its fit (`kiosk:fit`). */
export class FitHost extends DemoKiosk {
  readonly fits: FitReport[] = [];
  override request<K extends keyof Requests>(channel: K, ...args: Parameters<Requests[K]>) {
    if (channel === 'kiosk:fit') this.fits.push(args[0] as FitReport);
    return super.request(channel, ...args);
  }
}
