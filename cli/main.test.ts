import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { main } from './main';
import { memoryIo } from './test-io';

async function run(args: string[], stdin: string | null = null) {
  const m = memoryIo(stdin);
  const code = await main(args, m.io);
  return { code, out: m.out(), err: m.err() };
}

// Found by casino IT: `help fleet` printed the tool's help, not fleet's.
describe('baccarat-board help COMMAND', () => {
  test.each(['fleet', 'history', 'signage', 'serve'])(
    "help %s prints that command's help, as --help does",
    async (name) => {
      const asked = await run(['help', name]);
      expect(asked.code).toBe(0);
      const own = await run([name, '--help']);
      expect(asked.out).toBe(own.out);
      expect(asked.out).toMatch(new RegExp(`baccarat-board ${name}`));
    },
  );

  test('an unknown one is said, with the commands', async () => {
    const r = await run(['help', 'flet']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^baccarat-board: unknown command 'flet'/);
  });
});

describe('baccarat-board roads', () => {
  test('--json prints the documented shape', async () => {
    const { code, out } = await run(['roads', '--json', 'BBPPPBTBPPBBBBBBBBP']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(Object.keys(j)).toEqual(['beadPlate', 'bigRoad', 'bigEyeBoy', 'smallRoad', 'cockroachPig', 'ask', 'stats']);
    expect(j.beadPlate[6]).toMatchObject({ col: 1, row: 0, outcome: 'tie' });
    expect(j.bigRoad[5]).toMatchObject({ col: 2, row: 0, outcome: 'banker', ties: 1 });
    expect(j.bigEyeBoy[0]).toMatchObject({ col: 0, row: 0, colour: 'red' });
    expect(j.ask.banker).toMatchObject({ bigEyeBoy: 'blue', smallRoad: 'blue', cockroachPig: 'blue' });
    expect(j.ask.player).toMatchObject({ bigEyeBoy: 'red', smallRoad: 'red', cockroachPig: 'red' });
    expect(j.stats).toMatchObject({
      hands: 19,
      banker: 12,
      player: 6,
      tie: 1,
      bankerPair: 0,
      playerPair: 0,
      natural: 0,
    });
  });

  test('a shoe of ties only: one big-road entry, outcome tie, carrying the count; ask null', async () => {
    const j = JSON.parse((await run(['roads', '--json', 'TTT'])).out);
    expect(j.bigRoad).toEqual([expect.objectContaining({ col: 0, row: 0, outcome: 'tie', ties: 3 })]);
    expect(j.ask.banker).toMatchObject({ bigEyeBoy: null, smallRoad: null, cockroachPig: null });
  });

  test('--tail drop changes the big road only', async () => {
    const shoe = 'BBBBBBBBPPPPPPPPPBPPPPPPPBPPBBBBBB';
    const stay = JSON.parse((await run(['roads', '--json', shoe])).out);
    const drop = JSON.parse((await run(['roads', '--json', '--tail', 'drop', shoe])).out);
    expect(drop.bigRoad).not.toEqual(stay.bigRoad);
    expect(drop.bigEyeBoy.map((c: { colour: string }) => c.colour)).toEqual(
      stay.bigEyeBoy.map((c: { colour: string }) => c.colour),
    );
  });

  test('text grids', async () => {
    const { code, out } = await run(['roads', 'BPPT']);
    expect(code).toBe(0);
    expect(out).toContain('Bead plate');
    expect(out).toMatch(/r1 +\. +P\/1/);
    expect(out).toMatch(/if Banker next: (red|blue) - -/);
  });

  test('standard input: one answer line per shoe, errors in place, exit 2', async () => {
    const { code, out, err } = await run(['roads', '--json'], 'BP\nBXP\n\nTTB\n');
    expect(code).toBe(2);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[1]!)).toEqual({ error: "line 2, position 2: 'X' is not B, P or T (Banker, Player, Tie)" });
    expect(JSON.parse(lines[2]!).stats.hands).toBe(0);
    expect(JSON.parse(lines[3]!).bigRoad[0]).toMatchObject({ outcome: 'banker', ties: 2 });
    expect(err).toContain('line 2, position 2');
  });

  test('standard input without --json: one readable line per shoe', async () => {
    const { out } = await run(['roads'], 'BP\nBPP\n');
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('big eye boy: b');
  });

  test.each([
    [['roads', 'BPZ'], "position 3: 'Z' is not B, P or T"],
    [['roads', '--tail', 'sideways', 'B'], '--tail must be stay or drop'],
    [['roads', 'P(3-9)'], 'contradicts its points 3-9'],
    [['roads', '--bogus'], "Unknown option '--bogus'"],
    [['nope'], "unknown command 'nope'"],
    [['flet'], "unknown command 'flet' (did you mean fleet?)"],
    [['help', 'sigange'], "unknown command 'sigange' (did you mean signage?)"],
  ])('%j is refused with exit 2', async (args, message) => {
    const { code, err } = await run(args);
    expect(code).toBe(2);
    expect(err).toContain(message);
  });

  test("an unknown option of a command that takes words: named, without Node's advice to pass it after --", async () => {
    const { code, err } = await run(['fleet', 'list', '--broker', 'mqtt://127.0.0.1:1', '--tabel', 'T1']);
    expect(code).toBe(2);
    expect(err.split('\n')[0]).toBe("baccarat-board fleet: Unknown option '--tabel' (did you mean --table?)");
  });

  test('a usage error says what is wrong over the usage lines, not over the whole help', async () => {
    const { code, err } = await run(['signage', '--broker', 'mqtt://127.0.0.1:1', '--table', 'T1', 'set', 'min=1']);
    expect(code).toBe(2);
    const lines = err.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^baccarat-board signage: --reason: /);
    expect(err).toContain('Usage: baccarat-board signage --broker URL [--table ID] show');
    expect(err).not.toContain('Keys:'); // the rest of the help: under --help
    expect(lines.at(-1)).toBe("Run 'baccarat-board signage --help' for its options.");
    expect(lines.length).toBeLessThan(12);
  });
});

describe('baccarat-board deal', () => {
  test('--json prints the documented shape', async () => {
    const { code, out } = await run(['deal', '--json', '9H', 'KD', '3S', '2C', '8D', '10S']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(Object.keys(j)).toEqual(['coups', 'remaining', 'void']);
    expect(j.coups[0]).toMatchObject({
      player: { cards: ['9H', '3S', '8D'], points: 0 },
      banker: { cards: ['KD', '2C', '10S'], points: 2 },
      outcome: 'banker',
      natural: false,
      playerPair: false,
      bankerPair: false,
    });
    expect(j.remaining).toEqual([]);
    expect(j.void).toBe(false);
  });

  test('tens are written back as the input wrote them', async () => {
    const j = JSON.parse((await run(['deal', '--json', 'TS', 'TH', '7C', '7D'])).out);
    expect(j.coups[0].player.cards).toEqual(['TS', '7C']);
    expect(j.coups[0].banker).toMatchObject({ cards: ['TH', '7D'], points: 7 });
    expect(j.coups[0].outcome).toBe('tie');
  });

  test('a round that runs out of cards is void, its cards left over', async () => {
    const j = JSON.parse((await run(['deal', '--json', '4H 9D 3C KS', '2S', '2H', '2D'])).out);
    expect(j.coups).toHaveLength(1);
    expect(j.remaining).toEqual(['2S', '2H', '2D']);
    expect(j.void).toBe(true);
  });

  test('pairs and naturals', async () => {
    // Player 4H 4S = 8, Banker 9D 9C = 8: both naturals, both pairs, a tie.
    const j = JSON.parse((await run(['deal', '--json', '4H', '9D', '4S', '9C'])).out);
    expect(j.coups[0]).toMatchObject({ outcome: 'tie', natural: true, playerPair: true, bankerPair: true });
    expect(j.coups[0].player.pairKind).toBe('mixed');
  });

  test('text output', async () => {
    const { out } = await run(['deal', '9H KD 3S 2C 8D TS 4H']);
    expect(out).toContain('Coup 1: Player 9H 3S 8D = 0 | Banker KD 2C TS = 2 -> Banker wins 2-0');
    expect(out).toContain('Remaining: 4H');
    expect(out).toContain('Void');
  });

  test('a bad card is refused with its position, exit 2', async () => {
    const { code, err } = await run(['deal', '9H', 'KD', 'ZZ']);
    expect(code).toBe(2);
    expect(err).toContain("card 3 'ZZ'");
  });

  test('standard input: one line per sequence', async () => {
    const { out } = await run(['deal', '--json'], '4H 9D 3C KS\nAS AH\n');
    const lines = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].coups).toHaveLength(1);
    expect(lines[1]).toEqual({ coups: [], remaining: ['AS', 'AH'], void: true });
  });
});

describe('the installed command', () => {
  const exec = promisify(execFile);
  test('bin/baccarat-board.mjs runs, reads standard input and sets the exit status', async () => {
    const bin = new URL('../bin/baccarat-board.mjs', import.meta.url).pathname;
    const child = exec(process.execPath, [bin, 'roads', '--json']);
    child.child.stdin!.end('BPP\n');
    const { stdout } = await child;
    expect(JSON.parse(stdout).bigEyeBoy).toEqual([expect.objectContaining({ colour: 'blue' })]);
    await expect(exec(process.execPath, [bin, 'roads', 'BQ'])).rejects.toMatchObject({ code: 2 });
  });
});
