/**
 * The about and screenshot fleet commands through a real broker (Aedes, in-process) and a real bridge: the command
 * reaches the host, a picture (or why there is none) comes back on `{root}/displays/{id}/screenshot` with the
 * request's id, the status acknowledges it, and boards that require signatures refuse unsigned ones.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeDisplayCommand, parseMessage } from '../contract/mqtt';
import { SCREENSHOT_MAX_PNG_BYTES, type DisplayCommand, type DisplayScreenshot } from '../contract/schemas';
import { topics } from '../contract/topics';
import { testBoardConfig } from '../test/helpers/board-config';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { aboutInfo, withoutCredentials } from './about';
import { Bridge } from './bridge';
import { type Config, defaultConfig } from './config';
import { startEmbeddedBroker } from './embedded-broker';
import { memoryLogger } from './log';
import { answerScreenshots, ScreenshotFailure, type Picture } from './screenshot-reply';
import { generateSigningKey, publicKeyText, signPayload } from './signing';

const T = topics('baccarat');
const cleanups = cleanupList();

async function rig(take: () => Promise<Picture>, trust?: Config['trust']) {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const cfg = testBoardConfig(broker.url, 'bb-fleet-', trust ? { trust } : {});
  const bridge = new Bridge(cfg, { logger: memoryLogger().logger, version: '1.2.3' });
  const commands: DisplayCommand[] = [];
  bridge.on('command', (cmd) => commands.push(cmd));
  answerScreenshots(bridge, cfg.displayId, take);
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(bridge.subscribed).toBe(true));
  const fleet: MqttClient = await mqtt.connectAsync(broker.url, { clientId: 'fleet', reconnectPeriod: 0 });
  cleanups.push(() => fleet.endAsync(true));
  const replies: DisplayScreenshot[] = [];
  fleet.on('message', (topic, payload) => {
    const r = parseMessage('displayScreenshot', payload);
    if (topic === T.displayScreenshot('D1') && r.ok) replies.push(r.value);
  });
  await fleet.subscribeAsync(T.displayScreenshot('D1'), { qos: 1 });
  return { bridge, commands, fleet, replies };
}

const send = (fleet: MqttClient, c: DisplayCommand) =>
  fleet.publishAsync(T.displayCommand('D1'), makeDisplayCommand(c), { qos: 1 });
const cmd = (command: 'screenshot' | 'about', requestId: string, extra: object = {}) =>
  ({ v: 1, command, requestId, timestamp: new Date().toISOString(), ...extra }) as DisplayCommand;

describe('fleet commands about and screenshot (Aedes)', () => {
  test('a screenshot command is answered with the picture, its size and source, and acknowledged', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const r = await rig(async () => ({ png, width: 1920, height: 1080, source: 'window' }));
    await send(r.fleet, cmd('screenshot', 'shot-1'));
    await until(() => expect(r.replies).toHaveLength(1));
    const reply = r.replies[0]!;
    expect(reply).toMatchObject({ ok: true, requestId: 'shot-1', displayId: 'D1', width: 1920, height: 1080 });
    expect(reply.ok && reply.mime).toBe('image/png');
    expect(reply.ok && reply.source).toBe('window');
    expect(reply.ok && [...Buffer.from(reply.png, 'base64')]).toEqual([...png]);
    expect(r.commands.map((c) => c.command)).toEqual(['screenshot']);
    await until(() =>
      expect(r.bridge.displayStatus()).toMatchObject({
        lastCommand: { requestId: 'shot-1', command: 'screenshot', ok: true },
      }),
    );
  });

  test('a picture near the limit (about 4 MiB as sent) goes through the broker whole', async () => {
    const png = new Uint8Array(SCREENSHOT_MAX_PNG_BYTES - 1024).map((_, i) => (i * 7919) % 251);
    const r = await rig(async () => ({ png, width: 3840, height: 2160, source: 'window' }));
    await send(r.fleet, cmd('screenshot', 'big'));
    await until(() => expect(r.replies).toHaveLength(1), 10_000);
    const reply = r.replies[0]!;
    expect(reply.ok && Buffer.from(reply.png, 'base64').equals(Buffer.from(png))).toBe(true);
  });

  test('over the limit, or without a way to take one, the answer says why and the status says it failed', async () => {
    let next: () => Promise<Picture> = async () => ({
      png: new Uint8Array(SCREENSHOT_MAX_PNG_BYTES + 1),
      width: 7680,
      height: 4320,
      source: 'window',
    });
    const r = await rig(() => next());
    await send(r.fleet, cmd('screenshot', 'too-big'));
    await until(() => expect(r.replies).toHaveLength(1));
    expect(r.replies[0]).toMatchObject({ ok: false, code: 'too-large', requestId: 'too-big' });
    expect(!r.replies[0]!.ok && r.replies[0]!.error).toMatch(/7680×4320 PNG is 3\.0 MiB, over the limit of 3 MiB/);
    next = () => Promise.reject(new ScreenshotFailure('unavailable', 'no Chromium here'));
    await send(r.fleet, cmd('screenshot', 'none'));
    await until(() => expect(r.replies).toHaveLength(2));
    expect(r.replies[1]).toMatchObject({ ok: false, code: 'unavailable', error: 'no Chromium here' });
    await until(() =>
      expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'none', ok: false } }),
    );
  });

  test('the about command reaches the host with its duration, and is acknowledged', async () => {
    const r = await rig(() => Promise.reject(new Error('unused')));
    await send(r.fleet, cmd('about', 'about-1', { durationSeconds: 45 }));
    await until(() => expect(r.commands).toHaveLength(1));
    expect(r.commands[0]).toMatchObject({ command: 'about', durationSeconds: 45 });
    expect(r.bridge.displayStatus()).toMatchObject({
      lastCommand: { requestId: 'about-1', command: 'about', ok: true },
    });
  });

  test('where signatures are required, an unsigned screenshot or about is refused and a signed one answered', async () => {
    const pit = generateSigningKey();
    const controller = generateSigningKey();
    const trust = {
      requireSignatures: true,
      controllerKeys: [publicKeyText(controller.publicKey)],
      pitKeys: [publicKeyText(pit.publicKey)],
    };
    const png = new Uint8Array([1, 2, 3]);
    const r = await rig(async () => ({ png, width: 10, height: 10, source: 'window' }), trust);
    await send(r.fleet, cmd('screenshot', 'unsigned'));
    await send(r.fleet, cmd('about', 'unsigned-about'));
    await until(() => expect(r.bridge.counters.rejected).toBe(2));
    const signed = signPayload(pit, T.displayCommand('D1'), cmd('screenshot', 'signed'));
    await send(r.fleet, signed);
    await until(() => expect(r.replies.map((x) => x.requestId)).toEqual(['signed']));
    expect(r.commands.map((c) => c.requestId)).toEqual(['signed']);
  });
});

describe('aboutInfo', () => {
  test('says what the board runs without a secret: broker credentials dropped, keys only counted', () => {
    const c = defaultConfig();
    const about = aboutInfo(
      {
        ...c,
        displayId: 'D1',
        tableId: 'T1',
        mqtt: { ...c.mqtt, brokers: ['mqtts://board:s3cret@broker-a:8883', 'mqtt://broker-b'] },
        trust: { requireSignatures: false, controllerKeys: ['k1', 'k2'], pitKeys: [] },
      },
      {
        version: '1.2.3',
        build: 'ab'.repeat(32),
        configFile: '/etc/baccarat-board/config.json',
        startedAt: '2026-03-01T10:00:00.000Z',
        runtime: { kind: 'browser', node: '22.12.0' },
      },
    );
    expect(about.brokers).toEqual(['mqtts://broker-a:8883', 'mqtt://broker-b']);
    expect(about.trust).toEqual({ requireSignatures: false, controllerKeys: 2, pitKeys: 0 });
    expect(JSON.stringify(about)).not.toMatch(/s3cret|k1/);
    expect(withoutCredentials('ws://u:p@host:9001/mqtt')).toBe('ws://host:9001/mqtt');
  });
});
