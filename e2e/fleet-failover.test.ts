/**
 * A floor on a bridged pair of real Mosquitto brokers (issue 16), small enough for CI: 20 tables × 2 boards, every
 * board and controller given both brokers. The broker they are all on is killed (SIGKILL) mid-shoe, three times,
 * alternately A, B, A, and brought back; the controllers keep dealing. After each failover every board shows exactly
 * its table's truth (the controller's snapshot: no hand lost or doubled), never went backwards, and still shows the
 * signs at their revision without a warning; once the killed broker is back, both brokers hold every table's sign
 * and snapshot, retained. Then the same floor on one broker restarted (a reconnection storm): every board current
 * again. Correctness is asserted, timing only printed (`npm run bench -- fleet` gives the figures at full size).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { makeCasinoSignage, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { retainedOn, startBrokerPair, type BrokerPair } from '../test/helpers/broker-pair';
import { startFleet, type Fleet } from '../test/helpers/fleet';
import { until } from '../test/helpers/lifecycle';
import { mosquittoMissing, startMosquitto, type Mosquitto } from '../test/helpers/mosquitto';
import { casino, signage } from '../test/helpers/table-messages';

const missing = mosquittoMissing();
const T = topics('baccarat');
let pair: BrokerPair | null = null;
let single: Mosquitto | null = null;
let fleet: Fleet | null = null;

afterEach(async () => {
  await fleet?.stop();
  await pair?.close();
  await single?.close();
  fleet = null;
  pair = null;
  single = null;
});

/** Every board shows its table's truth, connected and in step, within 10 s; and none ever went backwards. */
async function everyBoardCurrent(f: Fleet, what: string): Promise<number> {
  const ms = await f.untilCurrent(10_000);
  expect(f.lagging(), what).toEqual([]);
  expect(
    f.boards.flatMap((b) => b.backwards),
    what,
  ).toEqual([]);
  return ms!;
}

/**
 * Both brokers hold every table's sign and snapshot (the controller's last), and the casino sign, retained, within
 * 5 s: the bridge carries the last snapshot to the other broker a moment after the boards on this one have it (in CI
 * one check found the other broker a snapshot behind, the round's opening not yet across).
 */
async function retainedOnBoth(f: Fleet, p: BrokerPair, what: string): Promise<void> {
  await until(() => retainedOnBothNow(f, p, what), 5000);
}

async function retainedOnBothNow(f: Fleet, p: BrokerPair, what: string): Promise<void> {
  for (const url of p.urls) {
    const got = await retainedOn(url, [T.filter('signage'), T.filter('shoe'), T.casinoSignage()]);
    expect(got.get(T.casinoSignage()), `${what}: casino sign on ${url}`).toBe(
      makeCasinoSignage(casino(f.signRevision)),
    );
    for (const sim of f.controllers) {
      const sign = makeTableSignage(signage(f.signRevision, { tableName: `Table ${sim.tableId}` }));
      expect(got.get(T.tableSignage(sim.tableId)), `${what}: sign of ${sim.tableId} on ${url}`).toBe(sign);
      const shoe = got.get(T.tableShoe(sim.tableId));
      expect(shoe && JSON.parse(shoe), `${what}: snapshot of ${sim.tableId} on ${url}`).toEqual(f.truth(sim.tableId));
    }
  }
}

/** The broker most clients are on now (all of them, after a failover). */
function brokerInUse(f: Fleet, p: BrokerPair): 'a' | 'b' {
  const ports = [...f.controllers.map((s) => s.client.options.port)];
  const onA = ports.filter((port) => port === p.a.port).length;
  return onA * 2 >= ports.length ? 'a' : 'b';
}

describe.skipIf(missing)(`a floor of boards on real brokers${missing ? ` (${missing})` : ''}`, () => {
  test('a bridged pair, the broker in use killed mid-shoe 3 times: nothing lost or doubled, signs intact', async () => {
    pair = await startBrokerPair();
    const p = pair;
    fleet = await startFleet({ brokers: p.urls, tables: 20, boardsPerTable: 2, seed: 'ci-pair' });
    const f = fleet;
    for (let i = 0; i < 12; i++) await f.deal(); // into the shoe's first rounds
    await everyBoardCurrent(f, 'before any failover');
    const resumes: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const which = brokerInUse(f, p);
      const t0 = performance.now();
      await p[which].kill();
      await f.deal(); // the table goes on: its controller fails over to publish it
      await everyBoardCurrent(f, `failover ${round} (${which} killed)`);
      resumes.push(performance.now() - t0);
      expect(brokerInUse(f, p), 'every controller moved to the other broker').not.toBe(which);
      await p[which].restart();
      await p.bridgeUp();
      for (let i = 0; i < 4; i++) await f.deal();
      await everyBoardCurrent(f, `after failover ${round}, ${which} back`);
      await retainedOnBoth(f, p, `after failover ${round}`);
    }
    const hands = f.controllers.reduce((n, s) => n + (s.messenger.snapshot()?.hands.length ?? 0), 0);
    console.log(
      `bridged pair, 20 tables × 2 boards: 3 failovers, every board resumed in ${resumes.map((ms) => Math.round(ms)).join(', ')} ms ` +
        `(kill → the next step shown by all); ${hands} hands dealt, none lost or doubled`,
    );
    expect(hands).toBeGreaterThan(0);
  }, 60_000);

  test('one broker restarted under a floor (a reconnection storm, with jitter): every board current again', async () => {
    single = await startMosquitto();
    const broker = single;
    fleet = await startFleet({ brokers: [broker.url], tables: 20, boardsPerTable: 2, seed: 'ci-storm' });
    const f = fleet;
    for (let i = 0; i < 6; i++) await f.deal();
    await everyBoardCurrent(f, 'before the restart');
    const t0 = performance.now();
    await broker.restart();
    await f.deal();
    await everyBoardCurrent(f, 'after the restart');
    console.log(
      `one broker restarted under 20 tables × 2 boards: every board current after ${Math.round(performance.now() - t0)} ms`,
    );
  }, 60_000);
});
