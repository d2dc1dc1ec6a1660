/**
 * One audit log for the console and the command line alike (issue 14), on a real Mosquitto: a console and
 * `signage` both change signs; every console's log then holds each change once — who (an account, or the OS user
 * for the command line), why, the sign before and after — signed with the pit's key; a second console sharing the
 * first one's file writes nothing twice; a console that was down gets the record made meanwhile when it is back
 * (its persistent session), once; and a record whose signature does not match is refused.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signageCommand } from '../cli/signage-command';
import { memoryIo } from '../cli/test-io';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { generateSigningKey, signPayload } from '../mqtt-bridge/signing';
import { startConsoleRig, type ConsoleRig, type RigClient } from '../test/helpers/console-rig';
import { until } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { casino, signage } from '../test/helpers/table-messages';
import type { AuditRecord } from './audit-record';
import { auditSignature } from './pit-signature';

const missing = mosquittoMissing();
const T = topics('baccarat');
const pit = generateSigningKey();
const dir = mkdtempSync(join(tmpdir(), 'bb-audit-shared-'));
const keyFile = join(dir, 'pit.key');
writeFileSync(keyFile, pit.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
const logA = join(dir, 'console-a.jsonl');
const logB = join(dir, 'console-b.jsonl');

let broker: Mosquitto;
let a: ConsoleRig;
let a2: ConsoleRig; // a second console on the same machine, sharing console A's log file
let b: ConsoleRig;
let ann: RigClient;

const lines = (file: string): AuditRecord[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditRecord);
const start = (auditFile: string, clientId: string) =>
  startConsoleRig({ broker: broker.url, accounts: { ann: 'floor-manager' }, key: pit, auditFile, clientId });
async function cli(...args: string[]) {
  const m = memoryIo();
  const code = await signageCommand(
    ['--broker', broker.url, '--table', 'T1', '--wait', '200', '--signing-key', keyFile, ...args],
    m.io,
    { env: { USER: 'pitboss' }, now: () => new Date() },
  );
  return { code, out: m.out(), err: m.err() };
}

describe.skipIf(missing)(`one audit log for console and command line${missing ? ` (${missing})` : ''}`, () => {
  beforeAll(async () => {
    broker = await startMosquitto();
    const pub = await connectAsync(broker.url, { clientId: 'management' });
    await pub.publishAsync(T.tableSignage('T1'), makeTableSignage(signage(4)), { qos: 1, retain: true });
    await pub.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(1)), { qos: 1, retain: true });
    await pub.endAsync();
    [a, a2, b] = await Promise.all([start(logA, 'audit-a'), start(logA, 'audit-a2'), start(logB, 'audit-b')]);
    ann = await a.signIn('ann');
    const seen = () => [a.monitor.view().tables[0]?.signage?.revision, a.monitor.view().casino?.revision].join();
    for (let i = 0; i < 250 && seen() !== '4,1'; i++) await new Promise((r) => setTimeout(r, 20));
  }, 30_000);
  afterAll(async () => {
    for (const r of [a, a2, b]) await r?.stop();
    await broker?.close();
  });

  test('a console change and a command-line change: in every log once, with who, why, before and after', async () => {
    const r = await ann.post('/api/apply', { tableId: 'T1', changes: [['min', '200']], reason: 'busy Saturday' });
    expect(await r.json()).toMatchObject({ ok: true });
    await until(() => expect(b.monitor.view().tables[0]?.signage?.revision).toBe(5));
    const c = await cli('set', 'tie-pays=9', '--reason', 'tie promotion');
    expect([c.code, c.err]).toEqual([0, '']);

    for (const file of [logA, logB]) {
      await until(() => expect(lines(file)).toHaveLength(2));
      const [byConsole, byCli] = lines(file);
      expect(byConsole).toMatchObject({
        who: { account: 'ann', role: 'floor-manager', via: 'console' },
        reason: 'busy Saturday',
        revision: { from: 4, to: 5 },
        before: { revision: 4, limits: { minimum: 100 } },
        after: { revision: 5, limits: { minimum: 200 } },
      });
      expect(byCli).toMatchObject({
        who: { account: 'pitboss', via: 'cli', osUser: 'pitboss' },
        reason: 'tie promotion',
        revision: { from: 5, to: 6 },
        before: { revision: 5, tiePays: 8 },
        after: { revision: 6, tiePays: 9 },
      });
      for (const rec of lines(file)) expect(auditSignature(rec, T.pitAudit(), pit)).toBe('verified');
    }
    // Both consoles pushed them to their pages, the latest first.
    const page = (await (await ann.get('/api/audit')).json()) as (AuditRecord & { signature: string })[];
    expect(page.map((p) => [p.reason, p.signature])).toEqual([
      ['tie promotion', 'verified'],
      ['busy Saturday', 'verified'],
    ]);
  }, 30_000);

  test('a console that was down gets what was audited meanwhile when it is back, once', async () => {
    await b.stop();
    const c = await cli('set', 'message=Last shoe at 3 am', '--reason', 'closing early tonight');
    expect(c.code).toBe(0);
    await until(() => expect(lines(logA)).toHaveLength(3));
    expect(lines(logB)).toHaveLength(2);
    b = await start(logB, 'audit-b'); // the same client id: the broker kept its session and the record
    await until(() => expect(lines(logB)).toHaveLength(3));
    expect(lines(logB).at(-1)).toMatchObject({ reason: 'closing early tonight', who: { account: 'pitboss' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(lines(logB)).toHaveLength(3);
    expect(new Set(lines(logA).map((r) => r.id)).size).toBe(3); // A and A2 share the file: each record once
  }, 30_000);

  test('a record signed by the pit key that does not match is refused; an unsigned one is kept, unverified', async () => {
    const [last] = lines(logA).slice(-1);
    if (!last) throw new Error('no record');
    const c = await connectAsync(broker.url, { clientId: 'intruder' });
    const forged = { ...signPayload(pit, T.pitAudit(), { ...last, id: 'forged-1' }), reason: 'changed after signing' };
    await c.publishAsync(T.pitAudit(), JSON.stringify(forged), { qos: 1 });
    const { sig: _sig, ...bare } = last;
    await c.publishAsync(
      T.pitAudit(),
      JSON.stringify({ ...bare, id: 'unsigned-1', reason: 'by a tool without a key' }),
      {
        qos: 1,
      },
    );
    await c.endAsync();
    await until(() => expect(lines(logB).map((r) => r.id)).toContain('unsigned-1'));
    await until(() => expect(b.feed.counts.refused).toBe(1));
    expect(lines(logB).map((r) => r.id)).not.toContain('forged-1');
    const page = (await (await (await b.signIn('ann')).get('/api/audit?limit=1')).json()) as { signature: string }[];
    expect(page[0]?.signature).toBe('unverified');
  }, 30_000);
});
