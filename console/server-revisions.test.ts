/**
 * The console never publishes a sign below what a board shows (issue 12, case 9), against a real broker in this
 * process (Aedes): a board reporting revision 13 for a table whose retained sign the broker lost gets 14 through
 * preview and apply, audited with from, to and the board's revision; an old sign published over it flags the board
 * as ahead, in words, and republishing puts the sign above it; the casino sign goes above every board's.
 */
import { readFileSync } from 'node:fs';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeCasinoSignage, makeDisplayStatus, makeTableSignage } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { untilFound } from '../test/helpers/lifecycle';
import { casino, signage } from '../test/helpers/table-messages';
import { startConsoleRig, type ConsoleRig, type RigClient } from '../test/helpers/console-rig';
import type { PreviewResponse } from './protocol';

const T = topics('baccarat');
const TOKEN = 'test-token-0123456789';
let broker: EmbeddedBroker;
let pub: MqttClient;
let rig: ConsoleRig;
let dana: RigClient; // a supervisor: the casino sign too
let auditFile: string;
const monitor = { view: () => rig.monitor.view() };

const board = (displayId: string, extra: Partial<Extract<DisplayStatus, { state: 'online' }>>): DisplayStatus => ({
  v: 1,
  state: 'online',
  displayId,
  tableId: 'T7',
  version: '0.1.0',
  timestamp: new Date().toISOString(),
  handCount: 12,
  rejectedMessages: 0,
  uptimeSeconds: 3_700,
  ...extra,
});

const post = (path: string, body: unknown) =>
  dana.post(path, { reason: 'keep the boards in step', ...(body as object) });

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  pub = await connectAsync(broker.url, { clientId: 'management' });
  await pub.publishAsync(T.casinoSignage(), makeCasinoSignage(casino(1)), { qos: 1, retain: true });
  rig = await startConsoleRig({
    broker: { url: broker.url, root: 'baccarat', protocolVersion: 4 },
    accounts: { dana: 'supervisor' },
    token: TOKEN,
  });
  auditFile = rig.audit.path;
  dana = await rig.signIn('dana');
  await untilFound(() => monitor.view().casino);
});
afterAll(async () => {
  await rig.stop();
  await pub.endAsync();
  await broker.close();
});

describe('revisions never go backwards (issue 12, case 9)', () => {
  const retained = { qos: 1, retain: true } as const;
  test('no sign retained for T7 while its board shows revision 13: the console publishes 14, and audits it', async () => {
    await pub.publishAsync(
      T.displayStatus('D7'),
      makeDisplayStatus(board('D7', { tableId: 'T7', signageRevision: 13, casinoSignageRevision: 9 })),
      retained,
    );
    await untilFound(() => monitor.view().boards.find((b) => b.displayId === 'D7'));
    // The board is ahead of its table (which has no sign at all), in words a floor manager reads.
    const d7 = monitor.view().boards.find((b) => b.displayId === 'D7');
    expect(d7?.signageAhead).toBe(true);
    expect(d7?.attention.map((a) => a.text)).toContain(
      'Board D7 shows revision 13; the broker has no sign for table T7 — publish the sign again',
    );
    const change = {
      tableId: 'T7',
      changes: [
        ['name', 'Pit 7'],
        ['disclaimer', 'false'],
      ],
    };
    const preview = (await (await post('/api/preview', change)).json()) as PreviewResponse;
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.table?.revision).toEqual({ from: null, to: 14, boards: 13 });
    expect(preview.summary[0]).toMatch(
      /^Pit 7 \(T7\), new sign, revision 14 \(a board shows revision 13\): name "Pit 7"/,
    );
    const res = await post('/api/apply', { ...change, expect: preview.expect });
    expect(res.status).toBe(200);
    await untilFound(() => monitor.view().tables.find((t) => t.tableId === 'T7')?.signage?.revision === 14);
    const records = readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.at(-1)).toMatchObject({
      who: { account: 'dana', via: 'console' },
      before: null,
      tableId: 'T7',
      revision: { from: null, to: 14, boards: 13 },
    });
  });

  test('an old sign published over it: the board is flagged ahead, and republishing puts the sign above it', async () => {
    await pub.publishAsync(T.tableSignage('T7'), makeTableSignage(signage(1, { tableName: 'Pit 7' })), retained);
    const d7 = await untilFound(() =>
      monitor.view().tables.find((t) => t.tableId === 'T7')?.signage?.revision === 1
        ? monitor.view().boards.find((b) => b.displayId === 'D7')
        : undefined,
    );
    expect(d7.attention.map((a) => a.text)).toContain(
      "Board D7 shows revision 13; the table's sign is revision 1 — republish the sign",
    );
    const res = await post('/api/apply', { tableId: 'T7', changes: [], republish: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ok: true,
      records: [
        {
          revision: { from: 1, to: 14, boards: 13 },
          changes: [],
          summary: expect.stringContaining('republished unchanged') as unknown,
        },
      ],
    });
    // With nothing ahead, a republish is nothing to change.
    const again = await post('/api/apply', { tableId: 'T7', changes: [], republish: true });
    expect(await again.json()).toMatchObject({
      ok: false,
      message: expect.stringMatching(/nothing to change/) as unknown,
    });
  });

  test('the casino sign goes above every casino revision the boards report', async () => {
    const r = await post('/api/apply', { tableId: null, changes: [['pp-scale', 'one']] });
    expect(r.status).toBe(200);
    const c = await untilFound(() =>
      monitor.view().casino?.perfectPairsScale === 'one' ? monitor.view().casino : undefined,
    );
    expect(c?.revision).toBe(10);
  });
});
