/**
 * Security against a real Mosquitto with a password file and an ACL, as a casino would run it: the controller
 * may publish results but not signs, the console signs but not results, boards read and report. With MQTT 5 the
 * broker says why it refuses (PUBACK reason code 135); with 3.1.1 it drops the publish silently, and the console
 * notices the sign never came back. Either way the retained sign does not change, and a result published with
 * the console's credentials never reaches a subscriber.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signageCommand } from '../cli/signage-command';
import { memoryIo } from '../cli/test-io';
import { makeHandMessage, parseTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { CARDS, coup, handMessage } from '../test/helpers/table-messages';
import { AuditLog } from './audit-log';
import { signChanges } from './changes';
import { FleetMonitor } from './monitor';
import { readRetained } from './mqtt-session';

const T = topics('baccarat');
const USERS = { controller: 'ctl-secret', console: 'console-secret', board: 'board-secret' };
const ACL = `# The casino's ACL (mosquitto acl_file): who may write and read what.
user controller
topic write baccarat/tables/+/hand
topic write baccarat/tables/+/event
topic write baccarat/tables/+/shoe
topic write baccarat/tables/+/controller/status

user console
topic write baccarat/tables/+/signage
topic write baccarat/casino/signage
topic read baccarat/#

user board
topic read baccarat/#
topic write baccarat/displays/+/status
`;

const missing = mosquittoMissing();
let broker: Mosquitto;
const clients: MqttClient[] = [];

async function client(user: keyof typeof USERS, protocolVersion: 4 | 5 = 5): Promise<MqttClient> {
  const c = await connectAsync(broker.url, {
    username: user,
    password: USERS[user],
    protocolVersion,
    reconnectPeriod: 0,
  });
  clients.push(c);
  return c;
}
async function signage(args: string[], user: keyof typeof USERS, pv: 4 | 5 = 5) {
  const m = memoryIo();
  const code = await signageCommand(
    [
      '--broker',
      broker.url,
      '--username',
      user,
      '--password',
      USERS[user],
      '--protocol-version',
      String(pv),
      '--wait',
      '200',
      ...args,
    ],
    m.io,
    { env: { USER: `${user}-user` }, now: () => new Date() },
  );
  return { code, out: m.out(), err: m.err() };
}
/** The retained sign of table T1 as the console account reads it. */
async function revisionOnBroker(): Promise<number | null> {
  const c = await client('console');
  const r = await readRetained(c, [T.tableSignage('T1')], 300);
  const bytes = r.ok ? r.value.get(T.tableSignage('T1')) : undefined;
  const s = bytes ? parseTableSignage(bytes) : null;
  return s?.ok ? s.value.revision : null;
}

describe.skipIf(missing !== null)(
  `Mosquitto with a password file and an ACL${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    beforeAll(async () => {
      broker = await startMosquitto({ users: USERS, acl: ACL });
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      await broker?.close();
    });

    test("the console's credentials change signs (MQTT 5 and 3.1.1)", async () => {
      const r = await signage(
        ['--table', 'T1', 'set', 'name=Jade 8', 'min=100', 'max=50000', 'tie-max=5000'],
        'console',
      );
      expect([r.code, r.err]).toEqual([0, '']);
      expect(await revisionOnBroker()).toBe(1);
      const v4 = await signage(['--table', 'T1', 'set', 'tie-pays=9', 'pp-scale=two'], 'console', 4);
      expect([v4.code, v4.err]).toEqual([0, '']);
      expect(await revisionOnBroker()).toBe(2);
    });

    test("the controller's credentials cannot change signage: not authorized with MQTT 5, and the sign stays", async () => {
      const r = await signage(['--table', 'T1', 'set', 'min=5000'], 'controller');
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/not authorized to change signage for table T1 \(the broker refused it, reason code 135\)/);
      const casino = await signage(['set', 'pp-scale=one'], 'controller');
      expect(casino.code).toBe(1);
      expect(casino.err).toMatch(/not authorized to change the casino signage/);
      expect(await revisionOnBroker()).toBe(2);
    });

    test('with MQTT 3.1.1 the broker drops it silently; the command notices the sign never came back', async () => {
      const r = await signage(['--table', 'T1', 'set', 'min=5000'], 'controller', 4);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        /did not pass it back within 2 s.*MQTT 3.1.1 broker drops an unauthorized publish silently/,
      );
      expect(await revisionOnBroker()).toBe(2);
    });

    test("the console server logged in with the controller's credentials is refused too, and audits nothing", async () => {
      const monitor = new FleetMonitor(
        { url: broker.url, root: 'baccarat', protocolVersion: 5, username: 'controller', password: USERS.controller },
        { consoleUser: 'x' },
      );
      await monitor.start();
      const audit = new AuditLog(join(mkdtempSync(join(tmpdir(), 'bb-acl-')), 'audit.jsonl'));
      const r = await signChanges({ monitor, audit }).apply({
        tableId: 'T1',
        changes: [['open', 'false']],
        user: 'mallory',
      });
      await monitor.stop();
      expect(r).toEqual({
        ok: false,
        field: null,
        message: expect.stringMatching(/^not authorized to change signage for table T1/),
      });
      expect(await audit.read()).toEqual([]);
      expect(await revisionOnBroker()).toBe(2);
    });

    test("the console's credentials cannot publish results: the hand never reaches a subscriber", async () => {
      const board = await client('board');
      const got: string[] = [];
      board.on('message', (topic, p) => got.push(`${topic} ${p.toString()}`));
      await board.subscribeAsync(T.tableHand('T1'), { qos: 1 });
      const hand = makeHandMessage(handMessage('S1', 1, coup(CARDS.banker)));

      const v5 = await client('console', 5);
      await expect(v5.publishAsync(T.tableHand('T1'), hand, { qos: 1 })).rejects.toMatchObject({ code: 135 });
      const v4 = await client('console', 4);
      await v4.publishAsync(T.tableHand('T1'), hand, { qos: 1 }); // acknowledged, and dropped
      await new Promise((r) => setTimeout(r, 400));
      expect(got).toEqual([]);

      // The control: the controller's hand does arrive, so the subscriber was listening.
      const controller = await client('controller');
      await controller.publishAsync(T.tableHand('T1'), hand, { qos: 1 });
      await expect.poll(() => got.length).toBe(1);
    });
  },
);
