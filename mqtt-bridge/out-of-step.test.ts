/**
 * The board out of step with its table, through the real bridge and a real (in-process) broker: it says so at once,
 * keeps its last good picture, asks for the snapshot (never more than once a second), and is back in step as soon
 * as a valid hand or snapshot arrives. Plus the pure pieces: the out-of-step state and the resync scheduler.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, test, vi } from 'vitest';
import { shoeHands } from '../baccarat/shoe';
import {
  makeDisplayCommand,
  makeHandMessage,
  makeShoeSnapshot,
  makeTableEvent,
  parseDisplayStatus,
} from '../contract/mqtt';
import { topics } from '../contract/topics';
import { testBoardConfig } from '../test/helpers/board-config';
import { cleanupList, until } from '../test/helpers/lifecycle';
import { CARDS, at, coup, event, handMessage, snapshot } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { startEmbeddedBroker } from './embedded-broker';
import type { Config } from './config';
import { memoryLogger } from './log';
import { nextOutOfStep } from './out-of-step';
import { generateSigningKey, publicKeyText, signPayload } from './signing';
import { Resyncs } from './resyncs';

const T = topics('baccarat');
const cleanups = cleanupList();
const CARD = [CARDS.banker, CARDS.player, CARDS.tie];
const hand = (no: number, shoeId = 'S1') => handMessage(shoeId, no, coup(CARD[no % 3]!));

async function setup(trust?: Config['trust']) {
  const b = await startEmbeddedBroker();
  cleanups.push(() => b.close());
  const ctl = await mqtt.connectAsync(b.url, { clientId: `ctl-${Math.random()}`, reconnectPeriod: 100 });
  cleanups.push(() => ctl.endAsync(true));
  const cfg = testBoardConfig(b.url, 'bb-step-', trust ? { trust } : {});
  const { logger, records } = memoryLogger();
  const bridge = new Bridge(cfg, { logger, version: '1.0.0' });
  await bridge.start();
  cleanups.push(() => bridge.stop());
  await until(() => expect(bridge.subscribed).toBe(true));
  return { broker: b, ctl, bridge, records };
}
const send = (ctl: MqttClient, topic: string, text: string, retain = false) =>
  ctl.publishAsync(topic, text, { qos: 1, retain });
const nos = (b: Bridge) => (b.table.shoe ? shoeHands(b.table.shoe).map((h) => h.no) : []);
/** Waits for `ok` and returns how long it took, in ms. */
async function within(ok: () => void, ms: number): Promise<number> {
  const t0 = performance.now();
  await until(ok, ms);
  return performance.now() - t0;
}

describe('out of step, through a real broker', () => {
  test('a gap: out of step at once, back in step when the snapshot fills it; the view and the status say so', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1)));
    await until(() => expect(nos(bridge)).toEqual([1]));
    // Hand 2 never reaches the board, and no snapshot is retained yet: it cannot fill the gap by itself.
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(3)));
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'gap' }), 2000);
    expect(nos(bridge)).toEqual([1]); // the last good picture
    // The retained status says so too (it goes out within a second of a change).
    const peek = () =>
      new Promise<string | null>((resolve) => {
        const c = mqtt.connect(bridge.config.mqtt.brokers[0]!, { clientId: `peek-${Math.random()}` });
        c.on('message', (_t, p) => (c.end(true), resolve(p.toString())));
        c.subscribe(T.displayStatus('D1'));
        setTimeout(() => (c.end(true), resolve(null)), 500);
      });
    let code: string | undefined;
    for (const deadline = Date.now() + 5000; code !== 'gap' && Date.now() < deadline;) {
      const status = parseDisplayStatus((await peek()) ?? '');
      code = status.ok && status.value.state === 'online' ? status.value.outOfStep?.code : undefined;
    }
    expect(code).toBe('gap');
    // The controller republishes its snapshot (as the contract asks): the board takes it live and is in step.
    const snap = snapshot('S1', [hand(1), hand(2), hand(3)], { seq: 10 ** 9 });
    const t = await (async () => {
      await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snap), true);
      return within(() => expect(bridge.view().outOfStep).toBeNull(), 2000);
    })();
    expect(nos(bridge)).toEqual([1, 2, 3]);
    expect(t).toBeLessThan(2000);
  });

  test('a refused hand: out of step; the next valid hand brings it back', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1)));
    await send(ctl, T.tableHand('T1'), '{"v":1,"shoeId":"S1","handNo":2,');
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'rejected' }), 2000);
    expect(bridge.view().outOfStep!.reason).toMatch(/bad-json/);
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(2)));
    await within(() => expect(bridge.view().outOfStep).toBeNull(), 2000);
    expect(nos(bridge)).toEqual([1, 2]);
  });

  test('where signatures are required, junk on the table topics is not the table: refused, never out of step', async () => {
    const key = generateSigningKey();
    const { ctl, bridge } = await setup({
      requireSignatures: true,
      controllerKeys: [publicKeyText(key.publicKey)],
      pitKeys: [],
    });
    const signed = <P extends object>(topic: string, p: P) => signPayload(key, topic, p);
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(signed(T.tableShoe('T1'), snapshot('S1', [hand(1)]))), true);
    await until(() => expect(nos(bridge)).toEqual([1]));
    const junk: [string, string][] = [
      [T.tableHand('T1'), ''],
      [T.tableHand('T1'), '{"v":1,"shoeId":"S1","handNo":2,'],
      [T.tableEvent('T1'), '{"v":1}'],
      [T.tableShoe('T1'), '{"v":2}'],
    ];
    for (const [topic, text] of junk) await send(ctl, topic, text);
    await until(() => expect(bridge.counters.rejected).toBe(junk.length));
    await bridge.settled();
    expect(bridge.view().outOfStep).toBeNull(); // patrons never see "being updated" for it
    await send(ctl, T.tableHand('T1'), makeHandMessage(signed(T.tableHand('T1'), hand(3))));
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'gap' }), 2000); // a result missing still shows
  });

  // The snapshot is what a resync brings back: a malformed retained one was asked for again once a second, for as
  // long as it stayed (a line of log and a resubscription each time, on every board of the table).
  test('a malformed retained snapshot: out of step, asked for again only as the retries back off', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1)));
    await until(() => expect(nos(bridge)).toEqual([1]));
    const before = bridge.counters.resyncs;
    await send(ctl, T.tableShoe('T1'), '{"v":1,"garbage":true}', true);
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'rejected' }), 2000);
    expect(bridge.view().outOfStep!.reason).toMatch(/^a shoe message was refused/);
    await new Promise((r) => setTimeout(r, 6500));
    // Asked again after 2 s and 4 s more (two), not six times; the last good picture kept meanwhile.
    expect(bridge.counters.resyncs - before).toBeLessThanOrEqual(2);
    expect(bridge.counters.resyncs - before).toBeGreaterThanOrEqual(1);
    expect(nos(bridge)).toEqual([1]);
    // The table republishes: in step again.
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [hand(1), hand(2)])), true);
    await within(() => expect(bridge.view().outOfStep).toBeNull(), 4000);
    expect(nos(bridge)).toEqual([1, 2]);
  }, 20_000);

  // A retry's answer, the same conflicting snapshot, left the board without a next retry: it asked once, never again.
  test('a snapshot that disagrees with the board: asked for again and again, backing off', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    for (const no of [1, 2, 3]) await send(ctl, T.tableHand('T1'), makeHandMessage(hand(no)));
    await until(() => expect(nos(bridge)).toEqual([1, 2, 3]));
    const before = bridge.counters.resyncs;
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [hand(1)], { seq: 10 ** 9 })), true);
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'conflict' }), 2000);
    await new Promise((r) => setTimeout(r, 6500));
    expect(bridge.counters.resyncs - before).toBe(2); // after 2 s, then 4 s more
    expect(nos(bridge)).toEqual([1, 2, 3]);
  }, 20_000);

  // An operator's replace dropped the shoe at once: where the broker held no snapshot the board could take (a malformed
  // one retained, or none), patrons saw an empty board until the controller published again, and the fleet said done.
  const replace = (ctl: MqttClient, requestId: string) =>
    send(
      ctl,
      T.displayCommand('D1'),
      makeDisplayCommand({ v: 1, command: 'resync', requestId, timestamp: new Date().toISOString(), replace: true }),
    );
  const answer = (b: Bridge, requestId: string) => {
    const s = b.displayStatus();
    return s.state === 'online' && s.lastCommand?.requestId === requestId ? s.lastCommand : null;
  };
  test.each([
    [
      'a malformed snapshot retained',
      '{"v":1,"garbage":true}',
      /^the table's snapshot was refused \(.*\): the board kept its shoe$/,
    ],
    ['no snapshot retained', null, /^no snapshot of the table came within 5 s: the board kept its shoe$/],
  ])(
    'resync with replace, %s: the board keeps its shoe, and answers not done, with why',
    async (_, retained, why) => {
      const { ctl, bridge } = await setup();
      await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
      for (const no of [1, 2, 3]) await send(ctl, T.tableHand('T1'), makeHandMessage(hand(no)));
      await until(() => expect(nos(bridge)).toEqual([1, 2, 3]));
      if (retained !== null) await send(ctl, T.tableShoe('T1'), retained, true);
      await replace(ctl, 'op-1');
      const shown: number[][] = [];
      bridge.on('view', (v) => shown.push(v.shoe?.rounds.map((r) => r.no) ?? []));
      await until(
        () => expect(answer(bridge, 'op-1')).toMatchObject({ ok: false, error: expect.stringMatching(why) }),
        8000,
      );
      expect(nos(bridge)).toEqual([1, 2, 3]);
      expect(shown.filter((hands) => hands.length < 3)).toEqual([]); // never an empty board meanwhile
    },
    15_000,
  );

  test('resync with replace and a snapshot it can take: shown as the table says, older though it is', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    for (const no of [1, 2, 3]) await send(ctl, T.tableHand('T1'), makeHandMessage(hand(no)));
    await until(() => expect(nos(bridge)).toEqual([1, 2, 3]));
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [hand(1)], { seq: 10 ** 9 })), true);
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'conflict' }), 2000);
    await replace(ctl, 'op-2');
    await until(() => expect(answer(bridge, 'op-2')).toMatchObject({ ok: true }), 4000);
    expect(nos(bridge)).toEqual([1]);
    expect(bridge.view().outOfStep).toBeNull();
  });

  test('a shoe the board cannot take (2 decks): it keeps the last shoe, out of step, until a shoe it can take', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1)));
    await until(() => expect(nos(bridge)).toEqual([1]));
    const twoDecks = { ...event('shoe-start', { shoeId: 'S2', decks: 8 }), decks: 2 };
    await send(ctl, T.tableEvent('T1'), JSON.stringify(twoDecks));
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'rejected' }), 2000);
    expect(bridge.view().outOfStep!.reason).toMatch(/decks/);
    expect(bridge.view().shoe!.id).toBe('S1'); // shown as it was, marked as not current
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S3', decks: 6 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1, 'S3')));
    await within(() => expect(bridge.view().outOfStep).toBeNull(), 2000);
    expect(bridge.view().shoe).toMatchObject({ id: 'S3', decks: 6 });
  });

  test('forged hands for unknown shoes: out of step for a moment, at most one resync a second', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1)));
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [hand(1)], { seq: 10 ** 9 })), true);
    await until(() => expect(nos(bridge)).toEqual([1]));
    const before = bridge.counters.resyncs;
    const t0 = performance.now();
    for (let i = 0; i < 395; i++) void send(ctl, T.tableHand('T1'), makeHandMessage(hand(1, `X${i}`)));
    await until(() => expect(bridge.counters.received).toBeGreaterThanOrEqual(398));
    const seconds = (performance.now() - t0) / 1000;
    expect(bridge.counters.resyncs - before).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    // The retained snapshot comes back and says nothing of those shoes: in step again, still on S1.
    await within(() => expect(bridge.view().outOfStep).toBeNull(), 4000);
    expect(bridge.table.shoe!.id).toBe('S1');
  });

  // A stray hand far ahead (chaos, or forged) that the table's snapshot never brings: before, the board asked for the
  // snapshot once a second, for as long as the table took to reach that hand (12 minutes for hand 30 at hand 1).
  const strayHand = async (stamp: string) => {
    const { ctl, bridge, records } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1)));
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [hand(1)], { seq: 10 ** 9 })), true);
    await until(() => expect(nos(bridge)).toEqual([1]));
    const before = { resyncs: bridge.counters.resyncs, rejected: bridge.counters.rejected };
    await send(ctl, T.tableHand('T1'), makeHandMessage(handMessage('S1', 30, coup(CARDS.banker), stamp)));
    await within(() => expect(bridge.view().outOfStep).toMatchObject({ code: 'gap' }), 2000);
    const took = await within(() => expect(bridge.view().outOfStep).toBeNull(), 12_000);
    expect(nos(bridge)).toEqual([1]);
    expect(bridge.counters.rejected - before.rejected).toBe(1);
    expect(records.find((r) => r.code === 'not-in-snapshot')).toMatchObject({
      reason: expect.stringMatching(
        /^hand 30 of shoe S1 is not in the table's snapshot of .*, made or received after it: .*; set aside$/,
      ),
    });
    // And the table's next hand is taken as usual.
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(2)));
    await until(() => expect(nos(bridge)).toEqual([1, 2]));
    return { took, resyncs: bridge.counters.resyncs - before.resyncs };
  };

  test("a stray hand stamped before the table's snapshot: set aside at the first snapshot", async () => {
    const { took, resyncs } = await strayHand(at(10)); // the retained snapshot is stamped at(31)
    expect(took).toBeLessThan(2000);
    expect(resyncs).toBe(1);
  });

  test('a stray hand stamped after it: kept a moment (the snapshot may lag it), set aside within seconds, asked for as the retries back off', async () => {
    const { took, resyncs } = await strayHand(at(3600));
    expect(took).toBeGreaterThan(4000); // the snapshots of the first 5 s may be older than a real hand
    expect(took).toBeLessThan(10_000);
    expect(resyncs).toBeLessThanOrEqual(3); // at once, then after 2 and 4 s: not once a second
  }, 20_000);

  test('a real hand beyond a gap, before the snapshot that has it: kept, and applied when the gap is filled', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })));
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(1)));
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [hand(1)], { seq: 10 ** 9 })), true);
    await until(() => expect(nos(bridge)).toEqual([1]));
    const resyncs = bridge.counters.resyncs;
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(3))); // hand 2 is late; the snapshot is older than hand 3
    await until(() => expect(bridge.counters.resyncs).toBe(resyncs + 1));
    await new Promise((r) => setTimeout(r, 500)); // the retained snapshot came back, without hand 3
    expect(bridge.view().outOfStep).toMatchObject({ code: 'gap', reason: 'hand 3 waits for the hands before it' });
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(2)));
    await within(() => expect(bridge.view().outOfStep).toBeNull(), 2000);
    expect(nos(bridge)).toEqual([1, 2, 3]);
    expect(bridge.counters.rejected).toBe(0);
  });

  test('a retained message cleared on the broker (an empty payload) is neither a rejection nor a gap', async () => {
    const { ctl, bridge } = await setup();
    await send(ctl, T.tableShoe('T1'), makeShoeSnapshot(snapshot('S1', [hand(1)])), true);
    await until(() => expect(nos(bridge)).toEqual([1]));
    await send(ctl, T.tableShoe('T1'), '', true);
    await send(ctl, T.tableSignage('T1'), '', true);
    await send(ctl, T.tableHand('T1'), makeHandMessage(hand(2)));
    await until(() => expect(nos(bridge)).toEqual([1, 2]));
    expect(bridge.counters.rejected).toBe(0);
    expect(bridge.view().outOfStep).toBeNull();
  });

  test('shutdown is bounded when the broker stops answering: the offline status and the disconnect give up', async () => {
    const { broker, bridge } = await setup();
    // The broker takes the board's publishes but never acknowledges them (hung, or dying).
    broker.aedes.authorizePublish = () => undefined;
    const t0 = performance.now();
    await bridge.stop();
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(7000);
  }, 15_000);
});

describe('pure pieces', () => {
  test('out of step keeps when it began and the newest reason; in step or an operator reset ends it', () => {
    const a = nextOutOfStep(null, { kind: 'gap', reason: 'hand 3 arrived but 2 is next' }, at(1));
    expect(a).toEqual({ code: 'gap', reason: 'hand 3 arrived but 2 is next', since: at(1) });
    const b = nextOutOfStep(a, { kind: 'rejected', reason: 'x'.repeat(400) }, at(5));
    expect(b).toMatchObject({ code: 'rejected', since: at(1) });
    expect(b!.reason.length).toBeLessThanOrEqual(300);
    expect(nextOutOfStep(b, { kind: 'in-step' }, at(6))).toBeNull();
    expect(nextOutOfStep(b, { kind: 'reset' }, at(6))).toBeNull();
    expect(nextOutOfStep(a, { kind: 'gap', reason: a!.reason }, at(9))).toBe(a);
  });

  test('resyncs: at once, then at most one per interval however many are asked; retries back off while out of step', () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const runs: string[] = [];
      const r = new Resyncs((reason) => runs.push(reason), {
        minIntervalMs: 1000,
        retryMinMs: 2000,
        retryMaxMs: 8000,
        now: () => now,
      });
      r.request('a');
      for (let i = 0; i < 100; i++) r.request(`b${i}`);
      expect(runs).toEqual(['a']);
      now = 1000;
      vi.advanceTimersByTime(1000);
      expect(runs).toEqual(['a', 'b99']);
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const before = runs.length;
        r.keepTrying('still');
        let waited = 0;
        while (runs.length === before) {
          now += 500;
          waited += 500;
          vi.advanceTimersByTime(500);
        }
        waits.push(waited);
      }
      expect(waits).toEqual([2000, 4000, 8000, 8000]);
      r.inStep();
      r.keepTrying('again');
      now += 2000;
      vi.advanceTimersByTime(2000);
      expect(runs.at(-1)).toBe('still out of step: again');
      r.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
