/**
 * Results no one can forge (issue 14), on a real Mosquitto: a controller that signs its results (the simulator with
 * its key) feeds a board that requires signatures; an attacker with publish rights on the broker tries forged,
 * tampered and replayed messages; none reaches the screen, each is refused as `bad-signature`, logged and counted,
 * and the board never falls out of step over them. A board that does not require signatures takes unsigned results
 * and tells staff they are unverified.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { describe, expect, test } from 'vitest';
import { roadHands } from '../baccarat/shoe';
import { makeHandMessage } from '../contract/mqtt';
import type { HandMessage } from '../contract/schemas';
import { topics } from '../contract/topics';
import { Bridge } from '../mqtt-bridge/bridge';
import { defaultConfig } from '../mqtt-bridge/config';
import { memoryLogger } from '../mqtt-bridge/log';
import { generateSigningKey, publicKeyText, signPayload } from '../mqtt-bridge/signing';
import { simulateTable } from '../simulator/dealer';
import { startTableSimulator } from '../simulator/publisher';
import { difference } from '../test/helpers/chaos';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto } from '../test/helpers/mosquitto';

const missing = mosquittoMissing();
const T = topics('baccarat');
const cleanups = cleanupList();

async function rig(requireSignatures: boolean) {
  const broker = await startMosquitto();
  cleanups.push(() => broker.close());
  const key = generateSigningKey();
  const c = defaultConfig();
  const { logger, records } = memoryLogger('info');
  const bridge = new Bridge(
    {
      ...c,
      tableId: 'T1',
      displayId: 'D1',
      mqtt: { ...c.mqtt, brokers: [broker.url], clientId: 'board-D1', reconnectMinMs: 100 },
      journal: { dir: mkdtempSync(join(tmpdir(), 'bb-signed-')), syncIntervalMs: 0 },
      trust: { requireSignatures, controllerKeys: [publicKeyText(key.publicKey)], pitKeys: [] },
    },
    { logger, rejectionLog: { samplesPerCode: Infinity } },
  );
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(bridge.subscribed).toBe(true));
  return { broker, key, bridge, records };
}

describe.skipIf(missing)(`signed results on a real broker${missing ? ` (${missing})` : ''}`, () => {
  test('forged, tampered and replayed messages never reach a board that requires signatures', async () => {
    const { broker, key, bridge, records } = await rig(true);
    const sim = await startTableSimulator({
      broker: broker.url,
      tableId: 'T1',
      steps: simulateTable({ seed: 'signed', shoes: 1 }),
      speed: 0,
      signingKey: key,
    });
    await sim.done;
    const truth = sim.messenger.snapshot();
    await until(() => expect(difference(bridge.table.shoe, truth)).toBeNull());
    expect(bridge.view().warnings).toEqual([]); // every result verified
    const shown = roadHands(bridge.table.shoe!).length;
    const rejected = bridge.counters.rejected;

    // An attacker with publish rights on the broker.
    const evil = await mqtt.connectAsync(broker.url, { clientId: 'intruder' });
    cleanups.push(() => evil.endAsync(true));
    const real = truth!.hands.at(-1)! as HandMessage;
    const next: HandMessage = {
      ...real,
      handNo: real.handNo + 1,
      outcome: 'player',
      playerPoints: 9,
      bankerPoints: 0,
      cards: { player: ['9H', 'KS'], banker: ['KD', 'QC'] },
      natural: true,
    };
    const attempts: [string, string, string][] = [
      ['unsigned, a forged next hand', T.tableHand('T1'), makeHandMessage(next)],
      [
        'signed by a key the board does not know',
        T.tableHand('T1'),
        JSON.stringify(signPayload(generateSigningKey(), T.tableHand('T1'), next)),
      ],
      [
        'a genuine hand, tampered',
        T.tableHand('T1'),
        JSON.stringify({ ...signPayload(key, T.tableHand('T1'), real), outcome: 'tie' }),
      ],
      [
        'a genuine hand, numbered for another hand',
        T.tableHand('T1'),
        JSON.stringify({ ...signPayload(key, T.tableHand('T1'), real), handNo: real.handNo + 1 }),
      ],
      ['a genuine hand of another table', T.tableHand('T1'), JSON.stringify(signPayload(key, T.tableHand('T2'), real))],
      ['a forged snapshot', T.tableShoe('T1'), JSON.stringify({ ...truth!, hands: [], shoeId: 'FORGED' })],
    ];
    for (const [, topic, text] of attempts) await evil.publishAsync(topic, text, { qos: 1 });
    await until(() => expect(bridge.counters.rejected - rejected).toBe(attempts.length));
    expect(records.filter((r) => r.msg === 'message rejected' && r.code === 'bad-signature')).toHaveLength(
      attempts.length,
    );
    expect(roadHands(bridge.table.shoe!)).toHaveLength(shown);
    expect(difference(bridge.table.shoe, truth)).toBeNull();
    expect(bridge.step).toBeNull(); // a refused signature was not the table: never out of step over it
    // A genuine hand sent again as it was: a duplicate, not a change.
    await evil.publishAsync(T.tableHand('T1'), JSON.stringify(signPayload(key, T.tableHand('T1'), real)), { qos: 1 });
    await until(() => expect(bridge.counters.duplicates).toBeGreaterThan(0));
    expect(difference(bridge.table.shoe, truth)).toBeNull();
  }, 60_000);

  test('a board that does not require signatures takes unsigned results and tells staff they are unverified', async () => {
    const { broker, key, bridge } = await rig(false);
    const sim = await startTableSimulator({
      broker: broker.url,
      tableId: 'T1',
      steps: simulateTable({ seed: 'unsigned', shoes: 1 }),
      speed: 0,
    });
    await sim.done;
    await until(() => expect(difference(bridge.table.shoe, sim.messenger.snapshot())).toBeNull());
    expect(bridge.view().warnings.map((w) => w.code)).toEqual(['results-unverified']);
    // The controller starts signing: verified again.
    const signed = await startTableSimulator({
      broker: broker.url,
      tableId: 'T1',
      steps: simulateTable({ seed: 'signed-2', shoes: 1, shoeId: (n) => `B${n}` }),
      speed: 0,
      signingKey: key,
      controllerId: 'ctl-T1-b',
    });
    await signed.done;
    await until(() => expect(bridge.view().warnings).toEqual([]));
    await signed.stop();
    await sim.stop();
  }, 60_000);
});
