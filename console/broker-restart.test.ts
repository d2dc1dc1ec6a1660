/**
 * A broker restarted without persistence loses its retained signs; the console's picture must follow it (found by
 * hand: after a restart the console kept showing every table's sign, with no flag and no Republish button, counted
 * the next revision from a sign the broker no longer held, and blamed a new board for not taking it). Against a
 * real broker in this process (Aedes), closed and started again on the same port.
 */
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeCasinoSignage, makeDisplayStatus, makeShoeSnapshot, makeTableSignage } from '../contract/mqtt';
import type { DisplayStatus } from '../contract/schemas';
import { topics } from '../contract/topics';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt-bridge/embedded-broker';
import { startConsoleRig, type ConsoleRig, type RigClient } from '../test/helpers/console-rig';
import { untilFound } from '../test/helpers/lifecycle';
import { CARDS, casino, coup, handMessage, signage, snapshot } from '../test/helpers/table-messages';
import type { PreviewResponse } from './protocol';

/** As `untilFound`, with the time a broker restart takes. */
const until = <T>(find: () => T | undefined | null | false, ms = 8_000) => untilFound(find, ms);

const T = topics('baccarat');
const retained = { qos: 1, retain: true } as const;
let broker: EmbeddedBroker;
let rig: ConsoleRig;
let dana: RigClient;

const status = (displayId: string, revisions: { signageRevision?: number; casinoSignageRevision?: number }) =>
  makeDisplayStatus({
    v: 1,
    state: 'online',
    displayId,
    tableId: 'T12',
    version: '0.1.0',
    timestamp: new Date().toISOString(),
    handCount: 0,
    rejectedMessages: 0,
    uptimeSeconds: 60,
    ...revisions,
  } satisfies DisplayStatus);

/** The casino's management system and a board that shows revision 6 publish to the broker, then go. */
async function publish(messages: readonly [string, string][]): Promise<void> {
  const c: MqttClient = await connectAsync(broker.url, { clientId: 'management', reconnectPeriod: 0 });
  for (const [topic, text] of messages) await c.publishAsync(topic, text, retained);
  await c.endAsync();
}

const view = () => rig.monitor.view();
const t12 = () => view().tables.find((t) => t.tableId === 'T12');

beforeAll(async () => {
  broker = await startEmbeddedBroker();
  await publish([
    [T.casinoSignage(), makeCasinoSignage(casino(3))],
    [T.tableSignage('T12'), makeTableSignage(signage(5, { tableName: 'Pit 12' }))],
  ]);
  rig = await startConsoleRig({
    broker: broker.url,
    accounts: { dana: 'supervisor', fran: 'floor-manager' },
    reconnectMs: 100,
  });
  dana = await rig.signIn('dana');
  // Revision 6 is the console's own change, so its audit log has it; board D12 takes it.
  const res = await dana.post('/api/apply', { tableId: 'T12', changes: [['min', '200']], reason: 'new minimum' });
  if (res.status !== 200) throw new Error(`revision 6 not applied: ${await res.text()}`);
  await publish([[T.displayStatus('D12'), status('D12', { signageRevision: 6, casinoSignageRevision: 3 })]]);
  await until(() => view().boards.length === 1 && t12()?.signage?.revision === 6);
});
afterAll(async () => {
  await rig.stop();
  await broker.close();
});

describe('after the broker restarts without its retained messages', () => {
  test('the console holds what the broker held at the start, with nothing to flag', () => {
    // start() resolves once the retained messages are read: no waiting needed.
    expect(rig.monitor.connected).toBe(true);
    expect(t12()?.signage?.revision).toBe(6);
    expect(view().casino?.revision).toBe(3);
    expect(t12()?.attention).toEqual([]);
  });

  test('it shows what the broker holds now: no sign, a flag on the board that shows one, revision 7 from none', async () => {
    const port = broker.port;
    await broker.close();
    await until(() => !rig.monitor.connected);
    broker = await startEmbeddedBroker({ port });
    // The board that showed revision 6 comes back and says so; a board started since shows no sign.
    await publish([
      [T.displayStatus('D12'), status('D12', { signageRevision: 6, casinoSignageRevision: 3 })],
      [T.displayStatus('D13'), status('D13', {})],
    ]);
    await until(() => rig.monitor.connected && view().boards.length === 2, 10_000);
    expect(t12()?.signage).toBeNull();
    expect(view().casino).toBeNull();
    expect(t12()?.attention.map((a) => a.text)).toEqual([
      'Board D12 shows revision 6; the broker has no sign for table T12 — publish the sign again',
    ]);
    expect(view().casinoAttention.map((a) => a.text)).toEqual([
      'Board D12 shows casino sign revision 3; the broker has no casino sign — publish the casino sign again',
    ]);
    // The new board is not blamed for a sign the broker does not have.
    expect(view().boards.find((b) => b.displayId === 'D13')?.attention).toEqual([]);
    // A change is made to the sign the board shows (revision 6, from the audit log), not to the defaults; that sign
    // offers Perfect Pairs, whose casino scale the broker lost too: refused until the casino sign is back.
    const res = await dana.post('/api/preview', { tableId: 'T12', changes: [['name', 'Pit 12']] });
    expect(await res.json()).toMatchObject({
      ok: false,
      field: 'side-bets',
      message:
        "this table offers Perfect Pairs, whose pay scale is the casino sign's, and the broker has lost that too (its " +
        'boards show revision 3): republish the casino sign first (Republish sign… in the Casino panel, by a ' +
        'supervisor), then this table (rules 11A.7, 11A.8)',
    });
    const closed = await dana.post('/api/preview', { tableId: 'T12', changes: [['side-bets', 'playerPair']] });
    const preview = (await closed.json()) as PreviewResponse;
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.table?.revision).toEqual({ from: null, to: 7, boards: 6 });
    expect(preview.summary[0]).toMatch(
      /revision 6 as the boards show it, published again, with side-bets .* → playerPair/,
    );
    expect(preview.expect).toEqual({ table: null, casino: null });
  }, 20_000);

  test('the casino sign a board shows is not in the audit log: republishing it is refused, saying what to do', async () => {
    const res = await dana.post('/api/preview', { tableId: null, changes: [], republish: true });
    expect(await res.json()).toMatchObject({
      ok: false,
      field: 'revision',
      message:
        "the broker has no sign for the casino, and revision 3, which a board shows, is not in this console's audit log: make the sign in full instead",
    });
    // Made in full, it goes above the board's revision.
    const set = await dana.post('/api/apply', {
      tableId: null,
      changes: [
        ['pp-scale', 'one'],
        ['casino-name', 'Crown'],
      ],
      reason: 'lost',
    });
    expect(set.status).toBe(200);
    await until(() => view().casino?.revision === 4);
  });

  test('Republish sign… publishes again the table sign the board shows, from the audit log, above it', async () => {
    const fran = await rig.signIn('fran'); // a floor manager: republishing is changing signs, not restoring
    // A round is being dealt. The sign goes out as the boards show it already: it changes no pay (found on a shift:
    // the review warned that tie-pays and side-bets change what the round being dealt pays).
    const dealing = [1, 2].map((n) => handMessage('S12', n, coup(CARDS.banker)));
    await publish([[T.tableShoe('T12'), makeShoeSnapshot(snapshot('S12', dealing, { phase: 'dealing' }))]]);
    await until(() => t12()?.shoe?.phase === 'dealing');
    const ask = { tableId: 'T12', changes: [], republish: true, reason: 'the broker lost the sign' };
    const preview = (await (await fran.post('/api/preview', ask)).json()) as PreviewResponse;
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.table?.revision).toEqual({ from: null, to: 7, boards: 6 });
    // The sign itself, not one remade from the defaults (that dated a restored variant from the next round).
    expect(preview.summary).toEqual([
      'Pit 12 (T12), new sign, revision 7 (a board shows revision 6): revision 6 as the boards show it, published again',
    ]);
    expect(preview.paysNow).toEqual([]);
    // What it says, for the review's "published again as it is:": the page has no sign of the broker's to describe.
    expect(preview.table?.says).toEqual([
      expect.stringMatching(/^(open|closed)$/),
      expect.stringMatching(/^[A-Z]{3} 200 – /),
      expect.stringMatching(/^Banker: /),
      expect.stringMatching(/^side bets: /),
    ]);
    const res = await fran.post('/api/apply', { ...ask, expect: preview.expect });
    expect(res.status).toBe(200);
    const sign = await until(() => (t12()?.signage?.revision === 7 ? t12()?.signage : undefined));
    expect(sign).toMatchObject({ tableName: 'Pit 12', limits: { minimum: 200 }, updatedBy: 'fran' });
    expect(t12()?.attention.some((a) => a.code === 'signage-ahead')).toBe(false);
    expect(t12()?.attention.map((a) => a.text)).toContain(
      "Board D13 shows no sign; the table's sign is revision 7 — it has not taken it yet",
    );
  });

  test("a change of the casino sign the broker lost again is made to the one the boards show (audit log's)", async () => {
    // Revision 4 is the console's own (above), so its audit log has it; board D12 takes it, then the broker loses it.
    await publish([[T.displayStatus('D12'), status('D12', { signageRevision: 7, casinoSignageRevision: 4 })]]);
    await publish([[T.casinoSignage(), '']]);
    await until(() => view().casino === null && view().casinoBoardsShow === 4);
    // Only the scale, as the page's Change pay scale… sends it: the name is the one the boards show, not refused
    // for want of one (nor the defaults').
    const ask = { tableId: null, changes: [['pp-scale', 'two']], reason: 'new scale for the weekend' };
    const preview = (await (await dana.post('/api/preview', ask)).json()) as PreviewResponse;
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.casino?.revision).toEqual({ from: null, to: 5, boards: 4 });
    expect(preview.casino?.restored).toBe(4);
    expect(preview.casino?.changes.map((c) => c.field)).toEqual(['pp-scale']);
    expect(preview.summary.join(' ')).toMatch(/revision 4 as the boards show it, published again, with pp-scale/);
    const res = await dana.post('/api/apply', { ...ask, expect: preview.expect });
    expect(res.status).toBe(200);
    const sign = await until(() => (view().casino?.revision === 5 ? view().casino : undefined));
    expect(sign).toMatchObject({ casinoName: 'Crown', perfectPairsScale: 'two', updatedBy: 'dana' });
  });
});
