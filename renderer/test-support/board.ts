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

/**
 * Mounts a board on `api` in a box of the given size (px), and waits until it and its parts have settled and, when
 * it has a view, until it shows it.
 */
export async function board(api: KioskApi, width = 1920, height = 1080): Promise<KioskApp> {
  const app = await mountBoard(api, width, height);
  // A board with a view is drawn once its language's messages and fonts are in: the first test of a run (or the only
  // one, under -t) loads them, and may still find the waiting screen after those frames.
  for (let waited = 0; app.view !== null && !ready(app) && waited < 10_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  if (app.view !== null) for (let i = 0; i < 2; i++) await settleAll(app);
  return app;
}

/** Mounts a board as {@link board} does, without waiting for it to show its view (it may be waiting for its fonts). */
export async function mountBoard(api: KioskApi, width = 1920, height = 1080): Promise<KioskApp> {
  const app = document.createElement('kiosk-app');
  app.api = api;
  await mount(app, width, height);
  for (let i = 0; i < 3; i++) await settleAll(app);
  return app;
}

/** Whether the board shows its view (not the waiting screen). */
const ready = (app: KioskApp): boolean => app.shadowRoot?.querySelector('.board:not(.waiting)') != null;

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
