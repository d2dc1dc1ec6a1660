/**
 * A board killed with SIGKILL at random moments (a child process, test/fixtures/bridge-child.ts, against an Aedes
 * broker in this process) comes back with exactly the hands it had acknowledged or shown, none doubled, and then
 * catches up from its persistent session. And the journal's torn or corrupt records: skipped, reported, and
 * appended after correctly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, test } from 'vitest';
import { shoeHands } from '../baccarat/shoe';
import { makeHandMessage, makeTableEvent, makeTableSignage } from '../contract/mqtt';
import { topics } from '../contract/topics';
import { CARDS, coup, event, handMessage, signage } from '../test/helpers/table-messages';
import { Bridge } from './bridge';
import { type Config, defaultConfig } from './config';
import { startEmbeddedBroker } from './embedded-broker';
import { replayJournal } from './journal';
import { memoryLogger } from './log';
import { emptyTableState, type TableState } from './table-state';
import { cleanupList, tempDir } from '../test/helpers/lifecycle';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'bridge-child.ts');
const T = topics('baccarat');

const cleanups = cleanupList();

const tmp = tempDir;

/** A small seeded generator, so that a failure names the moments that made it fail. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n;
  };
}

function config(url: string | null, dir: string): Config {
  const c = defaultConfig();
  return {
    ...c,
    tableId: 'T1',
    displayId: 'D1',
    mqtt: {
      ...c.mqtt,
      brokers: url ? [url] : [],
      clientId: 'board-kill-D1',
      reconnectMinMs: 100,
      reconnectMaxMs: 400,
    },
    journal: { dir, syncIntervalMs: 0 },
  };
}

const CARD_OF: Record<string, string> = { B: CARDS.banker, P: CARDS.player, T: CARDS.tie };
const patternOf = (no: number) => 'BPBBTPPBTB'[no % 10]!;
const handOf = (no: number, shoeId = 'S1') => handMessage(shoeId, no, coup(CARD_OF[patternOf(no)]!));
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
const nosOf = (state: TableState) => (state.shoe ? shoeHands(state.shoe).map((h) => h.no) : []);

interface Ev {
  readonly ev: string;
  readonly [k: string]: unknown;
}

interface Child {
  readonly proc: ChildProcess;
  readonly events: Ev[];
  /** The highest hand number the board printed as shown. */
  shown(): number;
  until(match: (e: Ev) => boolean, ms?: number): Promise<Ev>;
  dump(): Promise<{ table: TableState; counters: Bridge['counters'] }>;
  stop(): Promise<void>;
  kill(): Promise<void>;
  stderr(): string;
}

function spawnChild(cfg: Config): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: ROOT,
    env: { ...process.env, BRIDGE_CHILD_CONFIG: JSON.stringify(cfg) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: Ev[] = [];
  const waiters: { match: (e: Ev) => boolean; resolve: (e: Ev) => void }[] = [];
  let err = '';
  let shown = 0;
  let buffer = '';
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  proc.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const e = JSON.parse(line) as Ev;
      events.push(e);
      if (e.ev === 'shown') shown = Math.max(shown, e.last as number);
      for (const w of [...waiters]) {
        if (w.match(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    }
  });
  const kill = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  };
  cleanups.push(kill);
  const until = (match: (e: Ev) => boolean, ms = 10_000): Promise<Ev> => {
    const seen = events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `child: no matching event within ${ms} ms; events ${JSON.stringify(events.slice(-5))}; stderr ${err}`,
            ),
          ),
        ms,
      );
      waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  };
  return {
    proc,
    events,
    shown: () => shown,
    until,
    async dump() {
      const from = events.length;
      proc.stdin!.write('dump\n');
      const e = await until((x) => x.ev === 'dump' && events.indexOf(x) >= from);
      return e as unknown as { table: TableState; counters: Bridge['counters'] };
    },
    async stop() {
      proc.stdin!.write('stop\n');
      await until((x) => x.ev === 'stopped');
      await exited;
    },
    kill,
    stderr: () => err,
  };
}

const connected = (e: Ev) => e.ev === 'conn' && e.state === 'connected';
const shownAtLeast = (n: number) => (e: Ev) => e.ev === 'shown' && (e.last as number) >= n;

/** The hand numbers of the journal's hand records, in file order (every record whole and checked by replay). */
function journaledHands(path: string): number[] {
  const nos: number[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const json = line.slice(9);
    try {
      const r = JSON.parse(json) as { m?: { kind: string; payload: { handNo: number } } };
      if (r.m?.kind === 'hand') nos.push(r.m.payload.handNo);
    } catch {
      // torn or corrupt: replay reports it
    }
  }
  return nos;
}

describe('a board killed with SIGKILL', () => {
  test('comes back with exactly the hands it acknowledged or showed, none doubled, then catches up', async () => {
    const seed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
    const random = rng(seed);
    const why = `(KILL_SEED=${seed})`;
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const dir = tmp('bb-kill-');
    const cfg = config(broker.url, dir);
    const journal = join(dir, 'T1.journal');

    // What the board acknowledged (PUBACK) to the broker: the journal must hold at least these.
    const acked = new Set<number>();
    broker.aedes.on('ack', (packet, client) => {
      if (client?.id !== cfg.mqtt.clientId || !packet || !('topic' in packet) || packet.topic !== T.tableHand('T1'))
        return;
      acked.add((JSON.parse(String(packet.payload)) as { handNo: number }).handNo);
    });

    const ctl: MqttClient = await mqtt.connectAsync(broker.url, { clientId: 'ctl-kill', reconnectPeriod: 100 });
    cleanups.push(() => ctl.endAsync(true));
    let published = 0;
    const publishTo = async (to: number) => {
      while (published < to)
        await ctl.publishAsync(T.tableHand('T1'), makeHandMessage(handOf(++published)), { qos: 1 });
    };

    /** After a kill: the journal replays to hands 1..m, with m ≥ every hand shown or acknowledged. */
    const afterKill = (child: Child) => {
      const replayed = replayJournal(journal, emptyTableState('T1'));
      const nos = nosOf(replayed.state);
      const m = nos.length;
      expect(nos, `contiguous from 1 ${why}`).toEqual(range(1, m));
      expect(m, `every shown hand kept ${why}`).toBeGreaterThanOrEqual(child.shown());
      for (const no of acked) expect(no, `acknowledged hand ${no} kept ${why}`).toBeLessThanOrEqual(m);
      expect(m).toBeLessThanOrEqual(published);
      const journaled = journaledHands(journal);
      expect(new Set(journaled).size, `no hand journaled twice ${why}`).toBe(journaled.length);
      // A kill between two writes leaves whole records; only the last one can be torn.
      expect(replayed.skipped.every((s) => /torn/.test(s.reason))).toBe(true);
      return { nos, state: replayed.state };
    };

    // Its first connection: wait for its subscriptions to be in place (a new session has none before them).
    const subscribed = new Promise<void>((r) =>
      broker.aedes.on('subscribe', (_subs, client) => {
        if (client?.id === cfg.mqtt.clientId) r();
      }),
    );
    let child = spawnChild(cfg);
    await child.until(connected);
    await subscribed;
    await ctl.publishAsync(T.tableEvent('T1'), makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 })), {
      qos: 1,
    });

    // Killed right after showing hand k, for a few random k; the controller keeps dealing while it is down.
    let k = 0;
    for (let i = 0; i < 3; i++) {
      k = published + 1 + Math.floor(random(6));
      await publishTo(k);
      await child.until(shownAtLeast(k));
      await child.kill();
      const { nos, state } = afterKill(child);
      expect(nos, `nothing more was published ${why}`).toEqual(range(1, k));
      await publishTo(k + 2);
      if (i === 1) {
        // Restarted without a broker: it shows its journal, the same board.
        const offline = spawnChild(config(null, dir));
        await offline.until((e) => e.ev === 'ready');
        const { table } = await offline.dump();
        expect(JSON.stringify(table)).toBe(JSON.stringify(state));
        await offline.kill();
      }
      // Restarted with the broker (same clientId, clean: false): it catches up from its session.
      child = spawnChild(cfg);
      await child.until(shownAtLeast(k + 2));
      const { table } = await child.dump();
      expect(nosOf(table), why).toEqual(range(1, k + 2));
    }

    // Killed in the middle of a burst of pipelined hands.
    const before = published;
    const burstTo = published + 150;
    const burst = Promise.all(
      range(before + 1, burstTo).map((no) =>
        ctl.publishAsync(T.tableHand('T1'), makeHandMessage(handOf(no)), { qos: 1 }),
      ),
    );
    published = burstTo;
    const killAt = before + 5 + Math.floor(random(40));
    await child.until(shownAtLeast(killAt));
    await child.kill();
    const { nos } = afterKill(child);
    const keptAtKill = nos.length;
    await burst;

    // Restarted on the journal and the session: every hand, once, in order.
    child = spawnChild(cfg);
    await child.until(shownAtLeast(burstTo), 15_000);
    const { table, counters } = await child.dump();
    expect(nosOf(table), why).toEqual(range(1, burstTo));
    expect(
      shoeHands(table.shoe!)
        .map((h) => h.hand.outcome[0]!.toUpperCase())
        .join(''),
    ).toBe(range(1, burstTo).map(patternOf).join(''));
    expect(counters.rejected).toBe(0);
    expect(counters.resyncs, `no gap: the session had everything ${why}`).toBe(0);
    // Journaled-but-unacknowledged hands come again and are ignored as duplicates: never doubled.
    const journaled = journaledHands(journal);
    expect(journaled).toEqual(range(1, burstTo));
    await child.stop();
    expect(JSON.stringify(replayJournal(journal, emptyTableState('T1')).state)).toBe(JSON.stringify(table));
    expect(keptAtKill).toBeGreaterThanOrEqual(killAt);
    // Six child boards started (each loads TypeScript): 14-27 s on a 2-core machine as the suite runs beside it.
  }, 60_000);
});

describe('torn and corrupt journal records', () => {
  const T1 = topics('baccarat');
  const bytes = (s: string) => Buffer.from(s);

  async function board(dir: string) {
    const { logger, records } = memoryLogger();
    const bridge = new Bridge(config(null, dir), { logger });
    await bridge.start();
    cleanups.push(() => bridge.stop());
    return { bridge, records };
  }

  function feed(bridge: Bridge, from: number, to: number) {
    for (const no of range(from, to)) bridge.onMessage(T1.tableHand('T1'), bytes(makeHandMessage(handOf(no))));
  }

  test('a torn last record is skipped and reported; the next board appends on a new line after it', async () => {
    const dir = tmp('bb-torn-');
    const a = await board(dir);
    a.bridge.onMessage(T1.tableEvent('T1'), bytes(makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 }))));
    feed(a.bridge, 1, 4);
    await a.bridge.stop();
    const path = a.bridge.journalPath;
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    // The process died half way through writing hand 4.
    const last = lines.at(-2)!;
    truncateSync(path, Buffer.byteLength(text) - 1 - Math.floor(last.length / 2));

    const replayed = replayJournal(path, emptyTableState('T1'));
    expect(nosOf(replayed.state)).toEqual([1, 2, 3]);
    expect(replayed.records).toBe(4);
    // Line 1 is the journal's header (its format's version), then the shoe start and hands 1 to 4.
    expect(replayed.skipped).toEqual([{ line: 6, reason: expect.stringMatching(/^torn last record/) }]);

    // A new board on it: it reports the torn record, shows hands 1-3, and takes hand 4 again, then 5.
    const b = await board(dir);
    expect(nosOf(b.bridge.table)).toEqual([1, 2, 3]);
    expect(b.records.filter((r) => r.msg === 'journal record skipped')).toMatchObject([
      { line: 6, reason: expect.stringMatching(/torn/) },
    ]);
    feed(b.bridge, 4, 5);
    await b.bridge.stop();

    const after = readFileSync(path, 'utf8').split('\n');
    expect(after[5]).toBe(last.slice(0, last.length - Math.floor(last.length / 2))); // the torn bytes, alone
    expect(after[6]).toMatch(/^[0-9a-f]{8} \{"t":/); // the next record starts on its own line
    expect(after.at(-1)).toBe('');
    const again = replayJournal(path, emptyTableState('T1'));
    expect(nosOf(again.state)).toEqual([1, 2, 3, 4, 5]);
    expect(again.skipped).toEqual([{ line: 6, reason: expect.stringMatching(/corrupt/) }]);

    const c = await board(dir);
    expect(JSON.stringify(c.bridge.table)).toBe(JSON.stringify(again.state));
  });

  test('a corrupt record in the middle (one byte flipped) is skipped and reported; the rest replays', async () => {
    const dir = tmp('bb-corrupt-');
    const a = await board(dir);
    a.bridge.onMessage(T1.tableEvent('T1'), bytes(makeTableEvent(event('shoe-start', { shoeId: 'S1', decks: 8 }))));
    feed(a.bridge, 1, 2);
    a.bridge.onMessage(T1.tableSignage('T1'), bytes(makeTableSignage(signage(2))));
    feed(a.bridge, 3, 4);
    a.bridge.onMessage(T1.tableSignage('T1'), bytes(makeTableSignage(signage(3, { tableName: 'Jade 9' }))));
    await a.bridge.stop();
    const live = JSON.stringify(a.bridge.table);
    const path = a.bridge.journalPath;
    const original = readFileSync(path);
    expect(replayJournal(path, emptyTableState('T1')).skipped).toEqual([]);

    // Flip one byte inside record 4 (the first signs, line 5 after the header): its checksum no longer matches.
    const lines = original.toString('utf8').split('\n');
    const offset = lines.slice(0, 4).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0) + lines[4]!.indexOf('Jade');
    const flipped = Buffer.from(original);
    flipped[offset] = flipped[offset]! ^ 0x01;
    writeFileSync(path, flipped);
    const r = replayJournal(path, emptyTableState('T1'));
    expect(r.skipped).toEqual([{ line: 5, reason: expect.stringMatching(/corrupt/) }]);
    expect(r.records).toBe(6);
    expect(nosOf(r.state)).toEqual([1, 2, 3, 4]); // the records after it replay
    expect(r.state.signage?.revision).toBe(3);
    expect(JSON.stringify(r.state)).toBe(live); // revision 3 replaced revision 2 anyway

    // A flipped checksum digit, and a flipped byte in the last record: the same.
    const digit = Buffer.from(original);
    const at = lines.slice(0, 3).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0); // record 3 (hand 2), line 4
    digit[at] = digit[at] === 0x30 ? 0x31 : 0x30;
    writeFileSync(path, digit);
    const d = replayJournal(path, emptyTableState('T1'));
    expect(d.skipped).toEqual([{ line: 4, reason: expect.stringMatching(/corrupt/) }]);
    // Hand 2 is missing, so hands 3 and 4 are a gap the reducer will not apply: the board keeps hand 1 and will
    // resync from the broker's retained snapshot once it hears of the gap.
    expect(nosOf(d.state)).toEqual([1]);

    // A board started on the corrupt journal reports it and goes on.
    writeFileSync(path, flipped);
    const b = await board(dir);
    expect(b.records.filter((x) => x.msg === 'journal record skipped')).toMatchObject([
      { line: 5, reason: expect.stringMatching(/corrupt/) },
    ]);
    feed(b.bridge, 5, 5);
    expect(nosOf(b.bridge.table)).toEqual([1, 2, 3, 4, 5]);
  });
});
