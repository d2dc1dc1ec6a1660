/**
 * Fleet commands from the console (`POST /api/fleet`) against a real broker in this process (Aedes) and real boards
 * (the Bridge): a floor manager identifies a board and takes its screenshot, a supervisor reloads and resyncs one
 * with a reason, each answered by the board and audited; what a role may not send is refused before anything is
 * published; a board that does not answer ends in a timeout that says what its status says; a board that requires
 * signatures refuses the unsigned command (and the timeout says so), and takes the signed one; an offline, unknown or
 * busy board is refused with the reason.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeDisplayStatus, makeShoeSnapshot, parseMessage } from '../contract/mqtt';
import type { DisplayCommand, DisplayCommandName, DisplayStatus } from '../contract/schemas';
import type { FleetAudit } from '../contract/schemas/audit';
import { topics } from '../contract/topics';
import type { Bridge } from '../mqtt-bridge/bridge';
import type { Config } from '../mqtt-bridge/config';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { ScreenshotFailure, type Picture } from '../mqtt-bridge/screenshot-reply';
import { generateSigningKey, publicKeyText } from '../mqtt-bridge/signing';
import { startConsoleRig, type ConsoleRig, type RigClient } from '../test/helpers/console-rig';
import { until } from '../test/helpers/lifecycle';
import { startScreenshotBoard } from '../test/helpers/screenshot-board';
import { encodePng } from '../test/helpers/png';
import { CARDS, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import type { FleetCommandResponse } from './protocol';

const T = topics('baccarat');
const pit = generateSigningKey();
const PNG = encodePng(64, 36, (x, y) => [x * 4, y * 7, 90]);
const cleanups: (() => Promise<unknown>)[] = [];
let broker: EmbeddedBroker;
let spy: MqttClient; // every command on the wire
const wire: { topic: string; command: DisplayCommand }[] = [];
const got: Record<string, DisplayCommand[]> = {}; // what each board was handed
let take: () => Promise<Picture> = async () => ({ png: PNG, width: 64, height: 36, source: 'window' });
let timeouts: Partial<Record<DisplayCommandName, number>> = {};
let rig: ConsoleRig; // no pit key
let signedRig: ConsoleRig; // the pit's key
let vic: RigClient; // viewer
let alice: RigClient; // floor manager
let sam: RigClient; // supervisor

async function board(displayId: string, trust?: Config['trust']): Promise<Bridge> {
  got[displayId] = [];
  const bridge = await startScreenshotBoard(broker.url, displayId, {
    take: () => take(),
    onCommand: (c) => got[displayId]?.push(c),
    reconnectMinMs: 100,
    ...(trust && { trust }),
  });
  cleanups.push(() => bridge.stop());
  return bridge;
}

const statusOf = (displayId: string, state: 'online' | 'offline'): DisplayStatus =>
  state === 'online'
    ? {
        v: 1,
        state,
        displayId,
        tableId: 'T1',
        version: '0.1.0',
        timestamp: new Date().toISOString(),
        handCount: 0,
        rejectedMessages: 0,
        uptimeSeconds: 60,
      }
    : { v: 1, state, displayId, tableId: 'T1', version: '0.1.0', timestamp: '2026-03-01T20:00:00.000Z' };

async function fleet(who: RigClient, body: object): Promise<{ status: number; r: FleetCommandResponse }> {
  const res = await who.post('/api/fleet', body);
  return { status: res.status, r: (await res.json()) as FleetCommandResponse };
}
const fleetRecords = async (r: ConsoleRig) =>
  (await r.audit.read()).filter((x): x is FleetAudit => x.action === 'fleet-command');

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  spy = await connectAsync(broker.url, { clientId: 'spy' });
  cleanups.push(() => spy.endAsync());
  spy.on('message', (topic, payload) => {
    const p = parseMessage('displayCommand', payload);
    if (p.ok) wire.push({ topic, command: p.value });
  });
  await spy.subscribeAsync(T.filter('displayCommand'), { qos: 1 });
  const retained = { qos: 1, retain: true } as const;
  await spy.publishAsync(T.displayStatus('mute'), makeDisplayStatus(statusOf('mute', 'online')), retained);
  await spy.publishAsync(T.displayStatus('gone'), makeDisplayStatus(statusOf('gone', 'offline')), retained);
  // The table's snapshot, which a resync with replace shows (without one, the board keeps its shoe: not done).
  const shoe = snapshot('S1', [handMessage('S1', 1, coup(CARDS.banker))]);
  await spy.publishAsync(T.tableShoe('T1'), makeShoeSnapshot(shoe), retained);
  await board('D1');
  await board('strict', {
    requireSignatures: true,
    controllerKeys: [publicKeyText(generateSigningKey().publicKey)],
    pitKeys: [publicKeyText(pit.publicKey)],
  });
  const fleetTimeoutMs = (c: DisplayCommandName) => timeouts[c] ?? 5_000;
  const accounts = { vic: 'viewer', alice: 'floor-manager', sam: 'supervisor' } as const;
  rig = await startConsoleRig({ broker: broker.url, accounts, fleetTimeoutMs });
  cleanups.push(() => rig.stop());
  signedRig = await startConsoleRig({ broker: broker.url, accounts, key: pit, fleetTimeoutMs });
  cleanups.push(() => signedRig.stop());
  [vic, alice, sam] = await Promise.all([rig.signIn('vic'), rig.signIn('alice'), rig.signIn('sam')]);
  await until(() => {
    if (rig.monitor.current.boards.size < 4 || signedRig.monitor.current.boards.size < 4)
      throw new Error('the consoles have not seen every board yet');
  });
}, 30_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('sent, answered, audited', () => {
  test('a floor manager identifies a board: published as the CLI does, confirmed by its status, audited', async () => {
    const { status, r } = await fleet(alice, { displayId: 'D1', command: 'identify', seconds: 45 });
    expect(status).toBe(200);
    if (!r.ok) throw new Error(r.message);
    expect(r).toMatchObject({ displayId: 'D1', command: 'identify', signedBy: null });
    expect(r.message).toMatch(/^confirmed by the board's status at /);
    // The board was handed exactly the command on the wire, on its own topic.
    const sent = wire.find((w) => w.command.requestId === r.requestId);
    expect(sent?.topic).toBe(T.displayCommand('D1'));
    expect(sent?.command).toEqual({
      v: 1,
      command: 'identify',
      requestId: r.requestId,
      timestamp: r.sentAt,
      durationSeconds: 45,
    });
    expect(got.D1?.at(-1)).toEqual(sent?.command);
    // One record, in this console's log and on the audit topic (so in the other console's log too).
    for (const c of [rig, signedRig])
      await until(async () =>
        expect((await fleetRecords(c)).find((x) => x.command.requestId === r.requestId)).toMatchObject({
          who: { account: 'alice', role: 'floor-manager', via: 'console' },
          displayId: 'D1',
          tableId: 'T1',
          command: { name: 'identify', durationSeconds: 45 },
          outcome: 'done',
          summary: 'Board D1 (table T1): identify (45 s) — done',
        }),
      );
  });

  test('a screenshot comes back as the picture, with its size, source and time', async () => {
    const { status, r } = await fleet(alice, { displayId: 'D1', command: 'screenshot' });
    expect(status).toBe(200);
    if (!r.ok) throw new Error(r.message);
    expect(r.screenshot).toMatchObject({ width: 64, height: 36, source: 'window', bytes: PNG.length });
    expect(Buffer.from(r.screenshot?.png ?? '', 'base64').equals(PNG)).toBe(true);
    const kib = Math.ceil(PNG.length / 1024);
    expect(r.message).toBe(`64×36 PNG, ${kib} KiB, source window, taken at ${r.screenshot?.timestamp}`);
    // The picture's topic was subscribed for the wait only: another picture no longer reaches the console.
    const seen: string[] = [];
    const onMessage = (topic: string) => void seen.push(topic);
    rig.monitor.client.on('message', onMessage);
    await spy.publishAsync(T.displayScreenshot('D1'), 'not for the console', { qos: 1 });
    await spy.publishAsync(T.displayStatus('mute'), makeDisplayStatus(statusOf('mute', 'online')), {
      qos: 1,
      retain: true,
    });
    await until(() => expect(seen).toContain(T.displayStatus('mute')));
    rig.monitor.client.off('message', onMessage);
    expect(seen).not.toContain(T.displayScreenshot('D1'));
    await until(async () => {
      const rec = (await fleetRecords(rig)).find((x) => x.command.requestId === r.requestId);
      expect(rec).toMatchObject({ outcome: 'done', command: { name: 'screenshot' }, detail: r.message });
    });
  });

  test('a board that cannot take a picture says why: failed, with its reason, and audited as such', async () => {
    take = async () => {
      throw new ScreenshotFailure('unavailable', 'no Chromium on this machine');
    };
    try {
      const { status, r } = await fleet(alice, { displayId: 'D1', command: 'screenshot' });
      expect([status, r]).toMatchObject([
        502,
        { ok: false, outcome: 'failed', message: 'no picture (unavailable): no Chromium on this machine' },
      ]);
      if (r.ok) return;
      await until(async () =>
        expect((await fleetRecords(rig)).find((x) => x.command.requestId === r.requestId)).toMatchObject({
          outcome: 'failed',
          detail: 'no picture (unavailable): no Chromium on this machine',
          summary: 'Board D1 (table T1): screenshot — failed',
        }),
      );
    } finally {
      take = async () => ({ png: PNG, width: 64, height: 36, source: 'window' });
    }
  });

  test('a supervisor reloads and resyncs with replace, each with a reason kept in the audit log', async () => {
    const reload = await fleet(sam, { displayId: 'D1', command: 'reload', reason: 'page frozen since 21:00' });
    expect(reload.status).toBe(200);
    const resync = await fleet(sam, { displayId: 'D1', command: 'resync', replace: true, reason: 'stuck on S1' });
    expect(resync.status).toBe(200);
    expect(got.D1?.at(-1)).toMatchObject({ command: 'resync', replace: true });
    await until(async () => {
      const records = await fleetRecords(rig);
      expect(records.find((x) => x.command.name === 'reload')).toMatchObject({
        who: { account: 'sam', role: 'supervisor' },
        reason: 'page frozen since 21:00',
        outcome: 'done',
      });
      expect(records.find((x) => x.command.name === 'resync')?.summary).toBe(
        'Board D1 (table T1): resync with replace — done',
      );
    });
  });
});

describe('refused before anything is published', () => {
  const before = () => wire.length;

  test.each([
    [
      'a viewer identifying',
      () => vic,
      'identify',
      'a viewer cannot identify a board, show its details or take its screenshot: ask a floor manager or a supervisor',
    ],
    [
      'a viewer taking a screenshot',
      () => vic,
      'screenshot',
      'a viewer cannot identify a board, show its details or take its screenshot: ask a floor manager or a supervisor',
    ],
    [
      'a floor manager reloading',
      () => alice,
      'reload',
      'a floor manager cannot reload or resync a board: ask a supervisor',
    ],
    [
      'a floor manager resyncing',
      () => alice,
      'resync',
      'a floor manager cannot reload or resync a board: ask a supervisor',
    ],
  ] as const)('%s: 403, in words', async (_, who, command, message) => {
    const n = before();
    const records = (await fleetRecords(rig)).length;
    const { status, r } = await fleet(who(), { displayId: 'D1', command, reason: 'because I can' });
    expect([status, r]).toEqual([403, { ok: false, outcome: 'refused', field: 'role', message }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(wire.length).toBe(n);
    expect((await fleetRecords(rig)).length).toBe(records);
  });

  test.each([
    [{ displayId: 'D1', command: 'reload' }, 400, 'reason', /^give a reason/],
    [{ displayId: 'D1', command: 'resync', reason: ' ok ' }, 400, 'reason', /^the reason 'ok' is too short/],
    [{ displayId: 'D1', command: 'about', reason: 'x'.repeat(301) }, 400, 'reason', /^the reason is longer than 300/],
    [{ displayId: 'D1', command: 'shrug' }, 400, 'command', /^'shrug' is not a fleet command/],
    [{ displayId: 'D1/x', command: 'about' }, 400, 'display', /is not a display id/],
    [
      { displayId: 'D1', command: 'reload', seconds: 5, reason: 'test run' },
      400,
      'seconds',
      /^seconds is for identify and about/,
    ],
    [{ displayId: 'D1', command: 'about', seconds: 0 }, 400, 'seconds', /^seconds must be 1 to 600/],
    [{ displayId: 'D1', command: 'about', replace: true }, 400, 'replace', /^replace is for resync/],
    [
      { displayId: 'D7', command: 'identify' },
      404,
      'display',
      /^no board D7 on the broker: the broker holds no status for it, as for a board that has never connected, so /,
    ],
    [
      { displayId: 'gone', command: 'identify' },
      409,
      'display',
      /^board gone is offline since 2026-03-01T20:00:00.000Z or later: a command would wait/,
    ],
  ] as const)('%j: %i on %s', async (body, code, field, message) => {
    const n = before();
    const { status, r } = await fleet(sam, body);
    expect(status).toBe(code);
    expect(r).toMatchObject({ ok: false, outcome: 'refused', field });
    if (!r.ok) expect(r.message).toMatch(message);
    expect(wire.length).toBe(n);
  });
});

describe('no answer', () => {
  test('a board that never answers: a timeout naming what its status says, audited as no answer', async () => {
    timeouts = { identify: 600 };
    try {
      const first = fleet(alice, { displayId: 'mute', command: 'identify' });
      // One command at a time per board: a second, meanwhile, is refused and never published.
      await until(() => expect(wire.some((w) => w.topic === T.displayCommand('mute'))).toBe(true));
      const second = await fleet(sam, { displayId: 'mute', command: 'about' });
      expect(second.status).toBe(409);
      if (!second.r.ok)
        expect(second.r.message).toMatch(
          /^an identify by alice was under way on board mute \(since .*\) when this was sent, so it was not sent: /,
        );
      const { status, r } = await first;
      expect(status).toBe(504);
      if (r.ok) throw new Error('answered');
      expect(r.outcome).toBe('no-answer');
      expect(r.message).toMatch(
        /^no answer within 0\.6 s\. Its status says online \(as of .*\): the command may have been refused\. /,
      );
      expect(r.message).toContain('this console has no pit key (start it with --signing-key)');
      expect(wire.filter((w) => w.topic === T.displayCommand('mute'))).toHaveLength(1);
      await until(async () =>
        expect((await fleetRecords(rig)).find((x) => x.command.requestId === r.requestId)).toMatchObject({
          outcome: 'no-answer',
          answeredAt: null,
          summary: 'Board mute (table T1): identify — no answer',
        }),
      );
    } finally {
      timeouts = {};
    }
  });

  test('a board that requires signatures refuses an unsigned command, and the timeout says it rejected it', async () => {
    timeouts = { about: 2_500 };
    try {
      const { status, r } = await fleet(alice, { displayId: 'strict', command: 'about' });
      expect(status).toBe(504);
      if (r.ok) throw new Error('answered');
      expect(r.message).toContain('It rejected a message meanwhile: most likely this command.');
      expect(got.strict).toEqual([]);
    } finally {
      timeouts = {};
    }
  });

  test('and takes the same command signed with the pit key by a console that holds it', async () => {
    const alice2 = await signedRig.signIn('alice');
    const { status, r } = await fleet(alice2, { displayId: 'strict', command: 'about' });
    expect(status).toBe(200);
    if (!r.ok) throw new Error(r.message);
    expect(r.signedBy).toBe(pit.kid);
    expect(got.strict?.at(-1)).toMatchObject({ command: 'about', sig: { kid: pit.kid } });
    await until(async () =>
      expect((await fleetRecords(signedRig)).find((x) => x.command.requestId === r.requestId)).toMatchObject({
        command: { name: 'about', kid: pit.kid },
        outcome: 'done',
        sig: { kid: pit.kid },
      }),
    );
  });
});
