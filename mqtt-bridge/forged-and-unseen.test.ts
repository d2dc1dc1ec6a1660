/**
 * Two things IT must be told that a counter did not tell (an IT trial): results refused for their signature on a
 * board that requires them (someone publishes on the table's topics: `forged-results`, until a quiet period), and a
 * browser-mode board no page shows (`no-screen` after a grace period; identify, about and reload answered not done,
 * with why). Through a real broker (Aedes, in-process) and a real bridge.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeDisplayCommand, makeHandMessage, makeShoeSnapshot, parseDisplayStatus } from '../contract/mqtt';
import type { DisplayCommand } from '../contract/schemas';
import { topics } from '../contract/topics';
import { testBoardConfig } from '../test/helpers/board-config';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { CARDS, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import { Bridge, type BridgeDeps } from './bridge';
import type { Config } from './config';
import { startEmbeddedBroker } from './embedded-broker';
import { memoryLogger } from './log';
import { generateSigningKey, publicKeyText, signPayload } from './signing';

const T = topics('baccarat');
const cleanups = cleanupList();

async function rig(deps: Partial<BridgeDeps> = {}, trust?: Config['trust'], restarted?: { url: string; cfg: Config }) {
  const broker = restarted ? null : await startEmbeddedBroker();
  if (broker) cleanups.push(() => broker.close());
  const url = restarted?.url ?? broker!.url;
  const cfg = restarted?.cfg ?? testBoardConfig(url, 'bb-forged-', trust ? { trust } : {});
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(cfg, { logger, version: '1.2.3', ...deps });
  const commands: DisplayCommand[] = [];
  bridge.on('command', (c) => commands.push(c));
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(bridge.subscribed).toBe(true));
  const other: MqttClient = await mqtt.connectAsync(url, { clientId: `someone-${Math.random()}`, reconnectPeriod: 0 });
  cleanups.push(() => other.endAsync(true));
  return { bridge, commands, other, records, tableId: cfg.tableId, url, cfg };
}

const statusWarnings = (b: Bridge) => {
  const s = b.displayStatus();
  return s.state === 'online' ? (s.warnings ?? []) : [];
};
/** The status as published passes the contract (the console and `fleet list` read it with the same schema). */
const valid = (b: Bridge) => parseDisplayStatus(new TextEncoder().encode(JSON.stringify(b.displayStatus()))).ok;
const cmd = (command: 'identify' | 'about' | 'reload' | 'resync', requestId: string) =>
  ({ v: 1, command, requestId, timestamp: new Date().toISOString() }) as DisplayCommand;
const send = (c: MqttClient, command: DisplayCommand) =>
  c.publishAsync(T.displayCommand('D1'), makeDisplayCommand(command), { qos: 1 });

describe('results refused for their signature (forged-results)', () => {
  test('unsigned hands on a board that requires signatures: a warning with how many and since when, then quiet', async () => {
    const controller = generateSigningKey();
    const trust = { requireSignatures: true, controllerKeys: [publicKeyText(controller.publicKey)], pitKeys: [] };
    const r = await rig({ forgedQuietMs: 1_500 }, trust);
    expect(statusWarnings(r.bridge)).toEqual([]);
    for (let n = 1; n <= 3; n++)
      await r.other.publishAsync(T.tableHand(r.tableId), makeHandMessage(handMessage('S1', n, coup(CARDS.banker))), {
        qos: 1,
      });
    await until(() => expect(r.bridge.counters.rejected).toBe(3));
    const w = r.bridge.view().warnings.find((x) => x.code === 'forged-results');
    expect(w?.detail).toMatch(
      /^3 messages on this table's topics refused for their signature since \S+Z \(all unsigned; last: an unsigned hand: signatures are required\)/,
    );
    // Unsigned: perhaps staff's own, sent without the pit's key (found by casino IT: read as an attack alone).
    expect(w?.detail).toMatch(/, or staff sent it without the pit's key \(--signing-key\)$/);
    expect(statusWarnings(r.bridge).map((x) => x.code)).toContain('forged-results'); // the status too, for fleet list
    expect(valid(r.bridge)).toBe(true);
    expect(r.records.filter((x) => x.level === 50 && /refused for its signature/.test(String(x.msg)))).toHaveLength(1);
    // No more for the quiet period: the warning ends.
    await until(() => expect(statusWarnings(r.bridge)).toEqual([]), 5_000);
    expect(r.bridge.view().warnings).toEqual([]);
  });
});

describe("the pit's signed commands sent again (replayed-command)", () => {
  test('a genuine resync with replace, replayed under an older retained snapshot: refused, the shoe kept, staff told', async () => {
    const [controller, pit] = [generateSigningKey(), generateSigningKey()];
    const keys = { controllerKeys: [publicKeyText(controller.publicKey)], pitKeys: [publicKeyText(pit.publicKey)] };
    const r = await rig({}, { requireSignatures: true, ...keys });
    const shoe = (n: number) => {
      const hands = Array.from({ length: n }, (_, i) => handMessage('S1', i + 1, coup(CARDS.banker)));
      const snap = signPayload(controller, T.tableShoe(r.tableId), snapshot('S1', hands, { seq: n }));
      return r.other.publishAsync(T.tableShoe(r.tableId), makeShoeSnapshot(snap), { qos: 1, retain: true });
    };
    const rounds = () => r.bridge.view().shoe?.rounds.length ?? 0;
    await shoe(3);
    await shoe(6);
    await until(() => expect(rounds()).toBe(6));
    // The operator's genuine command, which the attacker reads off the broker.
    const genuine = signPayload(pit, T.displayCommand('D1'), { ...cmd('resync', 'op-1'), replace: true });
    await send(r.other, genuine);
    await until(() => expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'op-1' } }));
    await until(() => expect(rounds()).toBe(6));
    expect(r.bridge.counters.rejected).toBe(0);
    // The attacker: an older genuine snapshot retained, the command again (as it was, or stamped an hour ago).
    await shoe(3);
    await send(r.other, genuine);
    const old = { ...cmd('resync', 'op-0'), replace: true, timestamp: new Date(Date.now() - 3_600_000).toISOString() };
    await send(r.other, signPayload(pit, T.displayCommand('D1'), old));
    await until(() => expect(r.bridge.counters.rejected).toBe(1)); // the stale one; the same request is ignored
    await r.bridge.settled();
    expect(rounds()).toBe(6); // never backwards, the shoe kept
    expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'op-1' }, rejectedMessages: 1 });
    expect(r.commands.map((c) => c.requestId)).toEqual(['op-1']);
    const w = r.bridge.view().warnings.find((x) => x.code === 'forged-results');
    expect(w?.detail).toMatch(/^1 message .*request op-0\) stamped \S+, 3600 s before this board's clock/);
    expect(statusWarnings(r.bridge).map((x) => x.code)).toContain('forged-results');
    const ignored = r.records.filter((x) => /carried out already: ignored/.test(String(x.msg)));
    expect(ignored.map((x) => x.msg)).toEqual([
      'a signed resync command (request op-1) this board has carried out already: ignored',
    ]);
  });
});

describe("the pit's signed commands sent again after the board restarted", () => {
  test('a genuine command carried out before a restart, sent again within its 5 minutes: still ignored', async () => {
    const pit = generateSigningKey();
    const trust = { requireSignatures: false, controllerKeys: [], pitKeys: [publicKeyText(pit.publicKey)] };
    const first = await rig({}, trust);
    const genuine = signPayload(pit, T.displayCommand('D1'), cmd('identify', 'op-7'));
    await send(first.other, genuine);
    await until(() => expect(first.commands.map((c) => c.requestId)).toEqual(['op-7']));
    await first.bridge.stop();
    // The same board started again (its journal folder kept), and the attacker sends the command again.
    const again = await rig({}, trust, { url: first.url, cfg: first.cfg });
    await send(again.other, genuine);
    await until(() =>
      expect(again.records.some((x) => /request op-7\) this board has carried out already/.test(String(x.msg)))).toBe(
        true,
      ),
    );
    expect(again.commands).toEqual([]);
    // A new command still is carried out.
    await send(again.other, signPayload(pit, T.displayCommand('D1'), cmd('identify', 'op-8')));
    await until(() => expect(again.commands.map((c) => c.requestId)).toEqual(['op-8']));
  });
});

describe('a browser-mode board no page shows (no-screen)', () => {
  test('no page for the grace period: a warning; identify, about and reload not done, with why; a page ends both', async () => {
    const r = await rig({ noScreenGraceMs: 300 });
    r.bridge.screens(0); // the host counts pages, none yet
    await send(r.other, cmd('identify', 'id-1'));
    await until(() => expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'id-1' } }));
    expect(r.bridge.displayStatus()).toMatchObject({
      lastCommand: { command: 'identify', ok: false, error: expect.stringMatching(/^no browser shows this board/) },
    });
    expect(r.commands).toEqual([]); // not handed to a host that would show it to nobody
    await until(() => expect(statusWarnings(r.bridge).map((w) => w.code)).toEqual(['no-screen']));
    expect(statusWarnings(r.bridge)[0]?.detail).toMatch(/^no browser has shown this board since \S+Z \(browser mode\)/);
    expect(valid(r.bridge)).toBe(true);
    // resync is the bridge's own: done with no page.
    await send(r.other, cmd('resync', 'rs-1'));
    await until(() => expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'rs-1', ok: true } }));

    r.bridge.screens(1); // a page opens the board
    expect(statusWarnings(r.bridge)).toEqual([]);
    await send(r.other, cmd('reload', 'rl-1'));
    await until(() => expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'rl-1', ok: true } }));
    expect(r.commands.map((c) => c.command)).toEqual(['resync', 'reload']);
  });

  test('a page that leaves and comes back within the grace period (a reload) raises nothing', async () => {
    const r = await rig({ noScreenGraceMs: 400 });
    r.bridge.screens(1);
    r.bridge.screens(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    r.bridge.screens(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(statusWarnings(r.bridge)).toEqual([]);
  });

  test('Electron (its host never counts pages: the window is the screen): no warning, commands done', async () => {
    const r = await rig({ noScreenGraceMs: 100 });
    await send(r.other, cmd('about', 'ab-1'));
    await until(() => expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'ab-1', ok: true } }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(statusWarnings(r.bridge)).toEqual([]);
    expect(r.commands.map((c) => c.command)).toEqual(['about']);
  });
});
