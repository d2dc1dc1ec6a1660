import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../cli/main';
import { parseSimulateArgs, simulateCommand, type SimulateEnv } from '../cli/simulate-command';
import { memoryIo } from '../cli/test-io';
import { topics } from '../contract/topics';
import { collect, startAedes, type TestBroker } from './test-brokers';

const t = topics('baccarat');

async function run(args: string[]) {
  const m = memoryIo();
  const code = await main(args, m.io);
  return { code, out: m.out(), err: m.err() };
}

/** An environment whose Ctrl-C the test presses. */
function testEnv() {
  let interrupt: (() => void) | null = null;
  const env: SimulateEnv = {
    onInterrupt: (stop) => {
      interrupt = stop;
      return () => (interrupt = null);
    },
    randomSeed: () => 'random-seed',
    now: () => new Date('2024-11-22T14:05:09Z'),
  };
  return { env, interrupt: () => interrupt?.() };
}

describe('baccarat-board simulate: options', () => {
  const base = ['simulate', '--broker', 'mqtt://localhost:1883', '--tables', 'T1'];
  test.each([
    [['simulate', '--tables', 'T1'], /--broker URL is required/],
    [['simulate', '--broker', 'mqtt://localhost'], /--tables is required/],
    [['simulate', '--broker', 'localhost:1883', '--tables', 'T1'], /must be mqtt:\/\//],
    [['simulate', '--broker', 'http://localhost', '--tables', 'T1'], /must be mqtt:\/\//],
    [['simulate', '--broker', 'not a url', '--tables', 'T1'], /is not a URL/],
    [['simulate', '--broker', 'mqtt://localhost', '--tables', 'T1,T/2'], /'T\/2' is not a table id/],
    [['simulate', '--broker', 'mqtt://localhost', '--tables', 'T1,,T2'], /'' is not a table id/],
    [['simulate', '--broker', 'mqtt://localhost', '--tables', 'T1,T1'], /'T1' is given twice/],
    [[...base, '--speed', 'fast'], /--speed must be a number ≥ 0 or 'max'/],
    [[...base, '--speed', '-2'], /--speed/],
    [[...base, '--shoes', '0'], /--shoes must be a whole number from 1/],
    [[...base, '--shoes', '2.5'], /--shoes/],
    [[...base, '--decks', '9'], /--decks must be a whole number from 4 to 8/],
    [[...base, '--decks', '3'], /--decks/],
    [[...base, '--cut-card', '19'], /--cut-card must be a whole number from 20/],
    [[...base, '--cut-card', '30-22'], /the minimum is above the maximum/],
    [[...base, '--cut-card', '20-22-24'], /N or MIN-MAX/],
    [[...base, '--irregularities', '1.5'], /--irregularities must be a rate from 0 to 1/],
    [[...base, '--irregularities', 'lots'], /--irregularities/],
    [[...base, '--root', 'a/#'], /--root: .*wildcard/],
    [[...base, '--password', 'secret'], /--password needs --username/],
    [[...base, '--protocol-version', '3'], /--protocol-version must be 4/],
    [[...base, 'extra'], /unexpected argument 'extra'/],
    [[...base, '--fast'], /Unknown option '--fast'/],
    [[...base, '--seed', ''], /--seed must not be empty/],
  ])('%j exits 2 with a clear message and the usage', async (args, message) => {
    const { code, err, out } = await run(args);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err).toContain('Usage: baccarat-board simulate');
    expect(out).toBe('');
  });

  test('--help prints the usage; the command is listed', async () => {
    expect(await run(['simulate', '--help'])).toMatchObject({
      code: 0,
      out: expect.stringContaining('--irregularities RATE'),
    });
    expect((await run(['help'])).out).toMatch(/simulate\s+table controllers dealing/);
  });

  test('good options read as documented', () => {
    expect(
      parseSimulateArgs([
        ...base.slice(1),
        '--speed',
        'max',
        '--shoes',
        '3',
        '--decks',
        '6',
        '--cut-card',
        '22-24',
        '--no-bet-coups',
        '--irregularities',
        '0',
        '--username',
        'u',
        '--password',
        'p',
        '--protocol-version',
        '5',
      ]),
    ).toEqual({
      broker: 'mqtt://localhost:1883',
      tables: ['T1'],
      speed: 0,
      seed: null,
      shoes: 3,
      decks: 6,
      cutCardFromBack: [22, 24],
      noBetCoups: true,
      irregularities: 0,
      root: 'baccarat',
      username: 'u',
      password: 'p',
      protocolVersion: 5,
      quiet: false,
    });
    expect(parseSimulateArgs(base.slice(1))).toMatchObject({
      speed: 1,
      shoes: Infinity,
      decks: 8,
      irregularities: 0.02,
    });
  });
});

describe('baccarat-board simulate: runs', () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startAedes();
  });
  afterAll(async () => {
    await broker.close();
  });

  test('two tables, one shoe each at speed max: a line per notable step, both shoes published, exit 0', async () => {
    const sub = await collect(broker.url, t.filter('event'));
    const m = memoryIo();
    const { env } = testEnv();
    const args = [
      '--broker',
      broker.url,
      '--tables',
      'C1,C2',
      '--speed',
      'max',
      '--shoes',
      '1',
      '--irregularities',
      '0.1',
    ];
    const code = await simulateCommand(args, m.io, env);
    expect(m.err()).toBe('');
    expect(code).toBe(0);
    const out = m.out();
    expect(out).toMatch(/^simulating C1, C2 on mqtt:\/\/127\.0\.0\.1:\d+: seed random-seed, 8 decks, speed max/);
    for (const table of ['C1', 'C2']) {
      expect(out).toContain(`[${table}] shoe S20241122-140509-1: start, 8 decks`);
      expect(out).toMatch(new RegExp(`\\[${table}\\] shoe S20241122-140509-1: burn \\w+ face up, \\d+ face down`));
      expect(out).toMatch(new RegExp(`\\[${table}\\] shoe S20241122-140509-1: "Last coup", hand \\d+`));
      expect(out).toMatch(new RegExp(`\\[${table}\\] shoe S20241122-140509-1: end, \\d+ hands`));
      await sub.until((x) => x.topic === t.tableEvent(table) && x.text.includes('"table-closed"'));
    }
    expect(out).toMatch(/mis-keyed as .* corrected by supervisor-|"No bets this hand"/);
    expect(out.trimEnd().split('\n').at(-1)).toBe('done');
    await sub.close();
  });

  test('--quiet prints nothing; the same --seed deals the same shoe', async () => {
    const shoeOf = async (table: string) => {
      const sub = await collect(broker.url, t.table(table));
      const m = memoryIo();
      const args = [
        '--broker',
        broker.url,
        '--tables',
        table,
        '--speed',
        'max',
        '--shoes',
        '1',
        '--seed',
        'same',
        '--quiet',
      ];
      expect(await simulateCommand(args, m.io, testEnv().env)).toBe(0);
      expect(m.out()).toBe('');
      await sub.until((x) => x.topic === t.tableEvent(table) && x.text.includes('"table-closed"'));
      await sub.close();
      return sub.messages
        .filter((x) => x.topic === t.tableHand(table))
        .map((x) => JSON.parse(x.text))
        .map(({ outcome, cards, handNo }) => ({ outcome, cards, handNo }));
    };
    // Each table has its own stream (seed/table), so compare one table with itself across two runs.
    const first = await shoeOf('Q1');
    expect(first.length).toBeGreaterThan(60);
    const again = await shoeOf('Q1');
    expect(again).toEqual(first);
  });

  test('Ctrl-C stops a real-time run: offline status published, exit 0', async () => {
    const sub = await collect(broker.url, t.controllerStatus('I1'));
    const m = memoryIo();
    const { env, interrupt } = testEnv();
    const running = simulateCommand(['--broker', broker.url, '--tables', 'I1'], m.io, env);
    await sub.until((x) => x.text.includes('"online"'));
    interrupt();
    expect(await running).toBe(0);
    await sub.until((x) => x.text.includes('"offline"'));
    expect(m.out()).toContain('stopping: publishing offline status');
    expect(m.out().trimEnd().split('\n').at(-1)).toBe('stopped');
    await sub.close();
  });

  test('an unreachable broker: exit 1 with the reason', async () => {
    const m = memoryIo();
    const code = await simulateCommand(
      ['--broker', 'mqtt://127.0.0.1:1', '--tables', 'U1', '--quiet'],
      m.io,
      testEnv().env,
    );
    expect(code).toBe(1);
    expect(m.err()).toMatch(/^baccarat-board simulate: cannot connect to mqtt:\/\/127\.0\.0\.1:1: /);
  });
});
