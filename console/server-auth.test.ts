/**
 * Accountable signage through the console's API, against a real broker in this process (Aedes): signing in (an
 * HttpOnly, SameSite=Strict cookie; a wrong password refused; failures throttled), roles enforced on the server
 * (a viewer reads, a floor manager changes signs, a supervisor also closes and opens tables, restores a revision
 * and sets the casino's scale), closing a table as a confirmed action of its own, restoring an earlier revision in
 * one step, and sessions that end: signed out, or the account removed or given another role.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { startConsoleRig, writeTestAccounts, type ConsoleRig, type RigClient } from '../test/helpers/console-rig';
import { casino, signage } from '../test/helpers/table-messages';
import type { ApplyResponse, PreviewResponse } from './protocol';

const T = topics('baccarat');
let broker: EmbeddedBroker;
let pub: MqttClient;
let rig: ConsoleRig;
let vic: RigClient; // viewer
let fred: RigClient; // floor manager
let sue: RigClient; // supervisor
const ACCOUNTS = { vic: 'viewer', fred: 'floor-manager', sue: 'supervisor', gone: 'supervisor' } as const;
let accountsFile: string;

const sign = () => rig.monitor.view().tables.find((t) => t.tableId === 'T1')?.signage;
const json = async <R>(r: Promise<Response>) => (await (await r).json()) as R;

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  pub = await connectAsync(broker.url, { clientId: 'management' });
  await pub.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(4)), { qos: 1, retain: true });
  await pub.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(1)), { qos: 1, retain: true });
  rig = await startConsoleRig({
    broker: { url: broker.url, root: 'baccarat', protocolVersion: 4 },
    accounts: ACCOUNTS,
  });
  accountsFile = rig.accounts.path;
  [vic, fred, sue] = await Promise.all([rig.signIn('vic'), rig.signIn('fred'), rig.signIn('sue')]);
  for (let i = 0; i < 100 && sign()?.revision !== 4; i++) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  await rig.stop();
  await pub.endAsync();
  await broker.close();
});

describe('signing in', () => {
  test('the right password gets an HttpOnly, SameSite=Strict cookie; a wrong one, or an unknown name, 401', async () => {
    const anon = rig.client();
    const ok = await anon.post('/api/login', { account: 'Vic ', password: 'vic-correct-horse' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ account: 'vic', role: 'viewer' });
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^bb_console=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    for (const body of [
      { account: 'vic', password: 'vic-wrong-horse' },
      { account: 'nobody', password: 'vic-correct-horse' },
    ]) {
      const r = await anon.post('/api/login', body);
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ ok: false, message: 'wrong account name or password' });
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    expect(await json(vic.get('/api/session'))).toEqual({ account: 'vic', role: 'viewer' });
    expect((await anon.get('/api/session')).status).toBe(401);
    expect((await rig.client('bb_console=forged-session-id').get('/api/state')).status).toBe(401);
  });

  test('after 5 failures an account is refused for a while, even with its password (429)', async () => {
    const anon = rig.client();
    await writeTestAccounts(accountsFile, { ...ACCOUNTS, mo: 'viewer' });
    for (let i = 0; i < 5; i++)
      expect((await anon.post('/api/login', { account: 'mo', password: `guess ${i}` })).status).toBe(401);
    const locked = await anon.post('/api/login', { account: 'mo', password: 'mo-correct-horse' });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ ok: false, message: 'too many failed sign-ins for mo: try again in 5 min' });
  });
});

describe('roles, decided by the server', () => {
  test('a viewer reads, and may change nothing', async () => {
    expect((await vic.get('/api/state')).status).toBe(200);
    expect((await vic.get('/api/audit')).status).toBe(200);
    const r = await vic.post('/api/preview', { tableId: 'T1', changes: [['min', '200']] });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({
      ok: false,
      field: 'role',
      message: 'a viewer cannot change signs: ask a floor manager or a supervisor',
    });
    const a = await vic.post('/api/apply', { tableId: 'T1', changes: [['min', '200']], reason: 'try it' });
    expect(a.status).toBe(403);
    expect(sign()?.revision).toBe(4);
  });

  test('a floor manager changes signs, but closes no table, restores no revision, sets no casino scale', async () => {
    const ok = await fred.post('/api/apply', { tableId: 'T1', changes: [['min', '200']], reason: 'busy night' });
    expect(ok.status).toBe(200);
    await expect.poll(() => sign()?.revision).toBe(5);
    for (const [body, words] of [
      [
        { tableId: 'T1', changes: [], action: 'close-table' },
        'a floor manager cannot close or open a table: ask a supervisor',
      ],
      [
        { tableId: 'T1', changes: [], revertTo: 4 },
        'a floor manager cannot restore an earlier revision: ask a supervisor',
      ],
      [
        { tableId: null, changes: [['pp-scale', 'two']] },
        "a floor manager cannot change the casino's sign: ask a supervisor",
      ],
    ] as const) {
      const r = await fred.post('/api/preview', body);
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({ ok: false, field: 'role', message: words });
    }
  });
});

describe('closing a table: its own action, confirmed by its name', () => {
  test('refused without the name, or with another; closed with it; opened again', async () => {
    const p = await json<PreviewResponse>(
      sue.post('/api/preview', { tableId: 'T1', changes: [], action: 'close-table' }),
    );
    if (!p.ok) throw new Error(p.message);
    expect(p.summary).toEqual(['Jade 8 (T1), revision 5 → 6: table open → closed']);
    const base = { tableId: 'T1', changes: [], action: 'close-table', reason: 'dealer shortage', expect: p.expect };
    for (const confirm of [undefined, 'Ruby 3', 'T12']) {
      const r = await sue.post('/api/apply', { ...base, ...(confirm !== undefined && { confirm }) });
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({
        ok: false,
        field: 'confirm',
        message: "type the table's name (Jade 8) to close it",
      });
    }
    expect(sign()?.tableOpen).toBe(true);
    const mixed = await sue.post('/api/apply', { ...base, changes: [['min', '300']], confirm: 'Jade 8' });
    expect(await mixed.json()).toMatchObject({ ok: false, field: 'request' });
    const done = await json<ApplyResponse>(sue.post('/api/apply', { ...base, confirm: ' jade 8 ' }));
    expect(done).toMatchObject({
      ok: true,
      records: [{ action: 'close-table', who: { account: 'sue', role: 'supervisor' }, reason: 'dealer shortage' }],
    });
    await expect.poll(() => sign()?.tableOpen).toBe(false);
    const open = await json<ApplyResponse>(
      sue.post('/api/apply', { tableId: 'T1', changes: [], action: 'open-table', reason: 'dealer back' }),
    );
    expect(open).toMatchObject({
      ok: true,
      records: [{ action: 'open-table', changes: [{ field: 'open', from: false, to: true }] }],
    });
    await expect.poll(() => sign()).toMatchObject({ revision: 7, tableOpen: true });
  });
});

describe('restoring an earlier revision, in one step', () => {
  test('the sign as it was at revision 4 (from the audit log), published above everything, audited as a revert', async () => {
    await fred.post('/api/apply', { tableId: 'T1', changes: [['tie-pays', '9']], reason: 'tie promotion' });
    await expect.poll(() => sign()?.revision).toBe(8);
    expect(sign()).toMatchObject({ limits: { minimum: 200 }, tiePays: 9 });
    const p = await json<PreviewResponse>(sue.post('/api/preview', { tableId: 'T1', changes: [], revertTo: 4 }));
    if (!p.ok) throw new Error(p.message);
    expect(p.summary).toEqual(['Jade 8 (T1), revision 8 → 9: min 200 → 100; tie-pays 9 to 1 → 8 to 1']);
    const r = await json<ApplyResponse>(
      sue.post('/api/apply', { tableId: 'T1', changes: [], revertTo: 4, reason: 'promotion over', expect: p.expect }),
    );
    expect(r).toMatchObject({ ok: true, records: [{ action: 'revert', revertedTo: 4, revision: { from: 8, to: 9 } }] });
    await expect
      .poll(() => sign())
      .toMatchObject({ revision: 9, limits: { minimum: 100 }, tiePays: 8, updatedBy: 'sue' });
    const unknown = await sue.post('/api/preview', { tableId: 'T1', changes: [], revertTo: 2 });
    expect(await unknown.json()).toEqual({
      ok: false,
      field: 'revertTo',
      message: "revision 2 is not in this console's audit log",
    });
    const same = await sue.post('/api/preview', { tableId: 'T1', changes: [], revertTo: 9 });
    expect(await same.json()).toMatchObject({
      ok: false,
      message: 'the sign already says what revision 9 said: nothing to restore',
    });
  });
});

describe('sessions end', () => {
  test('signed out: the cookie no longer works and the page is closed (4401)', async () => {
    const me = await rig.signIn('vic');
    const ws = new WebSocket(`ws://127.0.0.1:${rig.server.port}/live?token=${rig.token ?? ''}`, {
      headers: { cookie: me.cookie ?? '' },
    });
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const out = await me.post('/api/logout', {});
    expect(out.headers.get('set-cookie')).toMatch(/^bb_console=; .*Max-Age=0/);
    expect(await closed).toBe(4401);
    expect((await me.get('/api/state')).status).toBe(401);
  });

  test('an account removed, or given another role, loses its sessions at its next request', async () => {
    const gone = await rig.signIn('gone');
    const fredAgain = await rig.signIn('fred');
    expect((await gone.get('/api/state')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20)); // a new mtime for the file
    const { gone: _, ...rest } = ACCOUNTS;
    await writeTestAccounts(accountsFile, { ...rest, fred: 'viewer' });
    expect((await gone.get('/api/state')).status).toBe(401);
    expect((await fredAgain.get('/api/state')).status).toBe(401);
    const now = await rig.signIn('fred');
    expect(await json(now.get('/api/session'))).toEqual({ account: 'fred', role: 'viewer' });
  });
});
