/**
 * Signs no one can forge (issue 14), on a real Mosquitto with a real board (the Bridge) that requires signatures
 * and trusts the pit's key: `signage` with `--signing-key` and the console with its key publish signs the board
 * shows; the same tools without a key publish signs the board refuses (`bad-signature`), keeping the one it shows;
 * and the casino's sign likewise. The console with its key does not sign over such a refused sign.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signageCommand } from '../cli/signage-command';
import { memoryIo } from '../cli/test-io';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig } from '../mqtt-bridge/config';
import { memoryLogger } from '../mqtt-bridge/log';
import { generateSigningKey, publicKeyText } from '../mqtt-bridge/signing';
import { startConsoleRig, type ConsoleRig } from '../test/helpers/console-rig';
import { announceAuditKeeper } from '../test/helpers/audit-keeper';
import { until } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import type { ApplyResponse } from './protocol';

const missing = mosquittoMissing();
const cleanups: (() => Promise<unknown>)[] = []; // for the whole file: the board lives across both tests
const pit = generateSigningKey();
const dir = mkdtempSync(join(tmpdir(), 'bb-signed-signage-'));
const keyFile = join(dir, 'pit.key');
writeFileSync(keyFile, pit.privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });

let broker: Mosquitto;
let bridge: Bridge;
let records: ReturnType<typeof memoryLogger>['records'];

/** `signage` at table T1; the casino's sign (pp-scale) without a table, as it must be once there is one. */
const signage = (...args: string[]) => signageAt(['--table', 'T1'], ...args);
const casinoSign = (...args: string[]) => signageAt([], ...args);
async function signageAt(table: string[], ...args: string[]) {
  const m = memoryIo();
  const code = await signageCommand(
    ['--broker', broker.url, ...table, '--wait', '200', ...args, '--reason', 'signed signs test'],
    m.io,
    { env: { USER: 'pit-terminal' }, now: () => new Date() },
  );
  return { code, out: m.out(), err: m.err() };
}
const refusedSignatures = () =>
  records.filter((r) => r.msg === 'message rejected' && r.code === 'bad-signature').length;

describe.skipIf(missing)(`signed signs on a real broker${missing ? ` (${missing})` : ''}`, () => {
  beforeAll(async () => {
    broker = await startMosquitto();
    cleanups.push(() => broker.close());
    // A console has connected once: the records reach its log (signage says nothing of it).
    const keeper = await connectAsync(broker.url, { clientId: 'keeper-announce' });
    await announceAuditKeeper(keeper);
    await keeper.endAsync();
    const c = defaultConfig();
    const log = memoryLogger('info');
    records = log.records;
    bridge = new Bridge(
      {
        ...c,
        tableId: 'T1',
        displayId: 'D1',
        mqtt: { ...c.mqtt, brokers: [broker.url], clientId: 'board-D1', reconnectMinMs: 100 },
        journal: { dir: mkdtempSync(join(tmpdir(), 'bb-signed-signage-j-')), syncIntervalMs: 0 },
        trust: {
          requireSignatures: true,
          controllerKeys: [publicKeyText(generateSigningKey().publicKey)],
          pitKeys: [publicKeyText(pit.publicKey)],
        },
      },
      { logger: log.logger, rejectionLog: { samplesPerCode: Infinity } },
    );
    await bridge.start();
    cleanups.push(() => bridge.stop());
    for (let i = 0; i < 250 && !bridge.subscribed; i++) await new Promise((r) => setTimeout(r, 20));
  }, 30_000);
  afterAll(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  test('signage: signed with --signing-key, the board shows it; without, the board refuses it', async () => {
    const signed = await signage(
      '--signing-key',
      keyFile,
      'set',
      'name=Jade 8',
      'min=100',
      'max=50000',
      'tie-max=5000',
    );
    expect([signed.code, signed.err]).toEqual([0, '']);
    await until(() => expect(bridge.table.signage).toMatchObject({ revision: 1, tableName: 'Jade 8' }));
    const casino = await casinoSign('--signing-key', keyFile, 'set', 'pp-scale=two', 'casino-name=Crown');
    expect(casino.code).toBe(0);
    await until(() => expect(bridge.table.casino).toMatchObject({ perfectPairsScale: 'two' }));

    const before = refusedSignatures();
    const unsigned = await signage('set', 'min=300'); // published (the broker takes it), refused by the board
    expect(unsigned.code).toBe(0);
    expect(unsigned.err).toMatch(
      /^warning: the sign this replaces is signed \(key [0-9a-f]{16}\) and this change is not/,
    );
    const unsignedCasino = await casinoSign('set', 'pp-scale=one');
    expect(unsignedCasino.code).toBe(0);
    await until(() => expect(refusedSignatures() - before).toBe(2));
    expect(bridge.table.signage).toMatchObject({ revision: 1, limits: { minimum: 100 } });
    expect(bridge.table.casino).toMatchObject({ perfectPairsScale: 'two' });
  }, 30_000);

  test('the console: with its key the board shows the change; without one the board refuses it', async () => {
    const start = async (key: typeof pit | null) => {
      const rig: ConsoleRig = await startConsoleRig({ broker: broker.url, accounts: { sue: 'supervisor' }, key });
      cleanups.push(() => rig.stop());
      await until(() => expect(rig.monitor.view().tables.find((t) => t.tableId === 'T1')?.signage).toBeTruthy());
      return rig.signIn('sue');
    };
    const withKey = await start(pit);
    // Revision 2 (min 300) is unsigned and the board shows revision 1: a signed change made from it would sign
    // min 300 too, named nowhere. Refused, until the sign is signed again.
    const apply = async (body: object) =>
      (await (await withKey.post('/api/apply', { tableId: 'T1', ...body })).json()) as ApplyResponse;
    const over = await apply({ changes: [['min', '400']], reason: 'signed by the console' });
    expect(over).toMatchObject({ ok: false, field: 'table' });
    expect(JSON.stringify(over)).toContain('the sign on the broker (revision 2) is not signed');
    expect(bridge.table.signage).toMatchObject({ revision: 1, limits: { minimum: 100 } });
    // This console's audit log is new (it has no revision 1 to restore): undone with signage, signed as it stands.
    const back = await signage('--signing-key', keyFile, 'set', 'min=100', '--replace');
    expect([back.code, back.err]).toEqual([0, '']);
    await until(() => expect(bridge.table.signage).toMatchObject({ revision: 3, limits: { minimum: 100 } }));
    const r = await apply({ changes: [['min', '400']], reason: 'signed by the console' });
    expect(r).toMatchObject({ ok: true, records: [{ revision: { from: 3, to: 4 } }] });
    await until(() => expect(bridge.table.signage).toMatchObject({ revision: 4, limits: { minimum: 400 } }));

    const before = refusedSignatures();
    const noKey = await start(null);
    const u = (await (
      await noKey.post('/api/apply', { tableId: 'T1', changes: [['min', '500']], reason: 'unsigned console' })
    ).json()) as ApplyResponse;
    expect(u).toMatchObject({ ok: true });
    await until(() => expect(refusedSignatures() - before).toBe(1));
    expect(bridge.table.signage).toMatchObject({ revision: 4, limits: { minimum: 400 } });
  }, 30_000);
});
