/**
 * The console's server under an HTTP fuzz (test/helpers/http-fuzz.ts, issue 17): 100,000 seeded hostile requests,
 * with and without a token, against a real broker in this process (Aedes) holding a table's and the casino's signs.
 * The process (this one: the server runs in it, so an exception in a handler fails the run) carries on, answers
 * /healthz, publishes no sign and writes no audit record. The JSON bodies it posts are change requests that are
 * one step from valid, all against revisions that are not the broker's, so `apply` refuses them (409) and
 * `preview` plans them in full; and fleet commands one step from valid, or to a board that is offline (409) or
 * unknown, so `POST /api/fleet` publishes no command. The aimed requests carry a supervisor's session cookie, so they
 * get that far.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeCasinoSignage, makeDisplayStatus, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { formatFuzzReport, fuzzHttp } from '../test/helpers/http-fuzz';
import { casino, signage } from '../test/helpers/table-messages';
import { startConsoleRig } from '../test/helpers/console-rig';
import { FleetMonitor } from './monitor';

const T = topics('baccarat');
const SEED = process.env.FUZZ_SEED ?? 'console-17';
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const STALE = { table: -1, casino: -1 }; // never a revision: every apply is refused before it plans
const BODIES = [
  { tableId: 'T2', changes: [['min', '200']], reason: 'fuzz', expect: STALE },
  {
    tableId: 'T2',
    changes: [
      ['variant', 'modified-odds'],
      ['from-hand', '3'],
    ],
    reason: 'fuzz',
    expect: STALE,
  },
  { tableId: null, changes: [['pp-scale', 'two']], reason: 'fuzz', expect: STALE },
  { tableId: 'T9', changes: [['name', 'Nowhere']], reason: 'fuzz', expect: STALE },
  { tableId: 'T2', changes: [['tie-max', '999999']], reason: 'fuzz', expect: STALE },
  {
    tableId: 'T2',
    changes: [
      ['side-bets', 'x,y,z'],
      ['nope', '1'],
    ],
    reason: 'fuzz',
    expect: STALE,
  },
  { tableId: 'T2', changes: [['message', '<script>alert(1)</script>'.repeat(40)]], reason: '', expect: STALE },
  { tableId: '../../etc', changes: [], reason: 'fuzz', expect: STALE },
  { tableId: 'T2', changes: [['min']], reason: 'fuzz', expect: STALE },
  { tableId: 'T2', changes: [['min', '200']], reason: 7, expect: STALE },
  { tableId: 'T2', changes: [['min', '200']], reason: 'fuzz', shoeId: '%E0%A4%A', expect: STALE },
  // Fleet commands: to the board that is offline, to one nobody knows, or one step from valid.
  { displayId: 'F1', command: 'identify' },
  { displayId: 'F1', command: 'resync', replace: true, reason: 'fuzz' },
  { displayId: 'F9', command: 'screenshot' },
  { displayId: 'F1', command: 'reload' },
  { displayId: 'F1', command: 'about', seconds: 601 },
  { displayId: '+/#', command: 'about' },
  { displayId: 'F1', command: 'format-disk', reason: 'fuzz' },
].map((b) => JSON.stringify(b));

let broker: EmbeddedBroker;
let monitor: FleetMonitor;
let watcher: MqttClient;
const published: string[] = [];
beforeAll(async () => {
  broker = await startEmbeddedBroker();
  const pub = await connectAsync(broker.url, { clientId: 'fuzz-management' });
  await pub.publishAsync(T.tableSignage('T2'), makeTableSignage(signage(4)), { qos: 1, retain: true });
  await pub.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(1)), { qos: 1, retain: true });
  const offline = { v: 1, state: 'offline', displayId: 'F1', tableId: 'T2', version: '0.1.0' } as const;
  await pub.publishAsync(
    T.displayStatus('F1'),
    makeDisplayStatus({ ...offline, timestamp: new Date().toISOString() }),
    {
      qos: 1,
      retain: true,
    },
  );
  await pub.endAsync();
  monitor = new FleetMonitor({ url: broker.url, root: 'baccarat', protocolVersion: 4 });
  await monitor.start();
  watcher = await connectAsync(broker.url, { clientId: 'fuzz-watcher' });
  watcher.on('message', (topic, payload, packet) => {
    if (!packet.retain) published.push(`${topic} ${payload.toString()}`); // retained ones are the signs before
  });
  await watcher.subscribeAsync([T.filter('signage'), T.casinoSignage(), T.filter('displayCommand')], { qos: 1 });
});
afterAll(async () => {
  await watcher.endAsync();
  await monitor.stop();
  await broker.close();
});

const signs = () => {
  const fleet = monitor.view();
  return { tables: fleet.tables.map((t) => [t.tableId, t.signage]), casino: fleet.casino };
};

test.each([
  ['without a token', null],
  ['with a token', 'fuzz-console-token-0123'],
])(
  'console %s: 50,000 hostile requests (100,000 with the other); it answers, publishes nothing, audits nothing',
  async (name, token) => {
    const uiDir = mkdtempSync(join(tmpdir(), 'bb-fuzz-console-ui-'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(uiDir, 'console.js'), '(() => {})();');
    const auditFile = join(mkdtempSync(join(tmpdir(), 'bb-fuzz-audit-')), 'audit.jsonl');
    writeFileSync(auditFile, `${JSON.stringify({ at: '2026-01-01T00:00:00.000Z', user: 'seed', summary: 'seed' })}\n`);
    const audit = readFileSync(auditFile);
    await expect.poll(() => signs().tables.length).toBe(1);
    const before = signs();
    const rig = await startConsoleRig({
      broker: { url: broker.url, root: 'baccarat', protocolVersion: 4 },
      accounts: { sup: 'supervisor' },
      token,
      uiDir,
      auditFile,
      confirmMs: 200,
    });
    const server = rig.server;
    const sup = await rig.signIn('sup');
    try {
      const report = await fuzzHttp(
        {
          port: server.port,
          hosts: [`127.0.0.1:${server.port}`, `localhost:${server.port}`],
          token,
          paths: [
            '/',
            '/console.js',
            '/healthz',
            '/api/state',
            '/api/audit',
            '/api/session',
            '/api/login',
            '/api/preview',
            '/api/apply',
            '/api/fleet',
          ],
          sockets: ['/live'],
          bodies: BODIES,
          headers: [`Cookie: ${sup.cookie ?? ''}`],
        },
        { seed: `${SEED}/${token ? 'token' : 'open'}`, requests: REQUESTS / 2 },
      );
      console.log(formatFuzzReport(`console ${name} (seed ${SEED})`, report));

      expect(report.requests).toBe(REQUESTS / 2);
      expect(report.answered + report.unanswered).toBe(report.pipelined);
      expect(report.unanswered).toBe(0); // every pipelined request answered: no connection died under it
      expect(report.statuses['500'] ?? 0).toBe(0);
      expect(report.statuses['400']).toBeGreaterThan(0);
      expect(report.statuses['409']).toBeGreaterThan(0); // applies that reached the revision check
      expect(report.statuses['421']).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300)); // anything published would have arrived
      expect(published).toEqual([]);
      expect(readFileSync(auditFile)).toEqual(audit);
      expect(signs()).toEqual(before);
    } finally {
      await rig.stop();
    }
  },
  120_000,
);
