/**
 * Browser mode with nobody looking (an IT trial): the web host counts the pages showing the board in a real
 * Chromium, and the bridge, told, warns staff (`no-screen`) once none has shown it for the grace period, answers
 * identify / about / reload not done with why while none does, keeps /readyz ready (a load balancer must still send
 * the screen's browser to it; `pages` says how many) and ends the warning when a page opens the board again.
 */
import mqtt from 'mqtt';
import { chromium } from 'playwright';
import { describe, expect, test } from 'vitest';
import { makeDisplayCommand, makeShoeSnapshot } from '../contract/mqtt';
import type { DisplayCommand } from '../contract/schemas';
import { topics } from '../contract/topics';
import { RENDERER_DIR } from '../cli/paths';
import { Bridge } from '../mqtt-bridge/bridge';
import { startEmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { testBoardConfig } from '../test/helpers/board-config';
import { chromiumLaunchOptions } from '../test/helpers/chromium';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { CARDS, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import { startWebHost } from './server';

const T = topics('baccarat');
const cleanups = cleanupList();

const warningCodes = (b: Bridge) => {
  const s = b.displayStatus();
  return s.state === 'online' ? (s.warnings ?? []).map((w) => w.code) : [];
};
const lastCommand = (b: Bridge) => {
  const s = b.displayStatus();
  return s.state === 'online' ? s.lastCommand : undefined;
};

describe('browser mode: no page shows the board', () => {
  test('warned after the grace period, screen commands not done, /readyz still ready; a page ends it', async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const { logger } = memoryLogger();
    const bridge = new Bridge(testBoardConfig(broker.url, 'bb-no-screen-'), { logger, noScreenGraceMs: 1_000 });
    const web = await startWebHost({
      source: bridge,
      host: '127.0.0.1',
      port: 0,
      token: null,
      rendererDir: RENDERER_DIR,
      logger,
    });
    cleanups.push(() => web.close());
    await bridge.start();
    cleanups.push(() => bridge.stop());
    await until(() => expect(bridge.subscribed).toBe(true));
    const fleet = await mqtt.connectAsync(broker.url, { clientId: 'fleet', reconnectPeriod: 0 });
    cleanups.push(() => fleet.endAsync(true));
    // The table heard, so that /readyz has nothing else to say.
    const hands = [handMessage('S1', 1, coup(CARDS.banker))];
    await fleet.publishAsync(T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', hands)), { qos: 1, retain: true });
    await until(() => expect(bridge.view().connection.lastMessageAt).not.toBeNull());
    const send = (command: 'identify' | 'reload', requestId: string) =>
      fleet.publishAsync(
        T.displayCommand('D1'),
        makeDisplayCommand({ v: 1, command, requestId, timestamp: new Date().toISOString() } as DisplayCommand),
        { qos: 1 },
      );

    // Nothing open since the start: warned once the grace is over; identify not done, with why.
    expect(bridge.pages).toBe(0);
    await until(() => expect(warningCodes(bridge)).toContain('no-screen'), 5_000);
    await send('identify', 'id-1');
    await until(() => expect(lastCommand(bridge)).toMatchObject({ requestId: 'id-1', ok: false }));
    expect(lastCommand(bridge)?.error).toMatch(/^no browser shows this board/);
    const readyz = await fetch(new URL('readyz', web.localUrl), { headers: { accept: 'application/json' } });
    expect(readyz.status).toBe(200); // not a readiness problem: see readiness.ts
    expect(await readyz.json()).toMatchObject({ ready: true, pages: 0 });

    // A browser opens the board: the warning ends, identify is done.
    const browser = await chromium.launch(chromiumLaunchOptions());
    cleanups.push(() => browser.close());
    const page = await browser.newPage();
    await page.goto(web.localUrl);
    await until(() => expect(bridge.pages).toBe(1), 10_000);
    expect(warningCodes(bridge)).not.toContain('no-screen');
    await send('identify', 'id-2');
    await until(() => expect(lastCommand(bridge)).toMatchObject({ requestId: 'id-2', ok: true }));

    // It leaves: reload is not done at once, the warning comes back after the grace.
    await page.close();
    await until(() => expect(bridge.pages).toBe(0));
    await send('reload', 'rl-1');
    await until(() => expect(lastCommand(bridge)).toMatchObject({ requestId: 'rl-1', ok: false }));
    await until(() => expect(warningCodes(bridge)).toContain('no-screen'), 5_000);
  }, 60_000);
});
