/**
 * `baccarat-board fleet` in this process against a real broker (Aedes) and a real board (the Bridge), now that it
 * shares its publishing and waiting with the console (console/fleet-send.ts, console/fleet-answer.ts): identify
 * confirmed by the board's status with the command as it went on the wire, a screenshot written as the PNG the board
 * sent, a timeout that says what the board's status says, a board requiring signatures that rejects the unsigned
 * command and takes the signed one, and bad input refused with exit 2 before anything is published. Accountable as
 * signage is: each command sent is one record on {root}/pit/audit, as the console makes it, that a console's audit
 * feed appends to its log — who (the OS user, or a --by account held to its role), why (required for reload and
 * resync), the command as published, the board's table and its answer (done, failed, no answer); nothing recorded
 * for what was refused before sending; a record the broker does not pass back printed, exit 1. A board whose
 * retained status says offline, or that has none, is said at once in the words of contract/offline-since.ts, and
 * sent nothing.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parsePitAudit } from '../contract/audit';
import { makeDisplaySeen, makeDisplayStatus, makeShoeSnapshot, parseMessage } from '../contract/mqtt';
import type { DisplayCommand } from '../contract/schemas';
import type { FleetAudit } from '../contract/schemas/audit';
import { topics } from '../contract/topics';
import { AuditFeed } from '../console/audit-feed';
import { AuditLog } from '../console/audit-log';
import { auditSignature } from '../console/pit-signature';
import type { Config } from '../mqtt-bridge/config';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { generateSigningKey, publicKeyText } from '../mqtt-bridge/signing';
import { passwordOf, writeTestAccounts } from '../test/helpers/console-rig';
import { until } from '../test/helpers/lifecycle';
import { startScreenshotBoard } from '../test/helpers/screenshot-board';
import { encodePng } from '../test/helpers/png';
import { CARDS, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import { fleetCommand } from './fleet-command';
import { UsageError } from './io';
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
/** The status time of 'mute', online and never answering: ahead of the clock, so that it is never silent meanwhile. */
const MUTE_AT = new Date(Date.now() + 10 * 60_000).toISOString();
const wire: DisplayCommand[] = [];
const handed: DisplayCommand[] = [];
const records: FleetAudit[] = []; // on {root}/pit/audit
const accounts = join(dir, 'accounts.json');
let consoleLog: AuditLog; // a console's audit log, fed from the broker as the console's is

async function board(displayId: string, trust?: Config['trust']): Promise<void> {
  const bridge = await startScreenshotBoard(broker.url, displayId, {
    take: async () => ({ png: PNG, width: 32, height: 18, source: 'rendered' }),
    onCommand: (c) => void handed.push(c),
    ...(trust && { trust }),
  });
  cleanups.push(() => bridge.stop());
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
  spy.on('message', (topic, payload) => {
    if (topic === T.pitAudit()) {
      const r = parsePitAudit(payload);
      if (r.ok && r.value.action === 'fleet-command') records.push(r.value);
      return;
    }
    const p = parseMessage('displayCommand', payload);
    if (p.ok) wire.push(p.value);
  });
  await spy.subscribeAsync([T.filter('displayCommand'), T.pitAudit()], { qos: 1 });
  consoleLog = new AuditLog(join(dir, 'console-audit.jsonl'));
  const feed = new AuditFeed({
    broker: { url: broker.url, root: 'baccarat', protocolVersion: 4, username: 'console' },
    clientId: 'console-audit',
    log: consoleLog,
    key: pit, // the console holds the pit's key: a signed record that does not verify would be refused
  });
  await feed.start();
  cleanups.push(() => feed.stop());
  await writeTestAccounts(accounts, { ann: 'supervisor', fred: 'floor-manager' });
  // The table's snapshot, which a resync with replace shows (without one, the board keeps its shoe: not done).
  await spy.publishAsync(
    T.tableShoe('T1'),
    makeShoeSnapshot(snapshot('S1', [handMessage('S1', 1, coup(CARDS.banker))])),
    {
      qos: 1,
      retain: true,
    },
  );
  await spy.publishAsync(
    T.displayStatus('mute'),
    makeDisplayStatus({
      v: 1,
      state: 'online',
      displayId: 'mute',
      tableId: 'T1',
      version: '0.1.0',
      timestamp: MUTE_AT,
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

  test("resync --replace goes out with replace, and is done once the board shows the table's snapshot", async () => {
    const r = await fleet('resync', '--display', 'D1', '--replace', '--reason', 'board stuck on the last shoe');
    expect([r.code, r.out]).toEqual([0, "D1: resync done — it shows the table's snapshot in place of its shoe\n"]);
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
    const r = await fleet('reload', '--display', 'mute', '--timeout', '0.5', '--reason', 'frozen since the break');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'baccarat-board fleet: no answer from display mute within 0.5 s to reload. Its status says online (as of ' +
        `${MUTE_AT}): the command may have been refused. A board that requires signatures ` +
        '(trust.requireSignatures) takes only commands signed by a pit key it trusts (--signing-key); the broker may ' +
        'not let this account publish commands, or read the answer (its ACL).\n',
    );
  });

  // Found by casino IT: a board whose retained status no board of this version wrote was sent the command (its
  // status cannot say it is offline), and the wait then said "the broker holds no status for it: check the display id".
  test('a board whose retained status cannot be read: sent, and the wait says the status is there, unreadable', async () => {
    await spy.publishAsync(T.displayStatus('odd'), '{"v":1,"state":"online"}', { qos: 1, retain: true });
    const r = await fleet('identify', '--display', 'odd', '--timeout', '0.5');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^baccarat-board fleet: no answer from display odd within 0\.5 s to identify\. The broker holds a status for it that cannot be read \(displayStatus: .+\): a board of another version, or another program publishing on its topic; see the board's log and version\.\n/,
    );
    expect(r.err).not.toContain('holds no status');
  });

  // Said at once from its retained status (the default wait is 10 s), nothing published, nothing recorded.
  test.each([
    [
      'a board that said goodbye as it stopped',
      'bye',
      { will: false },
      null,
      'board bye is offline since 2026-03-01T20:00:00.000Z: a command would wait at the broker and run whenever ' +
        'the board is back, so nothing was sent',
    ],
    [
      'a board whose will is read later, with its last-seen time',
      'lost',
      { will: true },
      '2026-03-01T20:14:30.000Z',
      'board lost is offline since some time after 2026-03-01T20:14:30.000Z (last seen): a command would wait at ' +
        'the broker and run whenever the board is back, so nothing was sent',
    ],
    [
      'a board that has never connected',
      'nobody',
      null,
      null,
      'no board nobody on the broker: the broker holds no status for it, as for a board that has never connected, ' +
        'so nothing was sent: check the display id (and --root), and that this account may read ' +
        'baccarat/displays/+/status.',
    ],
  ])('%s: exit 1 at once, nothing sent or recorded', async (_, display, offline, lastSeen, message) => {
    const retained = { qos: 1, retain: true } as const;
    if (offline) {
      const status = { v: 1, state: 'offline', displayId: display, tableId: 'T1', version: '0.1.0' } as const;
      const timestamp = '2026-03-01T20:00:00.000Z';
      await spy.publishAsync(
        T.displayStatus(display),
        makeDisplayStatus({ ...status, timestamp, ...offline }),
        retained,
      );
    }
    if (lastSeen)
      await spy.publishAsync(
        T.displaySeen(display),
        makeDisplaySeen({ v: 1, displayId: display, tableId: 'T1', timestamp: lastSeen }),
        retained,
      );
    const [sent, recorded] = [wire.length, records.length];
    const started = Date.now();
    const r = await fleet('identify', '--display', display);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect([r.code, r.out, r.err]).toEqual([1, '', `baccarat-board fleet: ${message}\n`]);
    const json = await fleet('identify', '--display', display, '--json');
    expect(JSON.parse(json.out)).toEqual({
      command: 'identify',
      display,
      ok: false,
      sent: false,
      reason: offline ? 'offline' : 'no-board',
      status: offline ? expect.objectContaining({ state: 'offline' }) : null,
      audit: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([wire.length, records.length]).toEqual([sent, recorded]);
  });

  // Found by casino IT: a silent board (fleet list's word: online, but its status 10 min old) was sent the command,
  // and its wait's words blamed signatures and the ACL for a board that was down.
  test('a silent board: exit 1 at once, said silent since when, nothing sent or recorded', async () => {
    const timestamp = new Date(Date.now() - 10 * 60_000).toISOString();
    const status = { v: 1, state: 'online', displayId: 'hush', tableId: 'T1', version: '0.1.0', timestamp } as const;
    await spy.publishAsync(
      T.displayStatus('hush'),
      makeDisplayStatus({ ...status, handCount: 0, rejectedMessages: 0, uptimeSeconds: 5 }),
      { qos: 1, retain: true },
    );
    const [sent, recorded] = [wire.length, records.length];
    const r = await fleet('identify', '--display', 'hush');
    expect([r.code, r.out]).toEqual([1, '']);
    expect(r.err).toBe(
      `baccarat-board fleet: board hush is silent: its status says online as of ${timestamp}, and nothing has been ` +
        'heard from it for 10 min (a board says it is online every 30 s): it is most likely down, and a command ' +
        'would wait at the broker and run whenever it is back, so nothing was sent\n',
    );
    const json = await fleet('identify', '--display', 'hush', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, sent: false, reason: 'silent' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([wire.length, records.length]).toEqual([sent, recorded]);
  });

  test('a real board, stopped: offline since its goodbye, at once', async () => {
    const bridge = await startScreenshotBoard(broker.url, 'leaving', {
      take: async () => ({ png: PNG, width: 32, height: 18, source: 'rendered' }),
      onCommand: (c) => void handed.push(c),
    });
    expect((await fleet('identify', '--display', 'leaving')).code).toBe(0);
    await bridge.stop();
    const started = Date.now();
    const r = await fleet('about', '--display', 'leaving');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^baccarat-board fleet: board leaving is offline since \d{4}-\d\d-\d\dT[\d:.]+Z: a command /);
  });

  test('a board that requires signatures rejects it unsigned (and the message says so), takes it signed', async () => {
    const unsigned = await fleet('about', '--display', 'strict', '--timeout', '2.5');
    expect(unsigned.code).toBe(1);
    expect(unsigned.err).toContain('It rejected a message meanwhile: most likely this command.');
    const signed = await fleet('about', '--display', 'strict', '--signing-key', keyFile);
    expect([signed.code, signed.out]).toEqual([
      0,
      `strict: about done (signed, key ${pit.kid}) — its screen shows what it runs and how it is connected, for 60 s\n`,
    ]);
    expect(handed.at(-1)).toMatchObject({ command: 'about', sig: { kid: pit.kid } });
  });

  test.each([
    [
      ['shrug', '--display', 'D1'],
      "unknown command 'shrug': list, identify, about, reload, resync, screenshot, forget",
    ],
    [['identify'], '--display ID is required'],
    [['shrug'], "unknown command 'shrug': list, identify, about, reload, resync, screenshot, forget"],
    [
      ['status', '--display', 'D1'],
      "unknown command 'status': list, identify, about, reload, resync, screenshot, forget. Every board's status, one line " +
        "each: 'baccarat-board fleet list --broker URL [--table ID]'",
    ],
    [
      ['version', '--display', 'D1'],
      "unknown command 'version': list, identify, about, reload, resync, screenshot, forget. Every board's version is " +
        "in its line of 'baccarat-board fleet list --broker URL [--table ID]' (--json: its build too); 'fleet about " +
        "--display ID' shows on its screen what it runs",
    ],
    [['identify', '--display', 'D1', '--table', 'T1'], '--table is for list, not identify'],
    [['identify', '--display', 'D1/x'], "--display 'D1/x' is not a display id (A-Z a-z 0-9 _ -)"],
    [['reload', '--display', 'D1', '--seconds', '5'], '--seconds is for identify and about, not reload'],
    [['about', '--display', 'D1', '--seconds', 'soon'], "--seconds must be 1 to 600, not 'soon'"],
    [['about', '--display', 'D1', '--replace'], '--replace is for resync'],
    [['screenshot', '--display', 'D1'], 'screenshot needs --out FILE.png'],
    [
      ['screenshot', '--display', 'D1', '--out', join(dir, 'missing', 'd1.png')],
      `--out ${join(dir, 'missing', 'd1.png')}: the folder ${join(dir, 'missing')} does not exist, so the picture could not be kept`,
    ],
    [
      ['screenshot', '--display', 'D1', '--out', dir],
      `--out ${dir}: is a folder: name the PNG file to write (e.g. board.png), so the picture could not be kept`,
    ],
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

/** The command as floor-7 (the OS user), in this process; a usage error as main() reports it: exit 2. */
async function fleetAs(stdin: string | null, ...args: string[]) {
  const m = memoryIo(stdin);
  try {
    const code = await fleetCommand([...args, '--broker', broker.url], m.io, {
      env: { USER: 'floor-7' },
      now: () => new Date(),
    });
    return { code, out: m.out(), err: m.err() };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return { code: 2, out: m.out(), err: e.message };
  }
}
/** The records published from `from` on, once `n` are in. */
async function recordsFrom(from: number, n = 1): Promise<FleetAudit[]> {
  await until(() => expect(records.length - from).toBeGreaterThanOrEqual(n));
  return records.slice(from);
}

describe('baccarat-board fleet, accountable: every command sent is a record of the audit log', () => {
  test('identify as the OS user: the record as the console makes it, on the topic, in a console’s log, in --audit', async () => {
    const from = records.length;
    const file = join(dir, 'cli-audit.jsonl');
    const r = await fleetAs(null, 'identify', '--display', 'D1', '--seconds', '45', '--json', '--audit', file);
    expect([r.code, r.err]).toEqual([0, '']);
    const sent = wire.at(-1);
    const [record] = await recordsFrom(from);
    expect(record).toMatchObject({
      v: 1,
      who: { account: 'floor-7', via: 'cli', osUser: 'floor-7' },
      action: 'fleet-command',
      target: 'display',
      displayId: 'D1',
      tableId: 'T1',
      command: { name: 'identify', requestId: sent?.requestId, durationSeconds: 45 },
      outcome: 'done',
      summary: 'Board D1 (table T1): identify (45 s) — done',
    });
    expect(record?.reason).toBeUndefined(); // none given, none needed
    expect(record?.command.kid).toBeUndefined(); // unsigned
    expect(record?.at).toBe(sent?.timestamp); // when it was published
    expect(record?.answeredAt).not.toBeNull();
    expect(record?.detail).toMatch(/^confirmed by the board's status at /);
    expect((JSON.parse(r.out) as { audit: string }).audit).toBe(record?.id);
    await until(async () => expect((await consoleLog.read()).map((x) => x.id)).toContain(record?.id));
    expect((await new AuditLog(file).read()).map((x) => x.id)).toEqual([record?.id]);
  });

  test('reload and resync need a reason (exit 2, nothing sent, nothing recorded); one given is recorded', async () => {
    const [sent, from] = [wire.length, records.length];
    for (const command of ['reload', 'resync']) {
      const r = await fleetAs(null, command, '--display', 'D1', '--reason', ' ok ');
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        `--reason: the reason 'ok' is too short: give a reason for the ${command} of at least 3 characters; it goes to the audit log with your name (e.g. "board stuck on an old shoe")`,
      );
    }
    const long = await fleetAs(null, 'about', '--display', 'D1', '--reason', 'x'.repeat(301));
    expect([long.code, long.err]).toEqual([2, '--reason: the reason is longer than 300 characters']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([wire.length, records.length]).toEqual([sent, from]);

    const r = await fleetAs(null, 'reload', '--display', 'D1', '--reason', 'frozen after the power cut');
    expect([r.code, r.out]).toEqual([0, 'D1: reload done — its page loaded again\n']);
    expect(await recordsFrom(from)).toMatchObject([
      { reason: 'frozen after the power cut', command: { name: 'reload' }, outcome: 'done' },
    ]);
  });

  test('--by: a console account proven by its password and held to its role, named in the record', async () => {
    const [sent, from] = [wire.length, records.length];
    const by = (name: string, password: string, ...args: string[]) =>
      fleetAs(`${password}\n`, ...args, '--by', name, '--accounts', accounts);
    const wrong = await by('ann', 'not-her-password', 'identify', '--display', 'D1');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/^baccarat-board fleet: --by ann: wrong account name or password/);
    const fred = await by('fred', passwordOf('fred'), 'reload', '--display', 'D1', '--reason', 'frozen board');
    expect([fred.code, fred.err]).toEqual([
      2,
      'baccarat-board fleet: --by fred: a floor manager cannot reload or resync a board: ask a supervisor\n',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([wire.length, records.length]).toEqual([sent, from]); // refused: nothing sent, nothing recorded

    const out = join(dir, 'by-fred.png');
    const shot = await by('fred', passwordOf('fred'), 'screenshot', '--display', 'D1', '--out', out);
    expect([shot.code, shot.err]).toEqual([0, '']);
    const ann = await by('ann', passwordOf('ann'), 'resync', '--display', 'D1', '--replace', '--reason', 'stale');
    expect([ann.code, ann.err]).toEqual([0, '']);
    expect(await recordsFrom(from, 2)).toMatchObject([
      {
        who: { account: 'fred', role: 'floor-manager', via: 'cli', osUser: 'floor-7' },
        command: { name: 'screenshot' },
        outcome: 'done',
        detail: expect.stringMatching(
          `32×18 PNG, ${Math.ceil(PNG.length / 1024)} KiB, source rendered, taken at `,
        ) as unknown,
      },
      {
        who: { account: 'ann', role: 'supervisor', via: 'cli', osUser: 'floor-7' },
        reason: 'stale',
        command: { name: 'resync', replace: true },
        summary: 'Board D1 (table T1): resync with replace — done',
      },
    ]);
  });

  test('no answer: recorded as no-answer, with what the board’s status says; exit 1', async () => {
    const from = records.length;
    const r = await fleetAs(null, 'identify', '--display', 'mute', '--timeout', '0.5');
    expect(r.code).toBe(1);
    const [record] = await recordsFrom(from);
    expect(record).toMatchObject({ displayId: 'mute', tableId: 'T1', outcome: 'no-answer', answeredAt: null });
    expect(record?.detail).toMatch(/^no answer within 0\.5 s\. Its status says online \(as of \d{4}-/);
  });

  test('--signing-key: the record names the key that signed the command, and carries the pit signature itself', async () => {
    const from = records.length;
    const r = await fleetAs(null, 'about', '--display', 'strict', '--signing-key', keyFile);
    expect([r.code, r.err]).toEqual([0, '']);
    const [record] = await recordsFrom(from);
    expect(record).toMatchObject({ displayId: 'strict', command: { name: 'about', kid: pit.kid }, outcome: 'done' });
    expect(record?.sig?.kid).toBe(pit.kid);
    expect(auditSignature(record ?? {}, T.pitAudit(), pit)).toBe('verified');
    await until(async () => expect((await consoleLog.read()).map((x) => x.id)).toContain(record?.id));
  });

  test('a record the broker does not pass back: the board has acted, so exit 1 and the record printed', async () => {
    const forward = broker.aedes.authorizeForward;
    broker.aedes.authorizeForward = (client, packet) => (packet.topic === T.pitAudit() ? null : packet);
    try {
      const r = await fleetAs(null, 'identify', '--display', 'D1', '--json');
      expect(r.code).toBe(1);
      expect((JSON.parse(r.out) as { ok: boolean; audit: unknown }).audit).toBeNull();
      const [head, why, record] = r.err.split('\n');
      expect(head).toBe(
        'baccarat-board fleet: the identify was sent to D1 (done), but its audit record was not confirmed: the ' +
          'broker took the audit record but did not pass it back within 2 s (an MQTT 3.1.1 broker drops an ' +
          'unauthorized publish silently: --protocol-version 5 reports why)',
      );
      expect(why).toBe('The record, to add to the audit log by hand:');
      expect(parsePitAudit(record ?? '')).toMatchObject({
        ok: true,
        value: { action: 'fleet-command', outcome: 'done' },
      });
    } finally {
      broker.aedes.authorizeForward = forward;
    }
  });
});
