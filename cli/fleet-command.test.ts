/**
 * `baccarat-board fleet` in this process against a real broker (Aedes) and a real board (the Bridge), now that it
 * shares its publishing and waiting with the console (console/fleet-send.ts, console/fleet-answer.ts): identify
 * confirmed by the board's status with the command as it went on the wire, a screenshot written as the PNG the board
 * sent, a timeout that says what the board's status says, a board requiring signatures that rejects the unsigned
 * command and takes the signed one, and bad input refused with exit 2 before anything is published.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeDisplayStatus, parseMessage } from '../contract/mqtt';
import type { DisplayCommand } from '../contract/schemas';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig, type Config } from '../mqtt-bridge/config';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { memoryLogger } from '../mqtt-bridge/log';
import { answerScreenshots } from '../mqtt-bridge/screenshot-reply';
import { generateSigningKey, publicKeyText } from '../mqtt-bridge/signing';
import { until } from '../test/helpers/lifecycle';
import { encodePng } from '../test/helpers/png';
import { main } from './main';
import { memoryIo } from './test-io';

const T = topics('baccarat');
const PNG = encodePng(32, 18, (x, y) => [x * 8, y * 14, 200]);
const pit = generateSigningKey();
const dir = mkdtempSync(join(tmpdir(), 'bb-fleet-cli-'));
const keyFile = join(dir, 'pit.key');
writeFileSync(keyFile, pit.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
const cleanups: (() => Promise<unknown>)[] = [];
let broker: EmbeddedBroker;
let spy: MqttClient;
const wire: DisplayCommand[] = [];
const handed: DisplayCommand[] = [];

async function board(displayId: string, trust?: Config['trust']): Promise<void> {
  const c = defaultConfig();
  const bridge = new Bridge(
    {
      ...c,
      tableId: 'T1',
      displayId,
      mqtt: { ...c.mqtt, brokers: [broker.url], clientId: `board-${displayId}` },
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-fleet-cli-j-')), syncIntervalMs: 0 },
      ...(trust && { trust }),
    },
    { logger: memoryLogger().logger },
  );
  bridge.on('command', (c) => void handed.push(c));
  answerScreenshots(bridge, displayId, async () => ({ png: PNG, width: 32, height: 18, source: 'rendered' }));
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(bridge.subscribed).toBe(true));
}

async function fleet(...args: string[]) {
  const m = memoryIo();
  const code = await main(['fleet', ...args, '--broker', broker.url], m.io);
  return { code, out: m.out(), err: m.err() };
}

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  spy = await connectAsync(broker.url, { clientId: 'spy' });
  cleanups.push(() => spy.endAsync());
  spy.on('message', (_, payload) => {
    const p = parseMessage('displayCommand', payload);
    if (p.ok) wire.push(p.value);
  });
  await spy.subscribeAsync(T.filter('displayCommand'), { qos: 1 });
  await spy.publishAsync(
    T.displayStatus('mute'),
    makeDisplayStatus({
      v: 1,
      state: 'online',
      displayId: 'mute',
      tableId: 'T1',
      version: '0.1.0',
      timestamp: '2026-03-01T21:00:00.000Z',
      handCount: 0,
      rejectedMessages: 0,
      uptimeSeconds: 5,
    }),
    { qos: 1, retain: true },
  );
  await board('D1');
  await board('strict', {
    requireSignatures: true,
    controllerKeys: [publicKeyText(generateSigningKey().publicKey)],
    pitKeys: [publicKeyText(pit.publicKey)],
  });
}, 30_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('baccarat-board fleet', () => {
  test('identify: the command on the wire, handed to the board, confirmed by its status', async () => {
    const r = await fleet('identify', '--display', 'D1', '--seconds', '90', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.out) as {
      command: string;
      display: string;
      ok: boolean;
      status: { lastCommand: unknown };
    };
    const sent = wire.at(-1);
    expect(sent).toMatchObject({ v: 1, command: 'identify', durationSeconds: 90 });
    expect(answer).toMatchObject({
      command: 'identify',
      display: 'D1',
      ok: true,
      status: { lastCommand: { requestId: sent?.requestId, command: 'identify', ok: true } },
    });
    expect(handed.at(-1)).toEqual(sent);
  });

  test('resync --replace goes out with replace', async () => {
    const r = await fleet('resync', '--display', 'D1', '--replace');
    expect([r.code, r.out]).toEqual([0, 'D1: resync done\n']);
    expect(wire.at(-1)).toMatchObject({ command: 'resync', replace: true });
  });

  test('screenshot: the PNG the board sent, written to --out', async () => {
    const out = join(dir, 'd1.png');
    const r = await fleet('screenshot', '--display', 'D1', '--out', out);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(out).equals(PNG)).toBe(true);
    const kib = Math.ceil(PNG.length / 1024);
    expect(r.out).toMatch(new RegExp(`^${out}: 32×18 PNG, ${kib} KiB, from display D1 at \\S+\\n  source: rendered`));
  });

  test('a board that does not answer: exit 1, and what its status says', async () => {
    const r = await fleet('reload', '--display', 'mute', '--timeout', '0.5');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'baccarat-board fleet: no answer from display mute within 0.5 s to reload. Its status says online (as of ' +
        '2026-03-01T21:00:00.000Z): the command may have been refused. A board that requires signatures ' +
        '(trust.requireSignatures) takes only commands signed by a pit key it trusts (--signing-key); the broker may ' +
        'not let this account publish commands, or read the answer (its ACL).\n',
    );
  });

  test('a board that requires signatures rejects it unsigned (and the message says so), takes it signed', async () => {
    const unsigned = await fleet('about', '--display', 'strict', '--timeout', '2.5');
    expect(unsigned.code).toBe(1);
    expect(unsigned.err).toContain('It rejected a message meanwhile: most likely this command.');
    const signed = await fleet('about', '--display', 'strict', '--signing-key', keyFile);
    expect([signed.code, signed.out]).toEqual([0, `strict: about done (signed, key ${pit.kid})\n`]);
    expect(handed.at(-1)).toMatchObject({ command: 'about', sig: { kid: pit.kid } });
  });

  test.each([
    [['shrug', '--display', 'D1'], "unknown command 'shrug': identify, about, reload, resync, screenshot"],
    [['identify'], '--display ID is required'],
    [['identify', '--display', 'D1/x'], "--display 'D1/x' is not a display id (A-Z a-z 0-9 _ -)"],
    [['reload', '--display', 'D1', '--seconds', '5'], '--seconds is for identify and about, not reload'],
    [['about', '--display', 'D1', '--seconds', 'soon'], "--seconds must be 1 to 600, not 'soon'"],
    [['about', '--display', 'D1', '--replace'], '--replace is for resync'],
    [['screenshot', '--display', 'D1'], 'screenshot needs --out FILE.png'],
    [['about', '--display', 'D1', '--timeout', '0'], "--timeout must be more than 0 and at most 600 seconds, not '0'"],
  ])('%j: exit 2, %s, nothing published', async (args, message) => {
    const n = wire.length;
    const r = await fleet(...args);
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(`baccarat-board fleet: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(wire.length).toBe(n);
  });
});
