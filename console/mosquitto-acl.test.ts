/**
 * Security against a real Mosquitto with a password file and the ACL of docs/console.md (read from it, so the
 * two cannot drift), as a casino would run it: a controller publishes its own table's results and no other's,
 * a board its own status and no other's, the console signs but not results. With MQTT 5 the broker says why it
 * refuses (PUBACK reason code 135); with 3.1.1 it drops the publish silently, and the console notices the sign
 * never came back. Either way the retained sign does not change, and a refused publish never reaches a subscriber.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fleetCommand } from '../cli/fleet-command';
import { signageCommand } from '../cli/signage-command';
import { simulateCommand } from '../cli/simulate-command';
import { memoryIo } from '../cli/test-io';
import { makeDisplaySeen, makeDisplayStatus, makeHandMessage, parseTableSignage } from '../contract/mqtt';
import { boardSubscriptions, topics } from '../contract/topics';
import { announceAuditKeeper } from '../test/helpers/audit-keeper';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { CARDS, coup, handMessage } from '../test/helpers/table-messages';
import { AuditLog } from './audit-log';
import { signChanges } from './changes';
import { FleetMonitor } from './monitor';
import { readRetained } from './mqtt-session';

const T = topics('baccarat');
/** Accounts by the documented convention: controllers are named as their table, boards as their display. */
const USERS = {
  T1: 'ctl-t1-secret',
  T2: 'ctl-t2-secret',
  D1: 'board-d1-secret',
  D2: 'board-d2-secret',
  console: 'console-secret',
  'fleet-admin': 'fleet-admin-secret',
};
type User = keyof typeof USERS;

/** The ACL of docs/console.md: the one fenced block after the comment that names this test. */
function documentedAcl(): string {
  const doc = readFileSync(new URL('../docs/console.md', import.meta.url), 'utf8');
  const m =
    /<!-- console\/mosquitto-acl\.test\.ts runs Mosquitto with exactly the block below[^>]*-->\s*```conf\n([\s\S]*?)```/.exec(
      doc,
    );
  if (!m) throw new Error('docs/console.md has no ACL block after its console/mosquitto-acl.test.ts comment');
  return m[1]!;
}
const ACL = documentedAcl();

const missing = mosquittoMissing();
let broker: Mosquitto;
const clients: MqttClient[] = [];

async function client(user: User, protocolVersion: 4 | 5 = 5): Promise<MqttClient> {
  const c = await connectAsync(broker.url, {
    username: user,
    password: USERS[user],
    protocolVersion,
    reconnectPeriod: 0,
  });
  clients.push(c);
  return c;
}
async function signage(args: string[], user: User, pv: 4 | 5 = 5) {
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
      ...(args.includes('set') ? ['--reason', 'ACL test', '--new-table'] : []), // T1's first sign is set here
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
      // A console has connected once and said it keeps the audit log (its account may: MQTT 5 would refuse it).
      await announceAuditKeeper(await client('console'));
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
      const v4 = await signage(
        ['--table', 'T1', 'set', 'tie-pays=9', 'pp-scale=two', 'casino-name=Crown'],
        'console',
        4,
      );
      expect([v4.code, v4.err]).toEqual([0, '']);
      expect(await revisionOnBroker()).toBe(2);
    });

    test("the controller's credentials cannot change signage: not authorized with MQTT 5, and the sign stays", async () => {
      const r = await signage(['--table', 'T1', 'set', 'min=5000'], 'T1');
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/not authorized to change signage for table T1 \(the broker refused it, reason code 135\)/);
      const casino = await signage(['set', 'pp-scale=one'], 'T1');
      expect(casino.code).toBe(1);
      expect(casino.err).toMatch(/not authorized to change the casino signage/);
      expect(await revisionOnBroker()).toBe(2);
    });

    test('with MQTT 3.1.1 the broker drops it silently; the command notices the sign never came back', async () => {
      const r = await signage(['--table', 'T1', 'set', 'min=5000'], 'T1', 4);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        /did not pass it back within 2 s.*MQTT 3.1.1 broker drops an unauthorized publish silently/,
      );
      expect(await revisionOnBroker()).toBe(2);
    });

    test("the console server logged in with the controller's credentials is refused too, and audits nothing", async () => {
      const monitor = new FleetMonitor({
        url: broker.url,
        root: 'baccarat',
        protocolVersion: 5,
        username: 'T1',
        password: USERS.T1,
      });
      await monitor.start();
      const audit = new AuditLog(join(mkdtempSync(join(tmpdir(), 'bb-acl-')), 'audit.jsonl'));
      const feed = { publish: (records: readonly unknown[]) => audit.append(records as never).then(() => null) };
      const r = await signChanges({ monitor, audit, feed }).apply(
        { tableId: 'T1', changes: [['min', '5000']], reason: 'ACL test' },
        { name: 'mallory', role: 'supervisor' },
      );
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
      const board = await client('D1');
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
      const controller = await client('T1');
      await controller.publishAsync(T.tableHand('T1'), hand, { qos: 1 });
      await expect.poll(() => got.length).toBe(1);
    });

    /** Everything the console account sees published on `filter` from now on (not what is retained already). */
    async function watch(filter: string) {
      const c = await client('console');
      const got: string[] = [];
      c.on('message', (topic, p, packet) => {
        if (!packet.retain) got.push(`${topic} ${p.toString()}`);
      });
      await c.subscribeAsync(filter, { qos: 1 });
      return got;
    }
    const settle = () => new Promise((r) => setTimeout(r, 400));

    test("a controller writes its own table only: another table's topics never reach a subscriber", async () => {
      const got = await watch('baccarat/tables/#');
      const hand = makeHandMessage(handMessage('S1', 1, coup(CARDS.player)));
      const v5 = await client('T1', 5);
      for (const topic of [T.tableHand('T2'), T.tableEvent('T2'), T.tableShoe('T2'), T.controllerStatus('T2')])
        await expect(v5.publishAsync(topic, hand, { qos: 1 }), topic).rejects.toMatchObject({ code: 135 });
      const v4 = await client('T1', 4);
      await v4.publishAsync(T.tableHand('T2'), hand, { qos: 1 }); // acknowledged, and dropped
      // Nor the signs of its own table, nor a board's status.
      await expect(v5.publishAsync(T.tableSignage('T1'), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      await expect(v5.publishAsync(T.displayStatus('D1'), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      await settle();
      expect(got).toEqual([]);

      // The control: its own table arrives, on every controller topic.
      for (const topic of [T.tableHand('T1'), T.tableEvent('T1'), T.tableShoe('T1'), T.controllerStatus('T1')])
        await v5.publishAsync(topic, hand, { qos: 1 });
      await expect.poll(() => got.length).toBe(4);
      // Clear the retained ones again.
      await v5.publishAsync(T.tableShoe('T1'), '', { qos: 1, retain: true });
      await v5.publishAsync(T.controllerStatus('T1'), '', { qos: 1, retain: true });
    });

    test('simulate runs under a controller account (MQTT 5: a refused publish would fail it)', async () => {
      const got = await watch(T.tableHand('T1'));
      const m = memoryIo();
      const code = await simulateCommand(
        [
          '--broker',
          broker.url,
          '--tables',
          'T1',
          '--username',
          'T1',
          '--password',
          USERS.T1,
          '--protocol-version',
          '5',
          '--speed',
          'max',
          '--shoes',
          '1',
          '--quiet',
        ],
        m.io,
        { onInterrupt: () => () => undefined, randomSeed: () => 'acl', now: () => new Date() },
      );
      expect([code, m.err()]).toEqual([0, '']);
      expect(got.length).toBeGreaterThan(40);
      const other = memoryIo();
      const refused = await simulateCommand(
        ['--broker', broker.url, '--tables', 'T2', '--username', 'T1', '--password', USERS.T1].concat([
          '--protocol-version',
          '5',
          '--speed',
          'max',
          '--shoes',
          '1',
          '--quiet',
        ]),
        other.io,
        { onInterrupt: () => () => undefined, randomSeed: () => 'acl', now: () => new Date() },
      );
      expect(refused).toBe(1);
      expect(other.err()).toMatch(/135|not authori[sz]ed/i);
    });

    test('a board writes its own status only, and reads only its own commands', async () => {
      const statuses = await watch('baccarat/displays/+/status');
      const hands = await watch(T.tableHand('T1'));
      const d1 = await client('D1', 5);
      await expect(d1.publishAsync(T.displayStatus('D2'), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      await expect(d1.publishAsync(T.tableHand('T1'), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      await expect(d1.publishAsync(T.displayCommand('D1'), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      const d1v4 = await client('D1', 4);
      await d1v4.publishAsync(T.displayStatus('D2'), '{}', { qos: 1 }); // acknowledged, and dropped
      await settle();
      expect([statuses, hands]).toEqual([[], []]);
      await d1.publishAsync(T.displayStatus('D1'), '{"mine":true}', { qos: 1 });
      await expect.poll(() => statuses).toEqual([`${T.displayStatus('D1')} {"mine":true}`]);

      // Commands: the console sends one to each board; D1 sees its own only, even through a wildcard.
      const commands: string[] = [];
      d1.on('message', (topic) => topic.includes('/command') && commands.push(topic));
      await d1.subscribeAsync([T.displayCommand('D1'), 'baccarat/displays/+/command', T.displayCommand('D2')], {
        qos: 1,
      });
      const console5 = await client('console', 5);
      await console5.publishAsync(T.displayCommand('D2'), '{}', { qos: 1 });
      await console5.publishAsync(T.displayCommand('D1'), '{}', { qos: 1 });
      await expect.poll(() => commands.length).toBeGreaterThan(0);
      await settle();
      expect(new Set(commands)).toEqual(new Set([T.displayCommand('D1')]));
    });

    test("a board writes its own last-seen time (retained), not another board's; the console reads it", async () => {
      const seen = await watch('baccarat/displays/+/seen');
      const d1 = await client('D1', 5);
      await expect(d1.publishAsync(T.displaySeen('D2'), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      await d1.publishAsync(T.displaySeen('D1'), '{"seen":true}', { qos: 0, retain: true });
      await expect.poll(() => seen).toEqual([`${T.displaySeen('D1')} {"seen":true}`]);
      const later = await readRetained(await client('console', 5), [T.displaySeen('D1')], 200);
      expect(later.ok && later.value.get(T.displaySeen('D1'))?.toString()).toBe('{"seen":true}');
    });

    test('a board answers a screenshot on its own topic only; the console reads it, other boards cannot', async () => {
      const shots = await watch('baccarat/displays/+/screenshot');
      const d1 = await client('D1', 5);
      await expect(d1.publishAsync(T.displayScreenshot('D2'), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      const seenByD2: string[] = [];
      const d2 = await client('D2', 5);
      d2.on('message', (topic) => seenByD2.push(topic));
      await d2.subscribeAsync(T.displayScreenshot('D1'), { qos: 1 }).catch(() => undefined);
      await d1.publishAsync(T.displayScreenshot('D1'), '{"picture":true}', { qos: 1 });
      await expect.poll(() => shots).toEqual([`${T.displayScreenshot('D1')} {"picture":true}`]);
      await settle();
      expect(seenByD2).toEqual([]);
    });

    test('the audit trail: the console writes and reads it; a controller or a board can neither forge nor read it', async () => {
      const got = await watch(T.pitAudit());
      const t1 = await client('T1', 5);
      await expect(t1.publishAsync(T.pitAudit(), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      const d1 = await client('D1', 5);
      await expect(d1.publishAsync(T.pitAudit(), '{}', { qos: 1 })).rejects.toMatchObject({ code: 135 });
      // Mosquitto grants the subscription and delivers nothing: the reasons staff give are not the boards' business.
      const board: string[] = [];
      d1.on('message', (topic) => topic === T.pitAudit() && board.push(topic));
      await d1.subscribeAsync(T.pitAudit(), { qos: 1 });
      await settle();
      expect(got).toEqual([]);
      const c = await client('console', 5);
      await c.publishAsync(T.pitAudit(), '{"control":true}', { qos: 1 });
      await expect.poll(() => got).toEqual([`${T.pitAudit()} {"control":true}`]);
      await settle();
      expect(board).toEqual([]);
    });

    test('every topic a board subscribes to is granted to its account, its own status too', async () => {
      const d2 = await client('D2', 5);
      const subs = boardSubscriptions('baccarat', 'T1', 'D2');
      const granted = await d2.subscribeAsync(
        subs.map((s) => s.topic),
        { qos: 1 },
      );
      expect(granted.map((g) => [g.topic, g.qos])).toEqual(subs.map((s) => [s.topic, 1]));
      // Its own status: how it hears of another board publishing as its display id (display-id-guard.ts).
      const statuses: string[] = [];
      d2.on(
        'message',
        (topic, p) => topic.startsWith('baccarat/displays/') && statuses.push(`${topic} ${p.toString()}`),
      );
      expect((await d2.subscribeAsync(T.displayStatus('D2'), { qos: 1 }))[0]?.qos).toBe(1);
      await d2.subscribeAsync('baccarat/displays/+/status', { qos: 1 }); // another board's: never delivered
      const d1 = await client('D1', 5);
      await (await client('D2', 5)).publishAsync(T.displayStatus('D2'), '{"twin":true}', { qos: 1 });
      await d1.publishAsync(T.displayStatus('D1'), '{"d1":true}', { qos: 1 });
      await expect.poll(() => statuses.length).toBeGreaterThan(0);
      await settle();
      expect(new Set(statuses)).toEqual(new Set([`${T.displayStatus('D2')} {"twin":true}`])); // once per subscription
    });

    test("fleet forget: IT's fleet-admin credentials retire a board; the console's and another board's cannot (MQTT 5 and 3.1.1)", async () => {
      const d1 = await client('D1', 5);
      const at = new Date(Date.now() - 86_400_000).toISOString();
      const gone = { v: 1, displayId: 'D1', tableId: 'T1', version: '1.4.2', timestamp: at } as const;
      await d1.publishAsync(T.displayStatus('D1'), makeDisplayStatus({ ...gone, state: 'offline', will: true }), {
        qos: 1,
        retain: true,
      });
      const seen = { v: 1, displayId: 'D1', tableId: 'T1', timestamp: at } as const;
      await d1.publishAsync(T.displaySeen('D1'), makeDisplaySeen(seen), { qos: 1, retain: true });
      const held = async () => {
        const r = await readRetained(await client('console', 5), [T.displayStatus('D1'), T.displaySeen('D1')], 300);
        return r.ok ? r.value.size : -1;
      };
      expect(await held()).toBe(2);
      const forget = async (user: User, pv: 4 | 5) => {
        const m = memoryIo();
        const args = ['forget', '--display', 'D1', '--broker', broker.url, '--username', user];
        const code = await fleetCommand([...args, '--password', USERS[user], '--protocol-version', String(pv)], m.io);
        return { code, out: m.out(), err: m.err() };
      };
      // A board reads only its own status: another board's is nothing it can see, or clear.
      for (const pv of [5, 4] as const) {
        const other = await forget('D2', pv);
        expect([other.code, other.out]).toEqual([1, '']);
        expect(other.err).toMatch(/display D1: the broker holds no status or last-seen time of it/);
      }
      expect(await held()).toBe(2);
      // The console's may not write a board's status: it could forge one as well as clear it.
      const refused = await forget('console', 5);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/not authorized .*reason code 135/);
      expect(await held()).toBe(2);
      const done = await forget('fleet-admin', 4);
      expect([done.code, done.err]).toEqual([0, '']);
      expect(done.out).toMatch(/^forgot display D1 \(table T1, offline, last seen 1 d ago\)/);
      expect(await held()).toBe(0);
    });
  },
);
