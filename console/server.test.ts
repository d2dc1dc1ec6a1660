/**
 * The console server against a real broker in this process (Aedes): it sees a simulated table (the simulator's
 * controller, part way through a shoe) and boards, pushes changes over its WebSocket, previews and applies a
 * change through its API — made by the account signed in, with its reason — with the audit record written, and
 * refuses what it should (stale review, bad values, no reason, a role that may not, missing token or session,
 * another origin or host name).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { makeCasinoSignage, makeDisplayStatus, makeShoeSnapshot, makeTableSignage } from '../contract/mqtt';
import type { DisplayStatus, TableSignage } from '../contract/schemas';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { simulateTable } from '../simulator/dealer';
import { startTableSimulator, type TableSimulator } from '../simulator/publisher';
import type { Step } from '../simulator/steps';
import { untilFound } from '../test/helpers/lifecycle';
import { rawGet, rawRequest } from '../test/helpers/raw-http';
import { CARDS, casino, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import { startConsoleRig, type ConsoleRig, type RigClient } from '../test/helpers/console-rig';
import type { ConsoleFrame, FleetView, PreviewResponse } from './protocol';
import { startConsoleServer } from './server';

const T = topics('baccarat');
const TOKEN = 'test-token-0123456789';
let broker: EmbeddedBroker;
let sim: TableSimulator;
let pub: MqttClient;
let rig: ConsoleRig;
let alice: RigClient; // floor manager
let sam: RigClient; // supervisor
let auditFile: string;
let base: string;
const frames: ConsoleFrame[] = [];
let ws: WebSocket;

function* take(steps: Iterable<Step>, n: number): Generator<Step> {
  let i = 0;
  for (const s of steps) {
    if (i++ >= n) return;
    yield s;
  }
}

const board = (displayId: string, extra: Partial<Extract<DisplayStatus, { state: 'online' }>> = {}): DisplayStatus => ({
  v: 1,
  state: 'online',
  displayId,
  tableId: 'T2',
  version: '0.1.0',
  timestamp: new Date().toISOString(),
  shoeId: 'S001',
  handCount: 12,
  lastResultAt: new Date().toISOString(),
  signageRevision: 3,
  casinoSignageRevision: 1,
  rejectedMessages: 2,
  uptimeSeconds: 3_700,
  ...extra,
});

const lastFleet = (): FleetView | undefined =>
  [...frames].reverse().find((f): f is Extract<ConsoleFrame, { type: 'fleet' }> => f.type === 'fleet')?.fleet;

/** A POST with a chosen Host header (fetch forbids setting it). */
const rawStatus = (path: string, host: string, body: unknown) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: rig.server.port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      },
      (res) => (res.resume(), resolve(res.statusCode ?? 0)),
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => alice.post(path, body, headers);
const monitor = { view: () => rig.monitor.view() };

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  sim = await startTableSimulator({
    broker: broker.url,
    tableId: 'T2',
    steps: take(simulateTable({ seed: 'console', shoes: 1, decks: 4 }), 40),
    speed: 0,
  });
  await sim.done; // part way through shoe S001; the controller stays online
  pub = await connectAsync(broker.url, { clientId: 'management' });
  const retained = { qos: 1, retain: true } as const;
  await pub.publishAsync(T.tableSignage('T2'), makeTableSignage(signage(4)), retained);
  await pub.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(1)), retained);
  await pub.publishAsync(T.displayStatus('D1'), makeDisplayStatus(board('D1')), retained);
  await pub.publishAsync(
    T.displayStatus('D2'),
    makeDisplayStatus({
      v: 1,
      state: 'offline',
      displayId: 'D2',
      tableId: 'T2',
      version: '0.1.0',
      timestamp: new Date().toISOString(),
    }),
    retained,
  );

  rig = await startConsoleRig({
    broker: { url: broker.url, root: 'baccarat', protocolVersion: 4 },
    accounts: { alice: 'floor-manager', sam: 'supervisor' },
    token: TOKEN,
  });
  auditFile = rig.audit.path;
  base = rig.base;
  alice = await rig.signIn('alice');
  sam = await rig.signIn('sam');
  ws = new WebSocket(`ws://127.0.0.1:${rig.server.port}/live?token=${TOKEN}`, {
    headers: { cookie: alice.cookie ?? '' },
  });
  ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as ConsoleFrame));
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
});
afterAll(async () => {
  ws.close();
  await rig.stop();
  await sim.stop();
  await pub.endAsync();
  await broker.close();
});

describe('the console sees the floor', () => {
  test('the simulated table, its controller and shoe, and both boards, with the lagging one flagged', async () => {
    const fleet = await untilFound(() => {
      const f = lastFleet();
      return f?.tables[0]?.shoe && f.tables[0].signage && f.boards.length === 2 && f.casino ? f : undefined;
    });
    expect(fleet.broker).toMatchObject({ state: 'connected', url: broker.url });
    const t2 = fleet.tables.find((t) => t.tableId === 'T2');
    expect(t2?.controller).toMatchObject({ state: 'online', controllerId: 'ctl-T2' });
    expect(t2?.signage?.revision).toBe(4);
    expect(t2?.shoe?.shoeId).toBe('S001');
    expect(t2?.shoe?.handsPlayed).toBeGreaterThan(0);
    const [d1, d2] = fleet.boards;
    expect(d1).toMatchObject({
      displayId: 'D1',
      state: 'online',
      signageRevision: 3,
      signageBehind: true,
      casinoSignageBehind: false,
    });
    expect(d2).toMatchObject({ displayId: 'D2', state: 'offline', signageBehind: false });
  });

  test('a board catching up is pushed over the WebSocket', async () => {
    await pub.publishAsync(T.displayStatus('D1'), makeDisplayStatus(board('D1', { signageRevision: 4 })), {
      qos: 1,
      retain: true,
    });
    const d1 = await untilFound(() =>
      lastFleet()?.boards.find((b) => b.displayId === 'D1' && b.state === 'online' && b.signageRevision === 4),
    );
    expect(d1.signageBehind).toBe(false);
  });
});

describe('changing signs through the API', () => {
  // Found by a floor manager: the API made a sign for 't1', and every console listed a table no one could remove.
  test('a table the broker knows nothing of is refused, as signage refuses it', async () => {
    for (const tableId of ['t2', 'T99']) {
      const r = (await (await post('/api/preview', { tableId, changes: [['min', '100']] })).json()) as PreviewResponse;
      expect(r).toMatchObject({ ok: false, field: 'table' });
      expect(r.ok ? '' : r.message).toMatch(new RegExp(`^table ${tableId} is not known here: .*case-sensitive`));
    }
    expect(monitor.view().tables.map((t) => t.tableId)).not.toContain('t2');
  });

  test('preview, then apply: published retained, audited, and pushed to the page', async () => {
    const shoe = monitor.view().tables.find((t) => t.tableId === 'T2')?.shoe;
    const from = String((shoe?.earliestHand ?? 1) + 2);
    const change = {
      tableId: 'T2',
      changes: [
        ['variant', 'modified-odds'],
        ['from-hand', from],
      ],
    };
    const preview = (await (await post('/api/preview', change)).json()) as PreviewResponse;
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.summary).toEqual([
      `Jade 8 (T2), revision 4 → 5: variant commission 5% → modified odds from hand ${from} of shoe S001`,
    ]);
    expect(preview.expect).toEqual({ table: 4, casino: 1 });

    const res = await post('/api/apply', { ...change, reason: 'weekend promotion', expect: preview.expect });
    expect(res.status).toBe(200);
    const applied = (await res.json()) as { ok: boolean; records: { revision: unknown }[] };
    expect(applied.ok).toBe(true);

    const sign = await untilFound(() => {
      const s = monitor.view().tables.find((t) => t.tableId === 'T2')?.signage;
      return s?.revision === 5 ? s : undefined;
    });
    expect(sign).toMatchObject<Partial<TableSignage>>({
      variant: { kind: 'modified-odds', effectiveFromShoe: 'S001', effectiveFromHand: Number(from) },
      previousVariant: { kind: 'commission', commissionPercent: 5 },
      updatedBy: 'alice',
    });
    const [record] = readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(record).toMatchObject({
      who: { account: 'alice', role: 'floor-manager', via: 'console' },
      reason: 'weekend promotion',
      action: 'change',
      before: { revision: 4, variant: { kind: 'commission' } },
      after: { revision: 5, variant: { kind: 'modified-odds' } },
      target: 'table',
      tableId: 'T2',
      tableName: 'Jade 8',
      revision: { from: 4, to: 5 },
      shoeId: 'S001',
      nextHand: shoe?.nextHand,
      changes: [{ field: 'variant', from: { kind: 'commission', commissionPercent: 5 } }],
    });
    const audit = (await (await alice.get('/api/audit')).json()) as unknown[];
    expect(audit[0]).toMatchObject({ revision: { from: 4, to: 5 } });
    await untilFound(() => frames.some((f) => f.type === 'audit' && f.records.length === 1));
    // The board's sign is now behind again, and the page is told.
    await untilFound(() => lastFleet()?.boards.find((b) => b.displayId === 'D1' && b.signageBehind));
  });

  test('a change reviewed against an old revision is refused (409); a bad value names its field (400); no reason (400); a role that may not (403); nothing published', async () => {
    const rev = monitor.view().tables.find((t) => t.tableId === 'T2')?.signage?.revision;
    const stale = await post('/api/apply', {
      tableId: 'T2',
      changes: [['min', '200']],
      reason: 'lower minimum',
      expect: { table: 1, casino: 1 },
    });
    expect(stale.status).toBe(409);
    // Who, and what, as the audit log has it (a manager refused was told only who and which revision).
    expect(await stale.json()).toEqual({
      ok: false,
      field: 'revision',
      message: expect.stringMatching(
        /^the signs changed since you reviewed this change: Jade 8 \(T2\) is now revision 5, by alice \(variant commission 5% → modified odds from hand \d+ of shoe S001\)\. Review it again$/,
      ),
    });
    const bad = await post('/api/apply', { tableId: 'T2', changes: [['tie-max', '999999']], reason: 'more' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, field: 'tie-max', message: 'tie-max (999999) is above max (50000)' });
    const unexplained = await post('/api/apply', { tableId: 'T2', changes: [['min', '200']], reason: ' ' });
    expect(unexplained.status).toBe(400);
    expect(await unexplained.json()).toMatchObject({ ok: false, field: 'reason' });
    const open = await post('/api/apply', { tableId: 'T2', changes: [['open', 'false']], reason: 'closing' });
    expect(await open.json()).toMatchObject({ ok: false, field: 'open' });
    const scale = await post('/api/preview', { tableId: null, changes: [['pp-scale', 'two']] });
    expect(scale.status).toBe(403);
    expect(await scale.json()).toEqual({
      ok: false,
      field: 'role',
      message: "a floor manager cannot change the casino's sign: ask a supervisor",
    });
    const preview = (await (
      await sam.post('/api/preview', { tableId: 'T2', changes: [['pp-scale', 'three']] })
    ).json()) as PreviewResponse;
    expect(preview).toMatchObject({ ok: false, field: 'pp-scale' });
    await new Promise((r) => setTimeout(r, 100));
    expect(monitor.view().tables.find((t) => t.tableId === 'T2')?.signage?.revision).toBe(rev);
    expect(readFileSync(auditFile, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  test('the casino Perfect Pairs scale through the API goes to the casino topic, by a supervisor', async () => {
    const change = { tableId: null, changes: [['pp-scale', 'two']], reason: 'casino-wide change of scale' };
    const r = await sam.post('/api/apply', change);
    expect(r.status).toBe(200);
    const c = await untilFound(() =>
      monitor.view().casino?.perfectPairsScale === 'two' ? monitor.view().casino : undefined,
    );
    expect(c).toMatchObject({ revision: 2, updatedBy: 'sam' });
  });

  test('the review says what a change pays at once on rounds being dealt, and which tables a new scale reaches', async () => {
    const hands = [1, 2, 3].map((n) => handMessage('S9', n, coup(CARDS.banker)));
    const retained = { qos: 1, retain: true } as const;
    await pub.publishAsync(T.tableSignage('T5'), makeTableSignage(signage(1)), retained);
    await pub.publishAsync(T.tableSignage('T6'), makeTableSignage(signage(1, { sideBets: [] })), retained);
    for (const id of ['T5', 'T6'])
      await pub.publishAsync(T.tableShoe(id), makeShoeSnapshot(snapshot('S9', hands, { phase: 'dealing' })), retained);
    await untilFound(() => monitor.view().tables.filter((t) => t.shoe?.shoeId === 'S9').length === 2 || undefined);
    const tie = (await (
      await post('/api/preview', { tableId: 'T5', changes: [['tie-pays', '9']] })
    ).json()) as PreviewResponse;
    if (!tie.ok) throw new Error(tie.message);
    expect(tie.paysNow).toEqual([
      'round 4 at T5 is being dealt ("No more bets" was called): tie-pays changes what it pays at once, for the ' +
        'wagers already on it too. Made between rounds (after its result), no wager placed is caught by it.',
    ]);
    expect(tie.reach).toBeNull();
    const scale = (await (
      await sam.post('/api/preview', { tableId: null, changes: [['pp-scale', 'one']] })
    ).json()) as PreviewResponse;
    if (!scale.ok) throw new Error(scale.message);
    expect(scale.paysNow).toHaveLength(1);
    expect(scale.paysNow[0]).toContain('T5 (round 4)');
    expect(scale.paysNow[0]).not.toContain('T6');
    expect(scale.reach).toBe(
      'Pay Scale One (mixed 5, coloured 10, perfect 30 to 1) applies at once at the 2 tables offering Perfect Pairs: T2, T5.',
    );
    // A board showing a table sign the broker lost (a restart without persistence): that sign may offer Perfect
    // Pairs, so the review names its table rather than leave it out.
    await pub.publishAsync(T.displayStatus('D9'), makeDisplayStatus(board('D9', { tableId: 'T9' })), retained);
    await untilFound(() => monitor.view().boards.some((b) => b.displayId === 'D9') || undefined);
    const lost = (await (
      await sam.post('/api/preview', { tableId: null, changes: [['pp-scale', 'one']] })
    ).json()) as PreviewResponse;
    if (!lost.ok) throw new Error(lost.message);
    expect(lost.reach).toBe(
      'Pay Scale One (mixed 5, coloured 10, perfect 30 to 1) applies at once at the 2 tables offering Perfect Pairs: ' +
        'T2, T5. The broker has lost the sign of table T9 (its boards show a newer one): it applies there too if ' +
        'that sign offers Perfect Pairs.',
    );
    await pub.publishAsync(T.displayStatus('D9'), '', retained);
    const quiet = (await (
      await post('/api/preview', { tableId: 'T5', changes: [['min', '200']] })
    ).json()) as PreviewResponse;
    expect(quiet).toMatchObject({ ok: true, paysNow: [], reach: null });
    // A long pit message where the modified-odds sign and Perfect Pairs share the panel: warned of before it is cut.
    const long = (await (
      await post('/api/preview', {
        tableId: 'T5',
        changes: [
          ['variant', 'modified-odds'],
          ['message', 'x'.repeat(150)],
        ],
      })
    ).json()) as PreviewResponse;
    expect(long).toMatchObject({
      ok: true,
      messageFit: expect.stringMatching(/^the pit message \(150 characters\) will likely be cut/),
    });
    expect(quiet).toMatchObject({ messageFit: null });
  });
});

describe('a from-hand left to the console, between review and apply', () => {
  test('a round begun since the review: refused (409), saying from which hand it would now apply; nothing published', async () => {
    // Found on a shift: reviewed 'from hand 28', published 'from hand 30' a few seconds later, as a round had begun.
    const retained = { qos: 1, retain: true } as const;
    const dealt = (n: number) => Array.from({ length: n }, (_, i) => handMessage('S7', i + 1, coup(CARDS.banker)));
    await pub.publishAsync(T.tableSignage('T7'), makeTableSignage(signage(1, { sideBets: [] })), retained);
    await pub.publishAsync(
      T.tableShoe('T7'),
      makeShoeSnapshot(snapshot('S7', dealt(26), { phase: 'dealing' })),
      retained,
    );
    await untilFound(() => monitor.view().tables.find((t) => t.tableId === 'T7' && t.shoe?.handsPlayed === 26));
    const ask = { tableId: 'T7', changes: [['variant', 'modified-odds']], reason: 'promotion' };
    const review = (await (await sam.post('/api/preview', ask)).json()) as PreviewResponse;
    if (!review.ok) throw new Error(review.message);
    expect(review.expect).toEqual({ table: 1, casino: expect.any(Number), fromHand: 28 });
    await pub.publishAsync(
      T.tableShoe('T7'),
      makeShoeSnapshot(snapshot('S7', dealt(28), { phase: 'betting' })),
      retained,
    );
    await untilFound(() => monitor.view().tables.find((t) => t.tableId === 'T7' && t.shoe?.handsPlayed === 28));
    const late = await sam.post('/api/apply', { ...ask, expect: review.expect });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      ok: false,
      field: 'revision',
      message:
        'a round has begun since your review: the change would now apply from hand 30 of shoe S7, not from hand 28 ' +
        'as reviewed. Nothing was published. Review it again',
    });
    expect(monitor.view().tables.find((t) => t.tableId === 'T7')?.signage?.revision).toBe(1);
    // Reviewed again, it goes out from the hand reviewed; an explicit from-hand is checked as before.
    const again = (await (await sam.post('/api/preview', ask)).json()) as PreviewResponse;
    if (!again.ok) throw new Error(again.message);
    expect(again.expect.fromHand).toBe(30);
    expect((await sam.post('/api/apply', { ...ask, expect: again.expect })).status).toBe(200);
  });
});

describe('security of the console server', () => {
  test('the token and a session are required for the API and the WebSocket', async () => {
    const cookie = { cookie: alice.cookie ?? '' };
    expect((await fetch(`${base}/api/state`, { headers: cookie })).status).toBe(401);
    expect((await fetch(`${base}/api/audit?token=wrong-token-0123456789`, { headers: cookie })).status).toBe(401);
    expect((await fetch(`${base}/api/state?token=${TOKEN}`, { headers: cookie })).status).toBe(200);
    expect((await fetch(`${base}/api/state?token=${TOKEN}`)).status).toBe(401); // the token alone: no session
    const noToken = new WebSocket(`ws://127.0.0.1:${rig.server.port}/live`, { headers: cookie });
    await expect(
      new Promise((resolve, reject) => (noToken.once('open', resolve), noToken.once('error', reject))),
    ).rejects.toThrow(/401/);
    const noSession = new WebSocket(`ws://127.0.0.1:${rig.server.port}/live?token=${TOKEN}`);
    await expect(
      new Promise((resolve, reject) => (noSession.once('open', resolve), noSession.once('error', reject))),
    ).rejects.toThrow(/401/);
  });

  test('another origin, another host name (DNS rebinding) and a non-JSON body are refused', async () => {
    const body = { tableId: 'T2', changes: [['min', '200']], reason: 'mallory was here' };
    expect((await post('/api/apply', body, { origin: 'http://evil.example' })).status).toBe(403);
    expect(await rawStatus('/api/apply', `evil.example:${rig.server.port}`, body)).toBe(421); // fetch cannot set Host
    expect((await post('/api/apply', body, { 'content-type': 'text/plain' })).status).toBe(415);
    expect(monitor.view().tables.find((t) => t.tableId === 'T2')?.signage?.limits.minimum).toBe(100); // unchanged
    const html = await fetch(`${base}/`);
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  test('a request it cannot decode gets 400 with the security headers, and the console carries on (issue 17)', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/api/state%', '/%C0%AE', '/%00', 'http://[/', '*']) {
      const r = await rawGet(rig.server.port, path, { authorization: `Bearer ${TOKEN}` });
      expect(r.status, path).toBe(400);
      expect(r.head, path).toContain("content-security-policy: default-src 'none'");
    }
    const upgrade = await rawRequest(
      rig.server.port,
      `GET /live%E0%A4%A?token=${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:${rig.server.port}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(upgrade.status).toBe(400);
    expect((await rawGet(rig.server.port, '//')).status).toBe(200); // the page; new URL('//', base) used to throw
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  test('the WebSocket refuses another origin (403) and host name (421); the API refuses another origin (403)', async () => {
    const port = rig.server.port;
    const open = (headers: Record<string, string>) => {
      const s = new WebSocket(`ws://127.0.0.1:${port}/live?token=${TOKEN}`, {
        headers: { cookie: alice.cookie ?? '', ...headers },
      });
      return new Promise((resolve, reject) => (s.once('open', () => resolve(s.close())), s.once('error', reject)));
    };
    await expect(open({ origin: 'http://evil.example' })).rejects.toThrow(/403/);
    await expect(open({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` })).rejects.toThrow(/421/);
    await open({ origin: `http://127.0.0.1:${port}` });
    const auth = { authorization: `Bearer ${TOKEN}`, cookie: alice.cookie ?? '' };
    expect((await fetch(`${base}/api/state`, { headers: { ...auth, origin: 'http://evil.example' } })).status).toBe(
      403,
    );
    expect((await fetch(`${base}/api/state`, { headers: auth })).status).toBe(200);
  });

  test('an unreadable WebSocket frame closes that socket only', async () => {
    const s = new WebSocket(`ws://127.0.0.1:${rig.server.port}/live?token=${TOKEN}`, {
      headers: { cookie: alice.cookie ?? '' },
    });
    await new Promise((resolve, reject) => (s.once('open', resolve), s.once('error', reject)));
    const closed = new Promise((resolve) => s.once('close', resolve));
    s.send(Buffer.alloc(5 * 1024)); // over maxPayload: ws reports an error, which used to end the process
    await closed;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(ws.readyState).toBe(WebSocket.OPEN); // the page's socket
  });

  test('listening beyond loopback needs a token', async () => {
    await expect(
      startConsoleServer({
        monitor: rig.monitor,
        audit: rig.audit,
        feed: rig.feed,
        accounts: rig.accounts,
        host: '0.0.0.0',
        port: 0,
        token: null,
        uiDir: tmpdir(),
      }),
    ).rejects.toThrow(/token is required/);
  });
});

describe('the shoe a change is made for (as signage set --shoe)', () => {
  // A floor manager's walk: the console had no "from the next shoe", and took any shoe id the API was given, so a
  // board that had shown that shoe would put modified odds in force at once, mid-shoe (rule 5.11).
  test("with a snapshot, the request's shoe is its shoe or next; another is refused (400, field shoe), nothing published", async () => {
    const retained = { qos: 1, retain: true } as const;
    const dealt = Array.from({ length: 5 }, (_, i) => handMessage('S8', i + 1, coup(CARDS.banker)));
    await pub.publishAsync(T.tableSignage('T8'), makeTableSignage(signage(2, { sideBets: [] })), retained);
    await pub.publishAsync(T.tableShoe('T8'), makeShoeSnapshot(snapshot('S8', dealt, { phase: 'waiting' })), retained);
    await untilFound(() => monitor.view().tables.find((t) => t.tableId === 'T8' && t.shoe?.handsPlayed === 5));
    const ask = { tableId: 'T8', changes: [['variant', 'modified-odds']], reason: 'promotion from the next shoe' };
    const other = await sam.post('/api/apply', { ...ask, shoeId: 'S7' });
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({
      ok: false,
      field: 'shoe',
      message:
        "shoe S7 is not the shoe being dealt (S8, from the table's snapshot): a board that showed shoe S7 would take " +
        'the change as in force now, mid-shoe (rule 5.11). Give from-hand for this shoe, or From the next shoe for ' +
        'the next one; nothing was changed',
    });
    expect(monitor.view().tables.find((t) => t.tableId === 'T8')?.signage?.revision).toBe(2);
    // "Hand 5 of the next shoe": every board applies a next-shoe change from its hand 1 (variantStart).
    const later = { ...ask, changes: [...ask.changes, ['from-hand', '5']], shoeId: 'next' };
    expect(await (await sam.post('/api/preview', later)).json()).toMatchObject({ ok: false, field: 'from-hand' });
    const five = await sam.post('/api/apply', later);
    expect(five.status).toBe(400);
    expect(await five.json()).toEqual({
      ok: false,
      field: 'from-hand',
      message:
        'From hand 5 with From the next shoe: a change for the next shoe takes effect from its first hand, as every ' +
        'board applies it there. To start it at hand 5, schedule it once that shoe is dealing (From hand 5 for the ' +
        'shoe being dealt then); nothing was changed',
    });
    expect(monitor.view().tables.find((t) => t.tableId === 'T8')?.signage?.revision).toBe(2);
    const review = (await (await sam.post('/api/preview', { ...ask, shoeId: 'next' })).json()) as PreviewResponse;
    if (!review.ok) throw new Error(review.message);
    expect(review.summary[0]).toMatch(/modified odds from the next shoe/);
    const next = await sam.post('/api/apply', { ...ask, shoeId: 'next', expect: review.expect });
    expect(next.status).toBe(200);
    const sign = await untilFound(() => {
      const s = monitor.view().tables.find((t) => t.tableId === 'T8')?.signage;
      return s?.revision === 3 ? s : undefined;
    });
    expect(sign.variant).toEqual({ kind: 'modified-odds', effectiveFromShoe: 'S8-next', effectiveFromHand: 1 });
  });
});

describe("pp-scale with a table: the scale is the casino's (rule 11A.8)", () => {
  test('refused (400, field pp-scale), saying where it applies and where to change it; nothing published', async () => {
    const before = monitor.view().casino?.revision;
    const ask = { tableId: 'T8', changes: [['pp-scale', 'two']], reason: 'Pay Scale Two at T8' };
    expect(await (await sam.post('/api/preview', ask)).json()).toMatchObject({ ok: false, field: 'pp-scale' });
    const r = await sam.post('/api/apply', ask);
    expect(r.status).toBe(400);
    const body = (await r.json()) as { ok: false; field: string; message: string };
    expect(body.field).toBe('pp-scale');
    expect(body.message).toMatch(
      /^the Perfect Pairs pay scale is the casino's, .* not table T8's: it applies at .*T2.* \(table T8 does not offer Perfect Pairs\)\. Change it in the Casino panel/,
    );
    expect(monitor.view().casino?.revision).toBe(before);
  });
});

describe("casino-name with a table: the name is the casino sign's, on every board", () => {
  test('refused (400, field casino-name), naming the name now and where to change it; nothing published', async () => {
    const before = monitor.view().casino?.revision;
    const table = monitor.view().tables.find((t) => t.tableId === 'T8')?.signage?.revision;
    const ask = {
      tableId: 'T8',
      changes: [
        ['min', '50'],
        ['casino-name', 'Jade Palace'],
      ],
      reason: 'renamed at T8',
    };
    expect(await (await sam.post('/api/preview', ask)).json()).toMatchObject({ ok: false, field: 'casino-name' });
    const r = await sam.post('/api/apply', ask);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      ok: false,
      field: 'casino-name',
      message:
        "the casino's name is the casino sign's, one for every table (every board shows it in its header), not table " +
        "T8's: it would change on every board, where it is 'Test Casino' now. Change it in the Casino panel (Change " +
        'pay scale…, where the casino name is too, by a supervisor), for every board at once.',
    });
    expect(monitor.view().casino?.revision).toBe(before);
    expect(monitor.view().tables.find((t) => t.tableId === 'T8')?.signage?.revision).toBe(table);
  });
});
