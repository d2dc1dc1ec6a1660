import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../cli/main';
import {
  awayText,
  parseSimulateArgs,
  ratesText,
  simulateCommand,
  tableOptions,
  type SimulateEnv,
} from '../cli/simulate-command';
import { memoryIo } from '../cli/test-io';
import { topics } from '../contract/topics';
import { CHAOS_RATES, chaosTableOptions } from './chaos';
import { DEFAULT_CUT_CARD_FROM_BACK } from './dealer';
import { IRREGULARITY_KINDS, irregularityRates } from './irregularities';
import { connectController, controllerVersion } from './controller-link';
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
    [['simulate', '--broker', 'localhost:1883', '--tables', 'T1'], /'localhost:1883' is not a broker URL: .*mqtt:\/\//],
    [['simulate', '--broker', 'http://localhost', '--tables', 'T1'], /scheme 'http:\/\/', which is not MQTT's/],
    [['simulate', '--broker', 'not a url', '--tables', 'T1'], /'not a url' is not a broker URL/],
    [['simulate', '--broker', 'mqtt://a:1883,b:1883', '--tables', 'T1'], /'b:1883' is not a broker URL/],
    [['simulate', '--broker', 'mqtt://a:1883,', '--tables', 'T1'], /'' is not a broker URL/],
    [['simulate', '--broker', 'mqtt://', '--tables', 'T1'], /'mqtt:\/\/' has no host: write it as mqtt:\/\/HOST:PORT/],
    [['simulate', '--broker', 'mqtt://:1883', '--tables', 'T1'], /'mqtt:\/\/:1883' has no host/],
    [
      ['simulate', '--broker', 'mqtt://h:70000', '--tables', 'T1'],
      /port '70000': a port is a whole number from 1 to 65535/,
    ],
    [['simulate', '--broker', 'mqtt://localhost', '--tables', 'T1,T/2'], /'T\/2' is not a table id/],
    [['simulate', '--broker', 'mqtt://localhost', '--tables', 'T1,,T2'], /'' is not a table id/],
    [['simulate', '--broker', 'mqtt://localhost', '--tables', 'T1,T1'], /'T1' is given twice/],
    [[...base, '--speed', 'fast'], /--speed must be a number ≥ 0 or 'max'/],
    [[...base, '--speed', '-2'], /--speed/],
    [[...base, '--shoes', '0'], /--shoes must be a whole number from 1, got '0'\n/],
    // A negative number is the flag's value, refused in the command's words (Node's parser: "argument is ambiguous").
    [[...base, '--speed', '-1'], /--speed must be a number ≥ 0 or 'max', got '-1'/],
    [[...base, '--shoes', '-2'], /--shoes must be a whole number from 1, got '-2'/],
    [[...base, '--no-bet-coups', '-1'], /--no-bet-coups must be a whole number from 0 to 20, got '-1'/],
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
    [[...base, '--decks', '4,9'], /--decks must be a whole number from 4 to 8, got '9'/],
    [[...base, '--decks', '4,,6'], /--decks must be a whole number/],
    [[...base, '--no-bet-coups', '21'], /--no-bet-coups must be a whole number from 0 to 20/],
    [[...base, '--no-bet-coups', 'x'], /unexpected argument 'x'/],
    [[...base, '--irregularity', 'voidAfter'], /--irregularity must be KIND=RATE/],
    [[...base, '--irregularity', 'voidafter=0.1'], /'voidafter' is not one of exposedCard, misKey/],
    [[...base, '--irregularity', 'foreignCard=2'], /--irregularity foreignCard must be a rate from 0 to 1/],
    [[...base, '--cut-card-case', 'c'], /--cut-card-case must be a or b/],
    [[...base, '--chaos', '--decks', '6'], /--chaos sets its own shoes and irregularities: drop --decks/],
    [[...base, '--chaos', '--irregularity', 'misKey=0'], /drop --irregularity/],
  ])('%j exits 2 with a clear message and the usage', async (args, message) => {
    const { code, err, out } = await run(args);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err).toContain('Usage: baccarat-board simulate');
    expect(out).toBe('');
  });

  test('--help prints the usage; the command is listed', async () => {
    const help = await run(['simulate', '--help']);
    expect(help.code).toBe(0);
    for (const flag of [
      '--irregularities RATE',
      '--irregularity KIND=RATE',
      '--no-bet-coups [N]',
      '--no-betting-events',
      '--decks N[,M...]',
      '--cut-card-case a|b',
      '--chaos',
    ])
      expect(help.out).toContain(flag);
    for (const kind of IRREGULARITY_KINDS) expect(help.out).toMatch(new RegExp(`^ +${kind} +per `, 'm'));
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
      brokers: ['mqtt://localhost:1883'],
      tables: ['T1'],
      speed: 0,
      seed: null,
      shoes: 3,
      decks: [6],
      cutCardFromBack: [22, 24],
      cutCardCase: null,
      noBetCoups: 3,
      irregularities: irregularityRates(0),
      bettingEvents: true,
      chaos: false,
      root: 'baccarat',
      username: 'u',
      password: 'p',
      protocolVersion: 5,
      quiet: false,
      takeOver: false,
    });
    expect(
      parseSimulateArgs(['--broker', 'mqtt://a:1883, mqtts://b:8883', '--tables', 'T1']),
      'a bridged pair: failover on each reconnection',
    ).toMatchObject({ brokers: ['mqtt://a:1883', 'mqtts://b:8883'] });
    expect(parseSimulateArgs(base.slice(1))).toMatchObject({
      speed: 1,
      shoes: Infinity,
      decks: [8],
      noBetCoups: 0,
      irregularities: irregularityRates(0.02),
      bettingEvents: true,
    });
    expect(parseSimulateArgs([...base.slice(1), '--take-over'])).toMatchObject({ takeOver: true });
  });

  // The password was --password's only: on the command line, where ps shows it. As the keypad's, from the environment.
  test('the MQTT password from $BACCARAT_MQTT_PASSWORD; --password wins; without --username the variable is named', () => {
    const env = { BACCARAT_MQTT_PASSWORD: 'from-the-environment' };
    expect(parseSimulateArgs([...base.slice(1), '--username', 'T1'], env)).toMatchObject({
      username: 'T1',
      password: 'from-the-environment',
    });
    expect(parseSimulateArgs([...base.slice(1), '--username', 'T1', '--password', 'typed'], env)).toMatchObject({
      password: 'typed',
    });
    expect(parseSimulateArgs(base.slice(1), {})).not.toHaveProperty('password');
    expect(() => parseSimulateArgs(base.slice(1), env)).toThrow(
      'the MQTT password comes from $BACCARAT_MQTT_PASSWORD (set in this environment), and needs --username: give ' +
        'the simulated tables their user name, or unset BACCARAT_MQTT_PASSWORD',
    );
  });

  test('the modes of real tables: decks in turn, no-bet coups, per-kind rates, no betting events, cut card case', () => {
    const parsed = parseSimulateArgs([
      ...base.slice(1),
      '--decks',
      '8,6,4',
      '--no-bet-coups',
      '6',
      '--irregularities',
      '0.01',
      '--irregularity',
      'voidAfter=0.05',
      '--irregularity',
      'cutCardMissed=0',
      '--no-betting-events',
      '--cut-card-case',
      'a',
    ]);
    expect(parsed).toMatchObject({
      decks: [8, 6, 4],
      noBetCoups: 6,
      irregularities: { ...irregularityRates(0.01), voidAfter: 0.05, cutCardMissed: 0 },
      bettingEvents: false,
      cutCardCase: 'a',
    });
    if (parsed === 'help') throw new Error('help');
    const options = tableOptions(parsed, 's', (n) => `S${n}`);
    expect(options).toMatchObject({ decks: 8, perShoe: [{ decks: 8 }, { decks: 6 }, { decks: 4 }], noBetCoups: 6 });
    expect(ratesText(parsed.irregularities)).toBe(
      'exposedCard 0.01, misKey 0.01, voidAfter 0.05, foreignCard 0.01, outOfTurn 0.01',
    );
    // The bare flag is the three of house rule 3.1.2, wherever it stands; a number after it is its value.
    for (const args of [['--no-bet-coups'], ['--no-bet-coups', '--quiet'], ['--no-bet-coups=3']])
      expect(parseSimulateArgs([...args, ...base.slice(1)])).toMatchObject({ noBetCoups: 3 });
    expect(parseSimulateArgs([...base.slice(1), '--no-bet-coups', '0'])).toMatchObject({ noBetCoups: 0 });
  });

  test('--chaos: the chaos table of the end-to-end test, with the seed and shoes given', () => {
    const parsed = parseSimulateArgs([...base.slice(1), '--chaos', '--shoes', '3']);
    if (parsed === 'help') throw new Error('help');
    expect(parsed).toMatchObject({ chaos: true, irregularities: CHAOS_RATES });
    const { shoeId, ...options } = tableOptions(parsed, 'x', (n) => `S${n}`);
    expect(options).toEqual({ ...chaosTableOptions('x', 3), cutCardFromBack: DEFAULT_CUT_CARD_FROM_BACK });
    expect(shoeId?.(2)).toBe('S2');
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

  test('a real table: irregularities of each kind, 4 decks, 6 no-bet coups, no betting events', async () => {
    const sub = await collect(broker.url, t.tableEvent('R1'));
    const m = memoryIo();
    const args = [
      ...['--broker', broker.url, '--tables', 'R1', '--speed', 'max', '--shoes', '1', '--seed', 'real'],
      ...['--decks', '4', '--no-bet-coups', '6', '--no-betting-events', '--irregularities', '0'],
      ...['--irregularity', 'voidAfter=0.2', '--irregularity', 'foreignCard=0.2', '--irregularity', 'outOfTurn=0.2'],
    ];
    expect(await simulateCommand(args, m.io, testEnv().env)).toBe(0);
    const out = m.out();
    expect(out).toMatch(
      /seed real, 4 decks, speed max, irregularities voidAfter 0.2, foreignCard 0.2, outOfTurn 0.2, 6 no-bet coups, no betting events, 1 shoe\(s\)/,
    );
    expect(out).toContain('declared void after its result');
    expect(out).toContain('a card not of the set found (tournament rule 5.1.1)');
    expect(out).toContain('a card dealt out of turn (house rule 4.3)');
    await sub.until((x) => x.text.includes('"table-closed"'));
    const types = sub.messages.map((x) => JSON.parse(x.text).type as string);
    expect(types.filter((type) => type === 'void-hand').length).toBeGreaterThanOrEqual(6);
    expect(types).not.toContain('betting-open');
    expect(types).not.toContain('no-more-bets');
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

  test('a broker restart: one line as the link drops, one when it is back with how long it was away', async () => {
    let restarted = await startAedes();
    const m = memoryIo();
    const { env, interrupt } = testEnv();
    const running = simulateCommand(['--broker', restarted.url, '--tables', 'K1', '--quiet'], m.io, env);
    const first = await collect(restarted.url, t.controllerStatus('K1'));
    await first.until((x) => x.text.includes('"online"'));
    await first.close();
    await restarted.close();
    await until(() => m.err().includes('lost the broker'));
    restarted = await startAedes(Number(new URL(restarted.url).port));
    const again = await collect(restarted.url, t.controllerStatus('K1'));
    await again.until((x) => x.text.includes('"online"'));
    await until(() => m.err().includes('back on the broker'));
    interrupt();
    expect(await running).toBe(0);
    const lines = m
      .err()
      .split('\n')
      .filter((l) => /lost the broker|back on the broker/.test(l));
    expect(lines).toEqual([
      `baccarat-board simulate: [K1] lost the broker ${restarted.url}: reconnecting by itself`,
      expect.stringMatching(
        new RegExp(
          `^baccarat-board simulate: \\[K1\\] back on the broker ${restarted.url} after \\d+(\\.\\d)? s away$`,
        ),
      ),
    ]);
    await again.close();
    await restarted.close();
  });

  test("a table a dealer's keypad serves is refused before anything is published: exit 2, naming table, controller and --take-over", async () => {
    const keypad = await connectController({
      broker: broker.url,
      tableId: 'H1',
      version: controllerVersion('keypad', '0.1.0'),
    });
    const subs = await Promise.all(['H0', 'H1'].map((table) => collect(broker.url, t.table(table))));
    await subs[1]?.until((x) => x.text.includes('"online"'));
    const m = memoryIo();
    const args = ['--broker', broker.url, '--tables', 'H0,H1', '--speed', 'max', '--shoes', '1'];
    expect(await simulateCommand(args, m.io, testEnv().env)).toBe(2);
    expect(m.out()).toBe('');
    expect(m.err()).toMatch(
      /^baccarat-board simulate: table H1 is served by a dealer's keypad \(controller ctl-H1, keypad 0\.1\.0, online at \d{4}-.*\): nothing was published\. Check --broker and --tables; .* add --take-over\n$/,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(subs[0]?.messages).toEqual([]);
    expect(subs[1]?.messages.map((x) => JSON.parse(x.text) as { version: string; state: string })).toEqual([
      expect.objectContaining({ version: 'keypad 0.1.0', state: 'online' }),
    ]);
    expect(keypad.client.connected).toBe(true);

    // Its offline status (a clean stop, as a last will says it too) leaves the table free.
    await keypad.stop();
    const again = memoryIo();
    expect(
      await simulateCommand(['--tables', 'H1', ...args.slice(0, 2), ...args.slice(4)], again.io, testEnv().env),
    ).toBe(0);
    expect(again.err()).toBe('');
    await subs[1]?.until((x) => x.text.includes('"table-closed"'));
    await Promise.all(subs.map((sub) => sub.close()));
  });

  test("--take-over deals on a table another controller serves, another simulator's online status among them", async () => {
    const client = await connectAsync(broker.url, { reconnectPeriod: 0 });
    const online = (version: string, table: string) =>
      client.publishAsync(
        t.controllerStatus(table),
        JSON.stringify({
          v: 1,
          state: 'online',
          controllerId: `ctl-${table}`,
          version,
          timestamp: '2025-01-01T10:00:00.000Z',
        }),
        { qos: 1, retain: true },
      );
    await online('keypad 0.1.0', 'H2');
    await online('1.2.3', 'H3');
    await online('simulator 0.1.0', 'H4'); // another simulator, live (a stopped one says offline)
    const run = async (...extra: string[]) => {
      const m = memoryIo();
      const code = await simulateCommand(
        ['--broker', broker.url, '--speed', 'max', '--shoes', '1', '--quiet', ...extra],
        m.io,
        testEnv().env,
      );
      return { code, err: m.err() };
    };
    const refused = await run('--tables', 'H3');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('table H3 is served by a table controller (a card-reading shoe');
    // A bridged pair whose first broker is down: the status is read from the next.
    const pair = memoryIo();
    const pairArgs = ['--broker', `mqtt://127.0.0.1:1,${broker.url}`, '--tables', 'H3', '--quiet'];
    expect(await simulateCommand(pairArgs, pair.io, testEnv().env)).toBe(2);
    expect(pair.err()).toContain('table H3 is served by');
    expect(await run('--tables', 'H2', '--take-over')).toEqual({ code: 0, err: '' });
    const simulator = await run('--tables', 'H4');
    expect(simulator.code).toBe(2);
    expect(simulator.err).toContain('table H4 is served by another table simulator, running now (controller ctl-H4');
    expect(await run('--tables', 'H4', '--take-over')).toEqual({ code: 0, err: '' });
    await client.endAsync();
  });

  test('a second simulator on a table a live simulator serves is refused, exit 2, naming it; the first one stopped, it deals', async () => {
    const sub = await collect(broker.url, t.controllerStatus('H5'));
    const first = testEnv();
    const running = simulateCommand(['--broker', broker.url, '--tables', 'H5', '--quiet'], memoryIo().io, first.env);
    await sub.until((x) => x.text.includes('"tableOpen":true'));
    await new Promise((r) => setTimeout(r, 300));
    const before = sub.messages.length;
    const second = memoryIo();
    const args = ['--broker', broker.url, '--tables', 'H5', '--speed', 'max', '--shoes', '1', '--quiet'];
    expect(await simulateCommand(args, second.io, testEnv().env)).toBe(2);
    expect(second.err()).toMatch(
      /^baccarat-board simulate: table H5 is served by another table simulator, running now \(controller ctl-H5, simulator \S+, online at \d{4}-.*\): nothing was published\. .* add --take-over \(a simulator that stopped says offline.*\)\n$/,
    );
    // Nothing of the second run reached the table: no status of its own, the first's still online.
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.messages.length).toBe(before);
    expect(sub.messages.at(-1)?.text).toContain('"online"');
    // Stopped, the first says offline: its table is free for the next run.
    first.interrupt();
    expect(await running).toBe(0);
    await sub.until((x) => x.text.includes('"offline"'));
    const third = memoryIo();
    expect(await simulateCommand(args, third.io, testEnv().env)).toBe(0);
    expect(third.err()).toBe('');
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

/** Waits until `check` holds (polled), or fails after `ms`. */
async function until(check: () => boolean, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > end) throw new Error(`not so within ${ms} ms`);
}

test.each([
  [400, '0.4 s'],
  [12_300, '12 s'],
  [185_000, '3 min 5 s'],
  [2 * 3600_000 + 14 * 60_000 + 9_000, '2 h 14 min'],
])('awayText(%d) = %s', (ms, text) => expect(awayText(ms)).toBe(text));
