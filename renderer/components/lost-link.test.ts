import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { TableView } from '../../contract/kiosk';
import { makeView } from '../../test/fixtures/views/build-view';
import { DemoKiosk } from '../demo-kiosk';
import { CATCH_UP_GRACE_MS } from '../controllers/out-of-step-controller';
import { board, settleAll } from '../test-support/board';
import { cleanup } from '../test-support/fixtures';
import type { KioskApp } from './kiosk-app';

afterEach(async () => {
  cleanup();
  await page.viewport(414, 896); // vitest's default, for whatever runs next
});

const SHOE = 'BBPPPBTBPPBBBBBBBBP';
const view = (seq: number, connection?: 'lost', lostMinutes?: number): TableView => ({
  ...makeView(
    { shoe: SHOE, ...(connection && { connection }), ...(lostMinutes !== undefined && { lostMinutes }) },
    Date.now(),
  ),
  seq,
});
const $ = (app: KioskApp, selector: string) => app.shadowRoot!.querySelector(selector) as HTMLElement | null;
const dimmed = (app: KioskApp) => $(app, '.board')!.hasAttribute('data-updating');
const askHidden = (app: KioskApp) => $(app, 'kiosk-big-road')!.hasAttribute('ask-hidden');
const words = (app: KioskApp) => ($(app, '[data-text=paused]')?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * A board cut off from its broker showed its roads as if live, the ask roads' would-be marks blinking at a next hand
 * dealt minutes ago, while one whose table's controller had been offline 10 s dimmed them: cut off, the same.
 */
describe('<kiosk-app> its own link lost', () => {
  it('the roads subdued with "Results paused", no ask marks, beside the lost-connection banner; back at once', async () => {
    await page.viewport(1920, 1080);
    const demo = new DemoKiosk(view(1));
    const app = await board(demo, 1920, 1080);
    expect(dimmed(app)).toBe(false);
    demo.push(view(2, 'lost', 12)); // lost 12 minutes ago (a board reloaded meanwhile shows it at once)
    await settleAll(app);
    expect(dimmed(app)).toBe(true);
    expect(askHidden(app)).toBe(true);
    expect(words(app)).toBe('Results paused · 路单暂停更新');
    expect($(app, 'kiosk-connection[banner]')).not.toBeNull();
    demo.push(view(3)); // reconnected, its table heard
    await settleAll(app);
    expect(dimmed(app)).toBe(false);
    expect(askHidden(app)).toBe(false);
  });

  it('a blip shorter than the grace dims nothing; the link to the host down (browser mode) counts too', async () => {
    await page.viewport(1920, 1080);
    const demo = new DemoKiosk(view(1));
    const app = await board(demo, 1920, 1080);
    const fresh = view(2, 'lost');
    demo.push({ ...fresh, connection: { ...fresh.connection, since: new Date().toISOString() } });
    await settleAll(app);
    expect(dimmed(app)).toBe(false);
    await new Promise((r) => setTimeout(r, CATCH_UP_GRACE_MS + 100));
    await settleAll(app);
    expect(dimmed(app)).toBe(true);
    demo.push(view(3));
    await settleAll(app);
    expect(dimmed(app)).toBe(false);
    app.hostDown = true;
    await settleAll(app);
    await new Promise((r) => setTimeout(r, CATCH_UP_GRACE_MS + 100));
    await settleAll(app);
    expect(dimmed(app)).toBe(true);
    expect(words(app)).toBe('Results paused · 路单暂停更新');
  });
});
