/**
 * A table whose controller signs is held to it on a board that does not require signatures (`trust.requireSignatures`
 * off, a controller key trusted): once a signed result is taken, an unsigned message of its controller is a forgery,
 * refused as `bad-signature` (staff see `forged-results`), across a restart too. Before, one unsigned snapshot of a
 * made-up shoe stamped in the future took the board for good: every genuine shoe after it was "older". Through a real
 * broker (Aedes, in-process) and a real bridge.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { makeControllerStatus, makeDisplayCommand, makeHandMessage, makeShoeSnapshot } from '../contract/mqtt';
import type { DisplayCommand, HandMessage } from '../contract/schemas';
import { topics } from '../contract/topics';
import { testBoardConfig } from '../test/helpers/board-config';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { at, CARDS, coup, handMessage, snapshot } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import type { Config } from './config';
import { startEmbeddedBroker } from './embedded-broker';
import { memoryLogger } from './log';
import { generateSigningKey, publicKeyText, signPayload } from './signing';

const T = topics('baccarat');
const cleanups = cleanupList();
const key = generateSigningKey();
const trust: Config['trust'] = {
  requireSignatures: false,
  controllerKeys: [publicKeyText(key.publicKey)],
  pitKeys: [],
};
const hands = (shoeId: string, n: number) => Array.from({ length: n }, (_, i) => hand(shoeId, i + 1));
const hand = (shoeId: string, no: number) => handMessage(shoeId, no, coup(CARDS.banker));
/** A made-up shoe that looks newer than any real one: started in the far future, by the table's controller id. */
const FORGED = snapshot('EVIL', hands('EVIL', 5), {
  seq: 2 ** 52 - 1,
  startedAt: '9999-01-01T00:00:00.000Z',
  timestamp: '9999-01-01T00:00:00.000Z',
});

async function rig(config?: Config) {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const cfg = config ?? testBoardConfig(broker.url, 'bb-signs-', { trust });
  const other: MqttClient = await mqtt.connectAsync(broker.url, { clientId: 'someone', reconnectPeriod: 0 });
  cleanups.push(() => other.endAsync(true));
  const board = async () => {
    const { logger } = memoryLogger();
    const bridge = new Bridge({ ...cfg, mqtt: { ...cfg.mqtt, brokers: [broker.url] } }, { logger });
    await bridge.start();
    await until(() => expect(bridge.subscribed).toBe(true));
    return bridge;
  };
  const bridge = await board();
  cleanups.push(() => bridge.stop());
  const send = async (kind: 'hand' | 'shoe', payload: object, signed: boolean, retain = false) => {
    const topic = kind === 'hand' ? T.tableHand('T1') : T.tableShoe('T1');
    const p = signed ? signPayload(key, topic, payload) : payload;
    const text = kind === 'hand' ? makeHandMessage(p as HandMessage) : makeShoeSnapshot(p as never);
    await other.publishAsync(topic, text, { qos: 1, retain });
  };
  return { bridge, board, send, other, cfg };
}
const shown = (b: Bridge) => `${b.view().shoe?.id}:${b.view().shoe?.rounds.length ?? 0}`;
const codes = (b: Bridge) => b.view().warnings.map((w) => w.code);

describe('a table that signs is held to it (requireSignatures off)', () => {
  test('an unsigned snapshot of a made-up future shoe after signed results: refused; the table goes on', async () => {
    const r = await rig();
    await r.send('shoe', snapshot('S1', hands('S1', 3), { seq: 3, startedAt: at(0) }), true, true);
    await until(() => expect(shown(r.bridge)).toBe('S1:3'));
    expect(codes(r.bridge)).toEqual([]);
    await r.send('shoe', FORGED, false);
    await r.send('hand', hand('S1', 4), false); // an unsigned next hand, too
    await until(() => expect(r.bridge.counters.rejected).toBe(2));
    expect(shown(r.bridge)).toBe('S1:3');
    expect(r.bridge.view().outOfStep).toBeNull(); // not the table
    expect(codes(r.bridge)).toEqual(['forged-results']);
    expect(r.bridge.view().warnings[0]?.detail).toMatch(/an unsigned hand on a table whose controller signs/);
    // The table's own next hand and its next shoe are taken.
    await r.send('hand', hand('S1', 4), true);
    await until(() => expect(shown(r.bridge)).toBe('S1:4'));
    await r.send('shoe', snapshot('S2', hands('S2', 1), { seq: 9, startedAt: at(4000), timestamp: at(4001) }), true);
    await until(() => expect(shown(r.bridge)).toBe('S2:1'));
  });

  test('after a restart, from its history: the first unsigned message is refused before any signed one', async () => {
    const r = await rig();
    await r.send('shoe', snapshot('S1', hands('S1', 3), { seq: 3, startedAt: at(0) }), true, true);
    await until(() => expect(shown(r.bridge)).toBe('S1:3'));
    await r.bridge.stop();
    await r.other.publishAsync(T.tableShoe('T1'), '', { qos: 1, retain: true }); // no retained snapshot to help
    const again = await r.board();
    cleanups.push(() => again.stop());
    await r.send('shoe', FORGED, false);
    await until(() => expect(again.counters.rejected).toBe(1));
    expect(shown(again)).toBe('S1:3');
    expect(codes(again)).toEqual(['forged-results']);
  });

  // Found by a floor manager: a board with the pit's keys alone said results came "without a signature by this
  // table's controller keys", as if some were configured.
  test("'results-unverified' says no controller key is configured where only the pit's keys are", async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const cfg = testBoardConfig(broker.url, 'bb-signs-', {
      trust: { requireSignatures: false, controllerKeys: [], pitKeys: [publicKeyText(key.publicKey)] },
    });
    const r = await rig(cfg);
    await r.send('shoe', snapshot('S1', hands('S1', 2), { seq: 2, startedAt: at(0) }), false);
    await until(() => expect(codes(r.bridge)).toEqual(['results-unverified']));
    expect(r.bridge.view().warnings[0]!.detail).toBe(
      'results are not signed: no controller key is configured (trust.controllerKeys)',
    );
  });

  // Found by casino IT: a restarted board said nothing until the next result came (hours, at a closed table), while
  // it showed the very results it had taken unsigned; `fleet list` counted it clean.
  test("after a restart, results taken unsigned still say 'results-unverified' at once; signed ones do not", async () => {
    const r = await rig();
    await r.send('shoe', snapshot('S1', hands('S1', 3), { seq: 3, startedAt: at(0) }), false);
    await until(() => expect(codes(r.bridge)).toEqual(['results-unverified']));
    const since = r.bridge.view().warnings[0]!.since;
    await r.bridge.stop();
    const again = await r.board();
    cleanups.push(() => again.stop());
    expect(shown(again)).toBe('S1:3');
    expect(again.view().warnings).toEqual([expect.objectContaining({ code: 'results-unverified', since })]);
    // Signed from here: it goes, and a restart after it says nothing.
    await r.send('hand', hand('S1', 4), true);
    await until(() => expect(codes(again)).toEqual([]));
    await again.stop();
    const third = await r.board();
    cleanups.push(() => third.stop());
    expect(shown(third)).toBe('S1:4');
    expect(codes(third)).toEqual([]);
  });

  test('an unsigned hand kept beyond a gap before the table was known to sign: refused once it is', async () => {
    const r = await rig();
    await r.send('hand', hand('S1', 4), false); // a gap on an empty board: kept
    await until(() => expect(r.bridge.view().outOfStep?.code).toBe('gap'));
    await r.send('shoe', snapshot('S1', hands('S1', 3), { seq: 3, startedAt: at(0) }), true);
    await until(() => expect(r.bridge.counters.rejected).toBe(1));
    expect(shown(r.bridge)).toBe('S1:3');
    await r.send('hand', handMessage('S1', 4, coup(CARDS.player)), true); // the table's own hand 4
    await until(() => expect(r.bridge.view().shoe?.rounds.length).toBe(4));
    expect(r.bridge.view().shoe?.rounds.at(-1)).toMatchObject({ hand: { outcome: 'player' } });
  });

  test("unsigned first (nothing held yet): 'results-unverified' until a signed result is taken, not merely heard", async () => {
    const r = await rig();
    await r.send('shoe', FORGED, false);
    await until(() => expect(shown(r.bridge)).toBe('EVIL:5'));
    expect(codes(r.bridge)).toEqual(['results-unverified']);
    await r.send('hand', hand('S1', 1), true); // a shoe the board does not know: a gap, not taken
    await until(() => expect(r.bridge.view().outOfStep?.code).toBe('gap'));
    expect(shown(r.bridge)).toBe('EVIL:5');
    expect(codes(r.bridge)).toEqual(['results-unverified']); // staff still told what they see is unverified
  });

  test('a signed snapshot replaces a made-up shoe taken unsigned, for good (its journal too)', async () => {
    const r = await rig();
    // The controller online (its signed status, retained as a controller publishes it once per connection).
    const topic = T.controllerStatus('T1');
    const online = { v: 1, state: 'online', controllerId: 'ctl-T1', version: 'keypad 1.0.0', timestamp: at(0) };
    await r.other.publishAsync(topic, makeControllerStatus(signPayload(key, topic, online) as never), { qos: 1 });
    await until(() => expect(r.bridge.view().controllerOnline).toBe(true));
    await r.send('shoe', FORGED, false);
    await until(() => expect(shown(r.bridge)).toBe('EVIL:5'));
    await r.send('shoe', snapshot('S1', hands('S1', 3), { seq: 3, startedAt: at(0) }), true);
    await until(() => expect(shown(r.bridge)).toBe('S1:3'));
    expect(codes(r.bridge)).toEqual([]);
    // The controller is still online: replacing the results keeps what the board knows of it (it dropped it, and the
    // controller says online only when it connects).
    expect(r.bridge.view().controllerOnline).toBe(true);
    expect(r.bridge.view().outOfStep).toBeNull();
    await r.send('hand', hand('S1', 4), true);
    await until(() => expect(shown(r.bridge)).toBe('S1:4'));
    await r.bridge.stop();
    await r.other.publishAsync(T.tableShoe('T1'), '', { qos: 1, retain: true });
    const again = await r.board();
    cleanups.push(() => again.stop());
    expect(shown(again)).toBe('S1:4');
  });

  test("the operator's replace releases the hold: unsigned results are taken again", async () => {
    const r = await rig();
    await r.send('shoe', snapshot('S2', hands('S2', 1), { seq: 9 }), true);
    await until(() => expect(shown(r.bridge)).toBe('S2:1'));
    expect(codes(r.bridge)).toEqual([]);
    const replace = { v: 1, command: 'resync', requestId: 'op-1', timestamp: new Date().toISOString(), replace: true };
    await r.other.publishAsync(T.displayCommand('D1'), makeDisplayCommand(replace as DisplayCommand), { qos: 1 });
    // The table's next snapshot, unsigned (none is retained): it replaces what the board showed, and is taken.
    await r.send('shoe', snapshot('S3', hands('S3', 2), { seq: 1 }), false);
    await until(() => expect(shown(r.bridge)).toBe('S3:2'));
    await until(() => expect(r.bridge.displayStatus()).toMatchObject({ lastCommand: { requestId: 'op-1', ok: true } }));
    expect(codes(r.bridge)).toEqual(['results-unverified']);
  });
});
